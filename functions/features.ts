/**
 * The one index of the features: each feature folder's `routes.ts` declares
 * its Lambda functions (functions/platform/declarations.ts), and this list is where the
 * local server, the CDK stack and the bundles' entries (functions/bundling/bundling.ts)
 * find them. Adding a feature is an import and an entry here
 * (docs/adding-a-feature.md lists every other place it touches).
 */
import { ROUTE_NAMES, type RouteName } from '../shared/routes';
import * as accounts from './accounts/routes';
import * as audit from './audit/routes';
import * as conversation from './conversation/routes';
import * as dashboard from './dashboard/routes';
import type { BackgroundDeclaration, FunctionDeclaration, RouteDeclaration } from './platform/declarations';
import type { AppDeps } from './deps';
import * as enquiries from './enquiries/routes';
import * as exportsFeature from './exports/routes';
import type { LambdaHttpHandler } from './platform/http/handler';
import * as intake from './intake/routes';
import * as mail from './mail/routes';
import * as merging from './merging/routes';
import * as packages from './packages/routes';
import * as privacy from './privacy/routes';
import * as spam from './spam/routes';
import * as tags from './tags/routes';
import * as translation from './translation/routes';
import * as visitor from './visitor/routes';
import * as work from './work/routes';

export const FEATURES = {
  intake,
  mail,
  enquiries,
  merging,
  spam,
  work,
  tags,
  exports: exportsFeature,
  privacy,
  accounts,
  packages,
  dashboard,
  audit,
  visitor,
  conversation,
  translation,
} as const;

export type FeatureName = keyof typeof FEATURES;

type Features = typeof FEATURES;

/** The routes whose handler asks for a dependency AppDeps does not have, as `feature.export` (none, or this does not compile). */
type RoutesAppDepsDoNotFit = {
  [Feature in keyof Features]: {
    [Export in keyof Features[Feature]]: Features[Feature][Export] extends RouteDeclaration<infer Deps>
      ? AppDeps extends Deps
        ? never
        : `${Feature}.${Export & string}`
      : never;
  }[keyof Features[Feature]];
}[keyof Features];

/** A compile-time check that the local stack, which wires every store (AppDeps), can build every route's handler. */
export const EVERY_ROUTE_FITS_APP_DEPS: [RoutesAppDepsDoNotFit] extends [never] ? true : RoutesAppDepsDoNotFit = true;

/** A function's declaration, with where it is declared: its feature folder and the name it is exported under. */
export interface DeclaredFunction {
  feature: FeatureName;
  exportName: string;
  declaration: FunctionDeclaration;
}

export const DECLARED_FUNCTIONS: readonly DeclaredFunction[] = Object.entries(FEATURES).flatMap(
  ([feature, declarations]) =>
    Object.entries(declarations as Record<string, FunctionDeclaration>).map(([exportName, declaration]) => ({
      feature: feature as FeatureName,
      exportName,
      declaration,
    })),
);

/** The declaration of an API route's function. */
export function routeDeclaration(name: RouteName): RouteDeclaration {
  const found = DECLARED_FUNCTIONS.find(
    ({ declaration }) => declaration.kind === 'route' && declaration.name === name,
  )?.declaration;
  if (found?.kind !== 'route') throw new Error(`No feature declares the route ${name}`);
  return found;
}

/** The declaration of a scheduled job's or a worker's function. */
export function backgroundDeclaration(name: string): BackgroundDeclaration {
  const found = DECLARED_FUNCTIONS.find(
    ({ declaration }) => declaration.kind === 'background' && declaration.name === name,
  )?.declaration;
  if (found?.kind !== 'background') throw new Error(`No feature declares the background function ${name}`);
  return found;
}

/** Each route's handler factory by route name: the local server builds every one on the stack's dependencies. */
export const HANDLER_FACTORIES = Object.fromEntries(
  ROUTE_NAMES.map((name) => [name, routeDeclaration(name).makeHandler]),
) as Record<RouteName, (deps: AppDeps) => LambdaHttpHandler>;
