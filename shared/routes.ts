/**
 * The API route table, defined once. The local server routes requests with it
 * and the CDK stack makes one function per route from it, granting exactly the
 * access each entry lists (staff routes also get what staff auth needs). Each
 * feature's entries are listed beside its contract (`shared/<feature>/*-routes.ts`,
 * in the shape of platform/route-contract.ts), named by its manifest and assembled here
 * from the index of features (features.ts); a route's name is written once,
 * in its feature's list, and `RouteName` is read off the lists.
 */
import type { StaffRole } from './auth';
import type { RouteContract } from './platform/route-contract';
import type { TableKey } from './tables';
import { type Access, type ResourceUse, combinedAccess } from './resources';
import { matchRoutePath } from './platform/route-paths';
import { SHARED_FEATURES, type SharedFeature } from './features';

/** An API route of the table: a feature's route, named by one of the table's names. */
export type ApiRoute = RouteContract<RouteName>;

/** Whether a role may call a route (admins may call every route). */
export function roleMayCall(route: ApiRoute, role: StaffRole): boolean {
  return (
    route.access === 'public' || role === 'admin' || (route.roles ?? []).includes(role as Exclude<StaffRole, 'admin'>)
  );
}

/** The staff route a request is for, by method and path (a path parameter matches any value). */
export function routeOf(method: string, path: string): ApiRoute | undefined {
  return API_ROUTES.find((route) => route.method === method && matchRoutePath(route.path, path) !== undefined);
}

/** What every staff route needs to check the bearer token and write the access log. */
export const STAFF_AUTH_USES = {
  // The caller's account: its profile alone (no credential), unless the route reads whole accounts.
  tables: {
    revokedTokens: 'read',
    staff: 'readProfile',
    accessLog: 'log',
    // The two-factor policy: an account that must enrol first may call only the enrolment routes.
    policies: 'read',
  },
  usesTokenSecret: true,
} as const satisfies ResourceUse;

/** A route's name, as its feature's list declares it. */
export type RouteName = SharedFeature['routes'][number]['name'];

/** Every feature's routes, in the index's order (the order the local server and the stack take them in). */
export const API_ROUTES: readonly ApiRoute[] = SHARED_FEATURES.flatMap(
  (feature): readonly ApiRoute[] => feature.routes,
);

/** Every route's name, in the table's order. */
export const ROUTE_NAMES: readonly RouteName[] = API_ROUTES.map((route) => route.name);

/** The path of a route, with its `{param}`s filled in: the one place clients take API paths from. */
export function apiPath(name: RouteName, params: Record<string, string | number> = {}): string {
  const route = API_ROUTES.find((candidate) => candidate.name === name);
  if (!route) throw new Error(`No route named ${name}`);
  return route.path.replace(/\{(\w+)\}/g, (_, param: string) => encodeURIComponent(String(params[param] ?? '')));
}

/** Everything a route's function touches, its staff-auth needs included. */
export function resourcesOf(route: ApiRoute): ResourceUse {
  if (route.access === 'public') return route.uses;
  const tables: Partial<Record<TableKey, Access>> = { ...route.uses.tables };
  for (const [table, access] of Object.entries(STAFF_AUTH_USES.tables) as [TableKey, Access][]) {
    const own = tables[table];
    tables[table] = own === undefined ? access : combinedAccess(own, access);
  }
  return { ...route.uses, tables, usesTokenSecret: true };
}
