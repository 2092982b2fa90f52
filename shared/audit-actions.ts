/**
 * Every action the access log records, with how the back office names it
 * (Korean, as the back office speaks), read off the features' manifests
 * (features.ts): each feature declares the actions its functions record. The
 * functions may record only these; the access-log page offers them as its
 * action filter. An action's group is the part before the first dot, so
 * `enquiry.` finds every enquiry action, whichever feature records it.
 */
import { SHARED_FEATURES, type SharedFeature } from './features';
import { isKoreaDay } from './korea-time';

/** An action's group: the part before its first dot. */
export const auditActionGroup = (action: string): string => action.split('.')[0] ?? action;

/**
 * The action filter's groups, in the order staff know them. A group no
 * feature records is left out; one not named here follows these, in the
 * order of the index of features, so a feature's new group needs no line here.
 */
export const AUDIT_ACTION_GROUP_ORDER: readonly string[] = [
  'auth',
  'twofactor',
  'account',
  'enquiry',
  'tags',
  'keptmail',
  'template',
  'package',
  'upload',
  'accesslog',
  'retention',
  'subject',
  'dashboard',
];

/** Actions with their names, each group's together: the groups in `groupOrder` (then as they come), each group's actions as they come. */
export function inFilterOrder<Entry extends readonly [action: string, label: string]>(
  actions: readonly Entry[],
  groupOrder: readonly string[],
): Entry[] {
  const groups = new Set([...groupOrder, ...actions.map(([action]) => auditActionGroup(action))]);
  return [...groups].flatMap((group) => actions.filter(([action]) => auditActionGroup(action) === group));
}

type ActionsOf<Feature> = Feature extends { auditActions: infer Actions } ? keyof Actions & string : never;

/** An action the functions may record: one a feature's manifest declares. */
export type AuditAction = ActionsOf<SharedFeature>;

/** Every action with its back-office name, in the action filter's order. */
export const AUDIT_ACTIONS = Object.fromEntries(
  inFilterOrder(
    SHARED_FEATURES.flatMap((feature) => Object.entries(feature.auditActions)),
    AUDIT_ACTION_GROUP_ORDER,
  ),
) as Readonly<Record<AuditAction, string>>;

/**
 * Refusals anyone can cause as often as they like (a call without a valid
 * token, a sign-in or an invitation refused, and a call a signed-in browser
 * may not make: a route its role does not allow, anything but enrolment
 * before two-factor, any call of an account without a role): each is counted
 * on one row per action, source network, route and actor in each quarter
 * hour (ACCESS_LOG_COUNT_MINUTES) instead of one row per request, so a flood
 * of them adds a handful of rows, not one per call. Every other action is one
 * row per request, written once.
 */
export const COUNTED_ACTIONS = [
  'auth.refused',
  'auth.forbidden',
  'auth.enrolment_required',
  'auth.no_role',
  'auth.login.failed',
  'auth.login.refused',
  'auth.login.cross_site',
  'auth.login.wrong_type',
  'auth.login.malformed',
  'auth.login.code_failed',
  'auth.login.code_locked',
  'auth.welcome.failed',
  'auth.welcome.refused',
  'auth.welcome.cross_site',
  'auth.welcome.wrong_type',
  'auth.welcome.malformed',
  'auth.enrol_link.failed',
  'auth.enrol_link.refused',
  'auth.enrol_link.cross_site',
  'auth.enrol_link.wrong_type',
  'auth.enrol_link.malformed',
  // Past the sign-in limits a refusal checks no password, so a signed-in browser could send it at will.
  'twofactor.start_refused',
] as const satisfies readonly AuditAction[];

export type CountedAction = (typeof COUNTED_ACTIONS)[number];

/** How long one counted row counts: a quarter hour, aligned to the clock (as sign-in's limits are), so never across a Korea day. */
export const ACCESS_LOG_COUNT_MINUTES = 15;

/** The most rows one page of `GET /api/access-log` holds (its `limit`), and how many it holds unless asked. */
export const ACCESS_LOG_PAGE_MAX = 500;
export const ACCESS_LOG_PAGE_DEFAULT = 100;

/** The rows of one CSV page (`GET /api/access-log.csv`): the back office asks page after page and saves them as one file. */
export const ACCESS_LOG_CSV_PAGE_ROWS = 2_000;

/** The response header that carries the next CSV page's cursor (absent on the last page). */
export const ACCESS_LOG_NEXT_HEADER = 'x-next-cursor';

/** The most days one access-log read covers (each day is one query). */
export const ACCESS_LOG_MAX_DAYS = 31;

/** Whether a span of Korea days is one the access-log routes read (the browser checks its address with this too). */
export function isAccessLogSpan(from: string, to: string): boolean {
  return (
    isKoreaDay(from) &&
    isKoreaDay(to) &&
    from <= to &&
    (Date.parse(to) - Date.parse(from)) / 86_400_000 < ACCESS_LOG_MAX_DAYS
  );
}

export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

/** The groups (`auth`, `enquiry`, ...) in the order the actions are listed. */
export const AUDIT_ACTION_GROUPS = [...new Set(AUDIT_ACTION_NAMES.map(auditActionGroup))];

/** The back office's name of an action; an unknown one (an older record) as it is written. */
export function auditActionLabel(action: string): string {
  return (AUDIT_ACTIONS as Readonly<Record<string, string>>)[action] ?? action;
}

/** One row of the access log: who did what to which, from where, when; `GET /api/access-log` answers them. */
export interface AccessLogEntry {
  actor: string;
  action: AuditAction;
  /** Which enquiry or package, or the filter of a list or export; for a refused call, its method and route. */
  target: string;
  /** Where the request came from; on a counted row, the source network (an IPv4 address, an IPv6 /64). */
  clientAddress: string;
  /** The request's id; on a counted row, the first request's. */
  requestId: string;
  /** When; on a counted row, the first of its requests. */
  at: number;
  /** A counted row (COUNTED_ACTIONS) only: how many requests it stands for, and when the last came. */
  count?: number;
  lastAt?: number;
}

/** Whether an action is counted (one row per source and route each quarter hour) rather than written per request. */
export function isCountedAction(action: AuditAction): action is CountedAction {
  return (COUNTED_ACTIONS as readonly string[]).includes(action);
}
