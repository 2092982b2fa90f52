/**
 * Builds a route's Lambda handler: fetches secret settings named by ARN
 * (cached, see secrets.ts), reads exactly the settings its route's resources
 * need (failing with the full list of what is missing), and wires only the
 * AWS services its entry asks for, so each bundle holds only those SDK
 * clients. The handler is built at cold start and again only when a secret's
 * value has changed (a rotation).
 */
import type { Context } from 'aws-lambda';
import { API_ROUTES, type RouteName } from '../../shared/routes';
import { type SettingName, type Settings, readSettings, settingNamesForRoute } from './config';
import { type BaseDeps, baseDeps } from './deps';
import { type LambdaHttpHandler, unexpectedFailure } from './http/handler';
import { errorResponse } from './http/response';
import { createLog } from './logging';
import { type SecretReader, readFromSecretsManager, secretsKey, withSecrets } from './secrets';

export type LambdaEntry = (event: Parameters<LambdaHttpHandler>[0], context?: Context) => ReturnType<LambdaHttpHandler>;

export interface SettingsSource {
  env?: Record<string, string | undefined>;
  readSecret?: SecretReader;
}

/**
 * What a function makes of its settings (its handler), with secret settings
 * named by ARN filled in from Secrets Manager: made on the first call and
 * again only when a secret's value has changed (a rotation).
 */
export function madeFromSettings<T>(
  names: readonly SettingName[],
  make: (settings: Partial<Settings>) => T,
  source: SettingsSource = {},
): () => Promise<T> {
  const env = source.env ?? process.env;
  let made: { key: string; value: T } | undefined;
  return async () => {
    const filled = await withSecrets(env, source.readSecret ?? readFromSecretsManager);
    const key = secretsKey(filled);
    if (made?.key !== key) made = { key, value: make(readSettings(filled, names)) };
    return made.value;
  };
}

export function lambdaEntry<Deps>(
  name: RouteName,
  makeHandler: (deps: Deps) => LambdaHttpHandler,
  wire: (settings: Partial<Settings>, base: BaseDeps) => Deps,
  options: SettingsSource = {},
): LambdaEntry {
  const route = API_ROUTES.find((candidate) => candidate.name === name);
  if (!route) throw new Error(`No route named ${name}`);
  const log = createLog();
  const current = madeFromSettings(
    settingNamesForRoute(route),
    (settings) => makeHandler(wire(settings, baseDeps(settings, log))),
    options,
  );
  // Cold start: read the secrets and build while the runtime initialises; a failure is met again on the first call.
  current().catch(() => undefined);

  return async (event, context) => {
    if (context) log.addLambdaContext(context);
    try {
      return await (
        await current()
      )(event);
    } catch (error) {
      // A failed start (say, Secrets Manager briefly unreachable) is tried again on the next call.
      return errorResponse(unexpectedFailure(log, error));
    }
  };
}
