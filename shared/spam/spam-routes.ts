/**
 * The routes of suspected spam in the API route table (shared/routes.ts,
 * through the feature's manifest): how many wait in its list, and marking
 * one as a genuine enquiry, which then joins the message box as a new one,
 * its staff notice and the visitor's acknowledgement going out.
 */
import { defineRoutes } from '../platform/route-contract';

export const SPAM_ROUTES = defineRoutes([
  // Two counters, no one's data: what the message box says waits in the suspected-spam list.
  {
    name: 'spamWaiting',
    method: 'GET',
    path: '/api/spam/waiting',
    access: 'staff',
    roles: ['staff'],
    uses: { tables: { counters: 'read' } },
  },
  // What a new enquiry's filing does (functions/intake/), and a line in its history: the lists, its counts, its
  // translation, its mails (inboundMail: the Message-ID SES gave the acknowledgement).
  {
    name: 'markGenuine',
    method: 'POST',
    path: '/api/enquiries/{index}/genuine',
    access: 'staff',
    roles: ['staff'],
    uses: {
      tables: {
        enquiries: 'readWrite',
        counters: 'write',
        enquiryEvents: 'append',
        outbox: 'readWrite',
        throttle: 'write',
        aggregates: 'write',
        inboundMail: 'write',
        translations: 'readAppend',
      },
      sendsMail: true,
    },
  },
]);
