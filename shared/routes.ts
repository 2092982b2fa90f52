/**
 * The API route table, defined once. The local server routes requests with it
 * and the CDK stack makes one function per route from it, granting exactly the
 * access each entry lists (staff routes also get what staff auth needs). Each
 * feature's entries are listed beside its contract (`shared/<feature>/*-routes.ts`)
 * and assembled here.
 */
import type { StaffRole } from './auth';
import type { TableKey } from './tables';
import { type Access, type ResourceUse, combinedAccess } from './resources';
import { matchRoutePath } from './route-paths';
import { ACCOUNT_ROUTES, SIGN_IN_ROUTES } from './accounts/account-routes';
import { CONVERSATION_ROUTES } from './conversation/conversation-routes';
import { DASHBOARD_ROUTES } from './dashboard/dashboard-routes';
import { ENQUIRY_ROUTES } from './enquiries/enquiry-routes';
import { EXPORT_ROUTES } from './exports/export-routes';
import { INTAKE_ROUTES } from './intake/intake-routes';
import { PACKAGE_ROUTES } from './packages/package-routes';
import { PRIVACY_ROUTES } from './privacy/privacy-routes';
import { TAG_ROUTES } from './tags/tag-routes';
import { TRANSLATION_ROUTES } from './translation/translation-routes';
import { VISITOR_ROUTES } from './visitor/visitor-routes';
import { WORK_ROUTES } from './work/work-routes';

export interface ApiRoute {
  /** Also the name of the handler and of its Lambda entry file. */
  name: RouteName;
  method: 'GET' | 'POST';
  /** Path under the site origin; `{index}` marks a path parameter. */
  path: string;
  access: 'public' | 'staff';
  /** For staff routes: the roles besides `admin` (who may call every route) that may call it. */
  roles?: readonly Exclude<StaffRole, 'admin'>[];
  /** A staff route an account that must first enrol in two-factor may call (its token opens only these). */
  enrolment?: true;
  /** Its bundle holds the MIME parser (the kept mail box reads received mail as the receiver does): the mail receiver's budget. */
  parsesMail?: true;
  uses: ResourceUse;
}

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

export const ROUTE_NAMES = [
  'amendBest',
  'sendmail',
  'login',
  'view',
  'detail',
  'logout',
  'fileupload',
  'modalinput',
  'popupinput',
  'exportCsv',
  'exportStatus',
  'work',
  'owners',
  'note',
  'tags',
  'tagsInUse',
  'reply',
  'replyPreview',
  'thread',
  'seen',
  'templates',
  'saveTemplate',
  'templateHistory',
  'templateVersion',
  'restoreTemplate',
  'accessLog',
  'accessLogCsv',
  'retentionDue',
  'hold',
  'subject',
  'subjectExport',
  'subjectErase',
  // Staff accounts, invitations and two-factor sign-in.
  'accounts',
  'invite',
  'changeAccount',
  'twoFactorPolicy',
  'welcome',
  'enrolLink',
  'twoFactor',
  'startTwoFactor',
  'confirmTwoFactor',
  'changePassword',
  'dashboard',
  'dashboardCsv',
  // The visitor's page: read and write by the link's capability; staff replace the link.
  'visitorEnquiry',
  'visitorMessage',
  'replaceVisitorLink',
  // The kept mail box: received mail kept apart from the threads, listed, read, attached or discarded by staff.
  'keptMail',
  'keptMailText',
  'attachKeptMail',
  'discardKeptMail',
  // A visitor's attachment, downloaded by staff through a short-lived link.
  'attachmentLink',
  // Machine translation: a staff member asks again for a translation.
  'translateAgain',
] as const;

export type RouteName = (typeof ROUTE_NAMES)[number];

export const API_ROUTES: readonly ApiRoute[] = [
  ...INTAKE_ROUTES,
  ...SIGN_IN_ROUTES,
  ...PACKAGE_ROUTES,
  ...ENQUIRY_ROUTES,
  ...EXPORT_ROUTES,
  ...WORK_ROUTES,
  ...TAG_ROUTES,
  ...TRANSLATION_ROUTES,
  ...DASHBOARD_ROUTES,
  ...PRIVACY_ROUTES,
  ...VISITOR_ROUTES,
  ...CONVERSATION_ROUTES,
  ...ACCOUNT_ROUTES,
];

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
