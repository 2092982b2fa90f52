/**
 * The routes of CSV exports in the API route table (shared/routes.ts, through
 * the feature's manifest): an export, and a background export's state and
 * download link.
 */
import { defineRoutes } from '../platform/route-contract';

export const EXPORT_ROUTES = defineRoutes([
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
]);
