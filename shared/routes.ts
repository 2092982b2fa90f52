/**
 * The API route table, defined once. The local server routes requests with it
 * and the CDK stack makes one function per route from it, granting exactly the
 * access each entry lists (staff routes also get what staff auth needs). Each
 * feature's entries are listed beside its contract (`shared/<feature>/*-routes.ts`,
 * in the shape of route-contract.ts) and assembled here; a route's name is
 * written once, there, and `RouteName` is read off the lists.
 */
import type { StaffRole } from './auth';
import type { RouteContract } from './route-contract';
import type { TableKey } from './tables';
import { combinedNeeds } from './access';
import type { ResourceUse } from './resources';
import { matchRoutePath } from './route-paths';
import { ACCOUNT_ROUTES, SIGN_IN_ROUTES } from './accounts/account-routes';
import { CONVERSATION_ROUTES } from './conversation/conversation-routes';
import { DASHBOARD_ROUTES } from './dashboard/dashboard-routes';
import { ENQUIRY_ROUTES } from './enquiries/enquiry-routes';
import { EXPORT_ROUTES } from './exports/export-routes';
import { INTAKE_ROUTES } from './intake/intake-routes';
import { MERGING_ROUTES } from './merging/merging-routes';
import { PACKAGE_ROUTES } from './packages/package-routes';
import { PRIVACY_ROUTES } from './privacy/privacy-routes';
import { TAG_ROUTES } from './tags/tag-routes';
import { TRANSLATION_ROUTES } from './translation/translation-routes';
import { VISITOR_ROUTES } from './visitor/visitor-routes';
import { WORK_ROUTES } from './work/work-routes';

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

/** Every feature's routes, in the table's order (the order the local server and the stack take them in). */
const FEATURE_ROUTES = [
  ...INTAKE_ROUTES,
  ...SIGN_IN_ROUTES,
  ...PACKAGE_ROUTES,
  ...ENQUIRY_ROUTES,
  ...MERGING_ROUTES,
  ...EXPORT_ROUTES,
  ...WORK_ROUTES,
  ...TAG_ROUTES,
  ...TRANSLATION_ROUTES,
  ...DASHBOARD_ROUTES,
  ...PRIVACY_ROUTES,
  ...VISITOR_ROUTES,
  ...CONVERSATION_ROUTES,
  ...ACCOUNT_ROUTES,
] as const;

/** A route's name, as its feature's list declares it. */
export type RouteName = (typeof FEATURE_ROUTES)[number]['name'];

export const API_ROUTES: readonly ApiRoute[] = FEATURE_ROUTES;

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
  const tables = combinedNeeds<TableKey>(route.uses.tables, STAFF_AUTH_USES.tables);
  return { ...route.uses, tables, usesTokenSecret: true };
}
