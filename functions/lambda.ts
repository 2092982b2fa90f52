/**
 * Builds a route's Lambda handler at cold start: reads exactly the settings
 * its route's resources need (failing with the full list of what is missing)
 * and wires the real AWS adapters.
 */
import { API_ROUTES, type RouteName } from '../shared/routes';
import { readSettings, settingNamesForRoute } from './config';
import { type AppDeps, createDeps } from './deps';
import type { LambdaHttpHandler } from './http/handler';
import { createLog } from './logging';

export function lambdaEntry(name: RouteName, makeHandler: (deps: AppDeps) => LambdaHttpHandler): LambdaHttpHandler {
  const route = API_ROUTES.find((candidate) => candidate.name === name);
  if (!route) throw new Error(`No route named ${name}`);
  const settings = readSettings(process.env, settingNamesForRoute(route));
  return makeHandler(createDeps(settings, {}, createLog()));
}
