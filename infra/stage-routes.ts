/**
 * The API routes a stage deploys, each with the declared function that answers
 * it and the feature it belongs to: the feature names the nested stack its
 * function and method are made in (infra/constructs/api/route-group.ts), so a
 * route stays in its stack when other features gain routes. By default the
 * route table (shared/routes.ts) with each route's own declaration
 * (functions/features.ts).
 */
import { DECLARED_FUNCTIONS, type FeatureName } from '../functions/features';
import { API_ROUTES, type ApiRoute, type RouteName } from '../shared/routes';

export interface StageRoute {
  /** The route table's entry: its name (the function's construct id), method, path, access and what it uses. */
  route: ApiRoute;
  /** The declared function that answers it (its bundle and sizing): the route's own name in the route table. */
  entryName: RouteName;
  /** The feature whose nested stack holds the route's function and method. */
  feature: FeatureName;
}

/** The feature that declares a route's function. */
function featureOf(name: RouteName): FeatureName {
  const found = DECLARED_FUNCTIONS.find(({ declaration }) => declaration.kind === 'route' && declaration.name === name);
  if (!found) throw new Error(`No feature declares the route ${name}`);
  return found.feature;
}

/** Every route of the route table, answered by its own declared function, in its feature's stack. */
export function declaredStageRoutes(): StageRoute[] {
  return API_ROUTES.map((route) => ({ route, entryName: route.name, feature: featureOf(route.name) }));
}
