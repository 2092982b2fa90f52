/**
 * The routes of privacy operations in the API route table (shared/routes.ts,
 * through the feature's manifest): the access log, retention,
 * legal holds, and a visitor's data found, handed over and erased.
 */
import { defineRoutes } from '../platform/route-contract';
import { ERASURE_USES, SUBJECT_READ_USES } from './erasure-uses';

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
  // The right of access and erasure: what every feature keeps about the visitor's enquiries (erasure-uses.ts).
  {
    name: 'subject',
    method: 'POST',
    path: '/api/subject',
    access: 'staff',
    uses: SUBJECT_READ_USES,
  },
  {
    name: 'subjectExport',
    method: 'POST',
    path: '/api/subject/export',
    access: 'staff',
    uses: SUBJECT_READ_USES,
  },
  {
    name: 'subjectErase',
    method: 'POST',
    path: '/api/subject/erase',
    access: 'staff',
    uses: ERASURE_USES,
  },
]);
