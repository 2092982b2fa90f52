/**
 * The API route table, defined once. The local server routes requests with it
 * and the CDK stack makes one function per route from it, granting exactly the
 * access each entry lists (staff routes also get what staff auth needs).
 */
import type { StaffRole } from './auth';
import type { TableKey } from './tables';
import { type Access, type ResourceUse, combinedAccess } from './resources';
import { matchRoutePath } from './route-paths';
import { ACCOUNT_ROUTES } from './accounts/account-routes';
import type { ApiRoute, RouteName } from './route-names';
import { CONVERSATION_ROUTES } from './conversation/conversation-routes';

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

export const API_ROUTES: readonly ApiRoute[] = [
  {
    name: 'amendBest',
    method: 'GET',
    path: '/api/amendBest',
    access: 'public',
    uses: { tables: { packages: 'read' } },
  },
  {
    name: 'sendmail',
    method: 'POST',
    path: '/api/sendmail',
    access: 'public',
    // inboundMail: the Message-ID SES gave the acknowledgement. Its reply address is a MAC under the reply-address secret
    // (every function that mails has it), never the token secret: a public function cannot sign staff tokens.
    uses: {
      tables: {
        enquiries: 'readWrite',
        outbox: 'readWrite',
        counters: 'write',
        submissions: 'readWrite',
        throttle: 'write',
        aggregates: 'write',
        inboundMail: 'write',
        translations: 'readAppend',
      },
      sendsMail: true,
    },
  },
  {
    name: 'login',
    method: 'POST',
    path: '/api/login',
    access: 'public',
    // staff readUpdate: the last sign-in, each two-factor code or recovery code used once, the count of wrong codes, an enrolment link's hash; it can
    // neither make nor replace an account. policies: whether two-factor is required. Mail: the enrolment link, and the owner's notices.
    // The TOTP key to open the account's secret and check a code.
    uses: {
      tables: { staff: 'readUpdate', throttle: 'readWrite', accessLog: 'log', policies: 'read', outbox: 'readWrite' },
      sendsMail: true,
      usesTokenSecret: true,
      totpSecrets: 'open',
    },
  },
  {
    name: 'view',
    method: 'POST',
    path: '/api/view',
    access: 'staff',
    roles: ['staff'],
    uses: { tables: { enquiries: 'read', counters: 'read', enquiryTags: 'read', translations: 'read' } },
  },
  {
    name: 'detail',
    method: 'GET',
    path: '/api/detail/{index}',
    access: 'staff',
    roles: ['staff'],
    uses: { tables: { enquiries: 'read', translations: 'read' } },
  },
  {
    name: 'logout',
    method: 'GET',
    path: '/api/logout',
    access: 'staff',
    roles: ['staff', 'editor'],
    enrolment: true,
    uses: { tables: { revokedTokens: 'write' } },
  },
  {
    name: 'fileupload',
    method: 'POST',
    path: '/api/fileupload',
    access: 'staff',
    roles: ['editor'],
    uses: { buckets: { images: 'write' } },
  },
  {
    name: 'modalinput',
    method: 'POST',
    path: '/api/modalinput',
    access: 'staff',
    roles: ['editor'],
    uses: { tables: { packages: 'readWrite' }, buckets: { images: 'readWrite' } },
  },
  {
    name: 'popupinput',
    method: 'POST',
    path: '/api/popupinput',
    access: 'staff',
    roles: ['editor'],
    uses: { tables: { packages: 'readWrite' }, buckets: { images: 'readWrite' } },
  },
  {
    name: 'exportCsv',
    method: 'GET',
    path: '/api/export.csv',
    access: 'staff',
    roles: ['staff'],
    // Answers a small export itself; a larger one becomes a job for the export worker. It reads the jobs table only
    // to name the export under way when the staff member's export lock is taken (409).
    uses: {
      tables: { enquiries: 'read', counters: 'read', enquiryTags: 'read', exportJobs: 'readWrite' },
      invokes: ['exportWorker'],
    },
  },
  {
    name: 'exportStatus',
    method: 'GET',
    path: '/api/export/{jobId}',
    access: 'staff',
    roles: ['staff'],
    // Writes only to mark a job whose worker stopped reporting as failed (and release its owner's export lock);
    // reads the bucket only to sign the download link.
    uses: { tables: { exportJobs: 'readWrite' }, buckets: { exports: 'read' } },
  },
  {
    name: 'work',
    method: 'POST',
    path: '/api/enquiry/work',
    access: 'staff',
    roles: ['staff'],
    uses: {
      tables: {
        enquiries: 'readWrite',
        counters: 'write',
        enquiryEvents: 'append',
        staff: 'readProfile',
        aggregates: 'write',
      },
    },
  },
  // Who an enquiry may be given to: a Scan of the tiny staff table, answering addresses only.
  {
    name: 'owners',
    method: 'GET',
    path: '/api/owners',
    access: 'staff',
    roles: ['staff'],
    uses: { tables: { staff: 'readProfile' }, scans: ['staff'] },
  },
  {
    name: 'note',
    method: 'POST',
    path: '/api/enquiry/note',
    access: 'staff',
    roles: ['staff'],
    uses: { tables: { enquiries: 'read', enquiryEvents: 'append' } },
  },
  // Tags: the enquiry's own list, the tag index (a tag taken off deletes its index item, never enquiry data), the history.
  {
    name: 'tags',
    method: 'POST',
    path: '/api/enquiry/tags',
    access: 'staff',
    roles: ['staff'],
    uses: { tables: { enquiries: 'readWrite', enquiryTags: 'full', enquiryEvents: 'append' } },
  },
  {
    name: 'tagsInUse',
    method: 'GET',
    path: '/api/tags',
    access: 'staff',
    roles: ['staff'],
    uses: { tables: { enquiryTags: 'read' } },
  },
  {
    name: 'reply',
    method: 'POST',
    path: '/api/enquiry/reply',
    access: 'staff',
    roles: ['staff'],
    // enquiryEvents read: the visitor's latest message, which the reply answers (In-Reply-To); inboundMail: the Message-ID SES gave the reply.
    uses: {
      tables: {
        enquiries: 'readWrite',
        counters: 'write',
        enquiryEvents: 'readAppend',
        outbox: 'readWrite',
        throttle: 'write',
        staff: 'readProfile',
        aggregates: 'write',
        inboundMail: 'write',
      },
      sendsMail: true,
    },
  },
  // The reply panel's preview (issue 26): the staff member's text machine-translated into the enquiry's page language, its characters
  // counted against the day's cap (the translation job's counter); nothing stored.
  {
    name: 'replyPreview',
    method: 'POST',
    path: '/api/enquiry/reply-preview',
    access: 'staff',
    roles: ['staff'],
    uses: { tables: { enquiries: 'read', counters: 'write' }, translates: true },
  },
  {
    name: 'thread',
    method: 'GET',
    path: '/api/thread/{index}',
    access: 'staff',
    roles: ['staff'],
    uses: { tables: { enquiries: 'read', enquiryEvents: 'read', outbox: 'read', translations: 'read' } },
  },
  // The owner opened an enquiry with a visitor's message unread: one conditional update that takes the mark off.
  {
    name: 'seen',
    method: 'POST',
    path: '/api/enquiry/seen',
    access: 'staff',
    roles: ['staff'],
    uses: { tables: { enquiries: 'readUpdate' } },
  },
  {
    name: 'templates',
    method: 'GET',
    path: '/api/templates',
    access: 'staff',
    roles: ['staff'],
    uses: { tables: { replyTemplates: 'read' } },
  },
  // A save keeps the text it replaces as a version (written once); a restore reads one back and saves it as a new revision.
  {
    name: 'saveTemplate',
    method: 'POST',
    path: '/api/templates',
    access: 'staff',
    roles: ['staff'],
    uses: { tables: { replyTemplates: 'readWrite', replyTemplateVersions: 'append' } },
  },
  {
    name: 'templateHistory',
    method: 'GET',
    path: '/api/templates/history',
    access: 'staff',
    roles: ['staff'],
    uses: { tables: { replyTemplates: 'read', replyTemplateVersions: 'read' } },
  },
  {
    name: 'templateVersion',
    method: 'GET',
    path: '/api/templates/version',
    access: 'staff',
    roles: ['staff'],
    uses: { tables: { replyTemplates: 'read', replyTemplateVersions: 'read' } },
  },
  {
    name: 'restoreTemplate',
    method: 'POST',
    path: '/api/templates/restore',
    access: 'staff',
    roles: ['staff'],
    uses: { tables: { replyTemplates: 'readWrite', replyTemplateVersions: 'readAppend' } },
  },
  // Figures only, no one's data: staff and admins. The page shows today's machine-translation characters (a counter).
  {
    name: 'dashboard',
    method: 'GET',
    path: '/api/dashboard',
    access: 'staff',
    roles: ['staff'],
    uses: { tables: { aggregates: 'read', counters: 'read' } },
  },
  {
    name: 'dashboardCsv',
    method: 'GET',
    path: '/api/dashboard.csv',
    access: 'staff',
    roles: ['staff'],
    uses: { tables: { aggregates: 'read' } },
  },
  // Admins only (no roles): the access log, legal holds and the visitors' rights; staff see what retention will remove.
  {
    name: 'accessLog',
    method: 'GET',
    path: '/api/access-log',
    access: 'staff',
    uses: { tables: { accessLog: 'read' } },
  },
  {
    name: 'accessLogCsv',
    method: 'GET',
    path: '/api/access-log.csv',
    access: 'staff',
    uses: { tables: { accessLog: 'read' } },
  },
  {
    name: 'retentionDue',
    method: 'GET',
    path: '/api/retention',
    access: 'staff',
    roles: ['staff'],
    uses: { tables: { enquiries: 'read' } },
  },
  {
    name: 'hold',
    method: 'POST',
    path: '/api/enquiry/hold',
    access: 'staff',
    uses: { tables: { enquiries: 'readWrite' } },
  },
  // inboundMail: the mail kept apart from the visitor's address (by its index bySender); erasure also removes what is about the enquiries.
  {
    name: 'subject',
    method: 'POST',
    path: '/api/subject',
    access: 'staff',
    uses: { tables: { enquiries: 'read', enquiryEvents: 'read', outbox: 'read', inboundMail: 'read' } },
  },
  {
    name: 'subjectExport',
    method: 'POST',
    path: '/api/subject/export',
    access: 'staff',
    uses: { tables: { enquiries: 'read', enquiryEvents: 'read', outbox: 'read', inboundMail: 'read' } },
  },
  {
    name: 'subjectErase',
    method: 'POST',
    path: '/api/subject/erase',
    access: 'staff',
    uses: {
      tables: {
        enquiries: 'full',
        enquiryEvents: 'full',
        outbox: 'full',
        submissions: 'full',
        counters: 'write',
        erasures: 'append',
        aggregates: 'write',
        enquiryTags: 'full',
        inboundMail: 'full',
        translations: 'full',
      },
      buckets: { exports: 'full', inbound: 'full' },
    },
  },
  // The visitor's page, the kept mail box, attachment downloads, asking again for a translation: shared/conversation/conversation-routes.ts.
  ...CONVERSATION_ROUTES,
  // Staff accounts (admins only: no roles), invitations and two-factor sign-in: shared/accounts/account-routes.ts.
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
