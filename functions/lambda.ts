/**
 * Builds a route's Lambda handler at cold start: reads exactly the settings
 * its route's resources need (failing with the full list of what is missing).
 * Each entry file wires only the AWS services its route uses, so its bundle
 * holds only those SDK clients.
 */
import { API_ROUTES, type RouteName } from '../shared/routes';
import { type Settings, readSettings, settingNamesForRoute } from './config';
import { type BaseDeps, baseDeps } from './deps';
import type { LambdaHttpHandler } from './http/handler';
import { createLog } from './logging';

export function lambdaEntry<Deps>(
  name: RouteName,
  makeHandler: (deps: Deps) => LambdaHttpHandler,
  wire: (settings: Partial<Settings>, base: BaseDeps) => Deps,
): LambdaHttpHandler {
  const route = API_ROUTES.find((candidate) => candidate.name === name);
  if (!route) throw new Error(`No route named ${name}`);
  const settings = readSettings(process.env, settingNamesForRoute(route));
  return makeHandler(wire(settings, baseDeps(settings, createLog())));
}
