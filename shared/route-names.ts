/**
 * The API's route names, and what one entry of the route table says
 * (shared/routes.ts, which lists them; the staff accounts' and the received
 * mail's entries are listed beside their features and spread into it).
 */
import type { StaffRole } from './auth';
import type { ResourceUse } from './resources';

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
  // The visitor's page (issue 25): read and write by the link's capability; staff replace the link.
  'visitorEnquiry',
  'visitorMessage',
  'replaceVisitorLink',
  // The kept mail box (issue 25): received mail kept apart from the threads, listed, read, attached or discarded by staff.
  'keptMail',
  'keptMailText',
  'attachKeptMail',
  'discardKeptMail',
  // A visitor's attachment, downloaded by staff through a short-lived link (issue 25).
  'attachmentLink',
  // Machine translation (issue 26): a staff member asks again for a translation.
  'translateAgain',
] as const;

export type RouteName = (typeof ROUTE_NAMES)[number];

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
