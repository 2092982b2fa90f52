/**
 * The routes of working an enquiry in the API route table (shared/routes.ts,
 * through the feature's manifest): status, owner, notes,
 * replies, the thread, the visitor's messages read, and the reply templates
 * and their versions.
 */
import { defineRoutes } from '../platform/route-contract';
import { INBOUND_ATTACHMENT_PREFIX } from '../conversation/visitor-messages';

export const WORK_ROUTES = defineRoutes([
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
  // Each kept attachment of a visitor's message is listed with its malware scan's result: the tags of the objects under
  // the inbound bucket's attachments/ alone, never their bytes (functions/conversation/kept-mail/attachment-scans.ts).
  {
    name: 'thread',
    method: 'GET',
    path: '/api/thread/{index}',
    access: 'staff',
    roles: ['staff'],
    uses: {
      tables: { enquiries: 'read', enquiryEvents: 'read', outbox: 'read', translations: 'read' },
      objectTagReads: ['inbound'],
      objectPrefixes: { inbound: INBOUND_ATTACHMENT_PREFIX },
    },
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
]);
