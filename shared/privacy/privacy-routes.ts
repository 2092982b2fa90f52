/**
 * The routes of privacy operations in the API route table (shared/routes.ts,
 * through the feature's manifest): the access log, retention,
 * legal holds, and a visitor's data found, handed over and erased.
 */
import { defineRoutes } from '../route-contract';

export const PRIVACY_ROUTES = defineRoutes([
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
]);
