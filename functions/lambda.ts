/**
 * Builds a route's Lambda handler at cold start: fetches secret settings
 * named by ARN, reads exactly the settings its route's resources need
 * (failing with the full list of what is missing), and wires only the AWS
 * services its entry asks for, so each bundle holds only those SDK clients.
 */
import { API_ROUTES, type RouteName } from '../shared/routes';
import { type Settings, readSettings, settingNamesForRoute } from './config';
import { type BaseDeps, baseDeps } from './deps';
import { type LambdaHttpHandler, unexpectedFailure } from './http/handler';
import { errorResponse } from './http/response';
import { createLog } from './logging';
import { withSecrets } from './secrets';

export function lambdaEntry<Deps>(
  name: RouteName,
  makeHandler: (deps: Deps) => LambdaHttpHandler,
  wire: (settings: Partial<Settings>, base: BaseDeps) => Deps,
): LambdaHttpHandler {
  const route = API_ROUTES.find((candidate) => candidate.name === name);
  if (!route) throw new Error(`No route named ${name}`);
  const start = () =>
    withSecrets(process.env).then((env) => {
      const settings = readSettings(env, settingNamesForRoute(route));
      return makeHandler(wire(settings, baseDeps(settings, createLog())));
    });
  let ready = start();
  // Until the first invocation awaits it, a failed start must not count as an unhandled rejection.
  ready.catch(() => undefined);
  return async (event) => {
    try {
      return await (await ready)(event);
    } catch (error) {
      // A failed start (say, Secrets Manager briefly unreachable) is tried again on the next call,
      // instead of leaving this warm instance broken.
      ready = start();
      ready.catch(() => undefined);
      return errorResponse(unexpectedFailure(createLog(), error));
    }
  };
}
