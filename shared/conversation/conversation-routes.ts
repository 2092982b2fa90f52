/**
 * The routes of the conversation in the API route table (shared/routes.ts,
 * through the feature's manifest): the kept mail box, and staff
 * downloads of visitors' attachments.
 */
import { defineRoutes } from '../platform/route-contract';
import { INBOUND_ATTACHMENT_PREFIX, INBOUND_RAW_PREFIX } from './visitor-messages';

export const CONVERSATION_ROUTES = defineRoutes([
  // The kept mail box: patients' mail, so the roles of the enquiries' own routes (staff and admins, never editors).
  // A box is one Query of the byBox index; the text is read from the raw message in the inbound bucket.
  {
    name: 'keptMail',
    method: 'GET',
    path: '/api/kept-mail',
    access: 'staff',
    roles: ['staff'],
    // enquiries: the address of the enquiry the box suggests for each mail, against its sender (one BatchGetItem a page).
    uses: { tables: { inboundMail: 'read', enquiries: 'read' } },
  },
  {
    name: 'keptMailText',
    method: 'GET',
    path: '/api/kept-mail/text',
    access: 'staff',
    roles: ['staff'],
    parsesMail: true,
    uses: { tables: { inboundMail: 'read' }, buckets: { inbound: 'read' } },
  },
  // A kept mail's machine translation into Korean, made when a staff member reads it and never stored (the box keeps no
  // words of a mail but its raw message): within the day's cap and its sender's (and matched enquiry's) fair share, as
  // the translation job's (functions/translation/budgeted-translation.ts).
  {
    name: 'keptMailTranslation',
    method: 'POST',
    path: '/api/kept-mail/translate',
    access: 'staff',
    roles: ['staff'],
    parsesMail: true,
    uses: {
      tables: { inboundMail: 'read', counters: 'write', throttle: 'write' },
      buckets: { inbound: 'read' },
      translates: true,
    },
  },
  // Attaching files the mail as the receiver files a matched one (its attachments into the bucket, the message into
  // the thread, read back on a retry), then the enquiry reacts as to any visitor's message (visitorWrote: its status and
  // the counts, the reply-time figures, the owner's notice); the kept item is replaced by what stays of it, never deleted.
  {
    name: 'attachKeptMail',
    method: 'POST',
    path: '/api/kept-mail/attach',
    access: 'staff',
    roles: ['staff'],
    parsesMail: true,
    uses: {
      tables: {
        inboundMail: 'readWrite',
        enquiries: 'readWrite',
        enquiryEvents: 'append',
        counters: 'write',
        aggregates: 'write',
        outbox: 'readWrite',
        throttle: 'write',
        translations: 'readAppend',
      },
      buckets: { inbound: 'readWrite' },
      sendsMail: true,
    },
  },
  // Discarding deletes the raw message (bucket `full`), and replaces the kept item by what stays of it.
  {
    name: 'discardKeptMail',
    method: 'POST',
    path: '/api/kept-mail/discard',
    access: 'staff',
    roles: ['staff'],
    uses: { tables: { inboundMail: 'readWrite' }, buckets: { inbound: 'full' } },
  },
  // A kept mail's raw message as it came, for an admin alone (a mail the receiver could not read is otherwise lost to
  // staff): its malware scan's result read from the object's tag, then a presigned GET of that one object under raw/.
  {
    name: 'keptMailRaw',
    method: 'POST',
    path: '/api/kept-mail/raw',
    access: 'staff',
    uses: {
      tables: { inboundMail: 'read' },
      buckets: { inbound: 'read' },
      objectTagReads: ['inbound'],
      objectPrefixes: { inbound: INBOUND_RAW_PREFIX },
    },
  },
  // A visitor's attachment: its key looked up in the enquiry's thread, its malware scan's result read from the object's
  // tag, then a presigned GET of that one object. The bucket grants are GetObject and GetObjectTagging under
  // attachments/ alone, never the raw messages (functions/conversation/kept-mail/attachment-download.ts).
  {
    name: 'attachmentLink',
    method: 'POST',
    path: '/api/enquiry/attachment',
    access: 'staff',
    roles: ['staff'],
    uses: {
      tables: { enquiries: 'read', enquiryEvents: 'read' },
      buckets: { inbound: 'read' },
      objectTagReads: ['inbound'],
      objectPrefixes: { inbound: INBOUND_ATTACHMENT_PREFIX },
    },
  },
]);
