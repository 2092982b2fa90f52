/**
 * The routes of the conversation in the API route table (shared/routes.ts,
 * where they are listed with every other route): the visitor's page (read and
 * write by the link's capability; staff replace the link), the kept mail box,
 * staff downloads of visitors' attachments, and asking again for a
 * translation.
 */
import type { ApiRoute } from '../route-names';
import { INBOUND_ATTACHMENT_PREFIX } from './visitor-messages';

export const CONVERSATION_ROUTES: readonly ApiRoute[] = [
  // The visitor's page: the link in the body, never the URL. Each reads its enquiry by key and that enquiry's thread (one
  // partition, after the link matched); the throttle counts wrong links per network, and the messages as the form's enquiries.
  {
    name: 'visitorEnquiry',
    method: 'POST',
    path: '/api/visitor/enquiry',
    access: 'public',
    uses: {
      tables: { enquiries: 'read', enquiryEvents: 'read', throttle: 'write' },
      partitionReads: ['enquiryEvents'],
    },
  },
  // A message is activity (the enquiry's UPDATED_AT, from which retention counts); a resend is recognised by its claim.
  // The enquiry reacts (work/visitor-wrote.ts): its status and the counts by status, the reply-time figures, the owner's notice.
  {
    name: 'visitorMessage',
    method: 'POST',
    path: '/api/visitor/message',
    access: 'public',
    uses: {
      tables: {
        enquiries: 'readWrite',
        enquiryEvents: 'readAppend',
        submissions: 'readWrite',
        throttle: 'write',
        counters: 'write',
        aggregates: 'write',
        outbox: 'readWrite',
        inboundMail: 'write',
        translations: 'readAppend',
      },
      partitionReads: ['enquiryEvents'],
      sendsMail: true,
    },
  },
  // Every link the visitor was mailed stops working; the new one goes by mail, sealed while it waits in the outbox (the
  // throttle as a reply's: the outbox's daily count, which such a mail, like a reply, is not held back by).
  {
    name: 'replaceVisitorLink',
    method: 'POST',
    path: '/api/enquiry/visitor-link',
    access: 'staff',
    roles: ['staff'],
    uses: {
      tables: {
        enquiries: 'readWrite',
        enquiryEvents: 'append',
        outbox: 'readWrite',
        throttle: 'write',
        inboundMail: 'write',
      },
      sendsMail: true,
    },
  },
  // The kept mail box: patients' mail, so the roles of the enquiries' own routes (staff and admins, never editors).
  // A box is one Query of the byBox index; the text is read from the raw message in the inbound bucket.
  {
    name: 'keptMail',
    method: 'GET',
    path: '/api/kept-mail',
    access: 'staff',
    roles: ['staff'],
    uses: { tables: { inboundMail: 'read' } },
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
  // A visitor's attachment: its key looked up in the enquiry's thread, then a presigned GET of that one object. The
  // bucket grant is GetObject under attachments/ alone, never the raw messages (functions/conversation/kept-mail/attachment-download.ts).
  {
    name: 'attachmentLink',
    method: 'POST',
    path: '/api/enquiry/attachment',
    access: 'staff',
    roles: ['staff'],
    uses: {
      tables: { enquiries: 'read', enquiryEvents: 'read' },
      buckets: { inbound: 'read' },
      objectPrefixes: { inbound: INBOUND_ATTACHMENT_PREFIX },
    },
  },
  // Asks again for a translation that failed, was refused or capped, or queues one an original lacks: the job makes it
  // (functions/translation/staff/staff-translations.ts).
  {
    name: 'translateAgain',
    method: 'POST',
    path: '/api/enquiry/translate',
    access: 'staff',
    roles: ['staff'],
    uses: { tables: { enquiries: 'read', enquiryEvents: 'read', translations: 'readWrite' } },
  },
];
