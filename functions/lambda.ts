/**
 * Builds a route's Lambda handler at cold start: fetches secret settings
 * named by ARN, reads exactly the settings its route's resources need
 * (failing with the full list of what is missing), and wires only the AWS
 * services its entry asks for, so each bundle holds only those SDK clients.
 */
import { API_ROUTES, type RouteName } from '../shared/routes';
import { type Settings, readSettings, settingNamesForRoute } from './config';
import { type BaseDeps, baseDeps } from './deps';
import type { LambdaHttpHandler } from './http/handler';
import { createLog } from './logging';
import { withSecrets } from './secrets';

export function lambdaEntry<Deps>(
  name: RouteName,
  makeHandler: (deps: Deps) => LambdaHttpHandler,
  wire: (settings: Partial<Settings>, base: BaseDeps) => Deps,
): LambdaHttpHandler {
  const route = API_ROUTES.find((candidate) => candidate.name === name);
  if (!route) throw new Error(`No route named ${name}`);
  const ready = withSecrets(process.env).then((env) => {
    const settings = readSettings(env, settingNamesForRoute(route));
    return makeHandler(wire(settings, baseDeps(settings, createLog())));
  });
  // The first invocation reports a failed start; this only keeps it from being an unhandled rejection before then.
  ready.catch(() => undefined);
  return async (event) => (await ready)(event);
}
