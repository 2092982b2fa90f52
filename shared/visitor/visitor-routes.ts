/**
 * The routes of the visitor's page in the API route table (shared/routes.ts,
 * through the feature's manifest): read and write by the link's
 * capability; staff replace the link.
 */
import { defineRoutes } from '../platform/route-contract';

export const VISITOR_ROUTES = defineRoutes([
  // The visitor's page: the link in the body, never the URL. Each reads its enquiry by key and that enquiry's thread (one
  // partition, after the link matched); the throttle counts wrong links per network, and the messages as the form's enquiries.
  // A visit marks the links active (VISITOR_LINKS_ACTIVE_AT), so they work VISITOR_LINK_IDLE_DAYS more.
  {
    name: 'visitorEnquiry',
    method: 'POST',
    path: '/api/visitor/enquiry',
    access: 'public',
    uses: {
      tables: { enquiries: 'readWrite', enquiryEvents: 'read', throttle: 'write' },
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
]);
