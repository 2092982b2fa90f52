/**
 * Where CloudFront serves the API on the site origin. Every path of the route
 * table is under the prefix (checked here), so one behaviour and one edge rate
 * rule cover them all.
 */
import { API_ROUTES } from '../shared/routes';
import { type ApiRoute, type RouteName } from '../shared/route-names';

export const API_PATH_PREFIX = '/api/';
/** The CloudFront path pattern of the API behaviour. */
export const API_PATH_PATTERN = `${API_PATH_PREFIX}*`;

const outside = API_ROUTES.filter((route) => !route.path.startsWith(API_PATH_PREFIX));
if (outside.length > 0)
  throw new Error(`Routes outside ${API_PATH_PREFIX}: ${outside.map((route) => route.path).join(', ')}`);

export function routeNamed(name: RouteName): ApiRoute {
  const route = API_ROUTES.find((candidate) => candidate.name === name);
  if (!route) throw new Error(`No route ${name}`);
  return route;
}
