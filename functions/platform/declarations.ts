/**
 * How a feature declares its Lambda functions, each once, beside its code:
 * an API route (its method, path, access, roles and resources are the wire
 * contract's, in shared/routes.ts, under the same name) with its function's
 * sizing, its handler factory and what its Lambda function is wired from; or
 * a background function (a scheduled job, a worker) with its sizing and its
 * handler. functions/features.ts lists every feature's declarations, and the
 * local server, the CDK stack and the bundles' entries (functions/bundling/bundling.ts)
 * all read them there.
 *
 * Each declaration is made by a call marked pure, so a bundle whose entry
 * names one declaration of a feature leaves the others (and their handlers
 * and adapters) out.
 */
import type { Context } from 'aws-lambda';
import type { RouteName } from '../../shared/routes';
import type { ResourceUse } from '../../shared/resources';
import { type Settings, settingNamesFor } from './config';
import { type BaseDeps, baseDeps } from './deps';
import type { LambdaHttpHandler } from './http/handler';
import { type LambdaEntry, type SettingsSource, lambdaEntry, madeFromSettings } from './lambda';
import { createLog } from './logging';

/** Memory and time of a function. An API route stays under API Gateway's 30 s integration limit. */
export interface FunctionSizing {
  memoryMiB: number;
  timeoutSeconds: number;
}

export interface RouteDeclaration<Deps = never> {
  kind: 'route';
  name: RouteName;
  sizing: FunctionSizing;
  /** The route's handler on the dependencies it names: the local server and the unit tests build it on all of them (functions/features.ts checks each fits). */
  makeHandler: (deps: Deps) => LambdaHttpHandler;
  /** The Lambda function's handler, wired with only what the route uses: its bundle's entry calls this. */
  lambdaHandler: () => LambdaEntry;
}

/** A scheduled job or a background worker: not called over HTTP. */
export interface BackgroundDeclaration {
  kind: 'background';
  name: string;
  sizing: FunctionSizing;
  lambdaHandler: () => (event: never, context?: Context) => Promise<unknown>;
}

/** Any route's declaration (`never`: whatever its handler is built from) or a background function's. */
export type FunctionDeclaration = RouteDeclaration | BackgroundDeclaration;

/** What a route's function is made of: its handler factory, and the dependencies a Lambda function of it is wired with. */
export interface RouteDefinition<Deps> {
  name: RouteName;
  sizing: FunctionSizing;
  makeHandler: (deps: Deps) => LambdaHttpHandler;
  wire: (settings: Partial<Settings>, base: BaseDeps) => Deps;
}

/**
 * Declares a route's function. That every dependency the handler asks for is
 * among those the local stack wires (AppDeps), so the local server can build
 * it too, is checked where the features are listed (functions/features.ts):
 * the platform knows no feature's stores.
 */
export function declareRoute<Deps>(definition: RouteDefinition<Deps>): RouteDeclaration<Deps> {
  const { name, sizing, makeHandler, wire } = definition;
  return { kind: 'route', name, sizing, makeHandler, lambdaHandler: () => lambdaEntry(name, makeHandler, wire) };
}

export function declareBackground<Event>(
  name: string,
  sizing: FunctionSizing,
  lambdaHandler: () => (event: Event, context?: Context) => Promise<unknown>,
): BackgroundDeclaration {
  return { kind: 'background', name, sizing, lambdaHandler: lambdaHandler as BackgroundDeclaration['lambdaHandler'] };
}

/**
 * A background function's handler, made from the settings the resources it
 * uses need (secret ones from Secrets Manager, as a route's) and its base
 * dependencies; it notes each invocation's Lambda context in its log.
 */
export function backgroundHandler<Event>(
  uses: ResourceUse,
  make: (settings: Partial<Settings>, base: BaseDeps) => (event: Event) => Promise<unknown>,
  source?: SettingsSource,
): (event: Event, context?: Context) => Promise<unknown> {
  const log = createLog();
  const current = madeFromSettings(
    settingNamesFor(uses),
    (settings) => make(settings, baseDeps(settings, log)),
    source,
  );
  return async (event, context) => {
    if (context) log.addLambdaContext(context);
    return (await current())(event);
  };
}
