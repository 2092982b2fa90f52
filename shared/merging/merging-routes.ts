/**
 * The routes of merging duplicate enquiries in the API route table
 * (shared/routes.ts, where they are listed with every other route): one
 * visitor's other enquiries, read as the enquiry's detail is; merging one
 * into another, undoing it, and splitting a message out. The three writes
 * also do what each feature keeps about an enquiry does on a merge
 * (ENQUIRY_MERGE_NEEDS, shared/enquiry-parts.ts).
 */
import { ENQUIRY_MERGE_NEEDS } from '../enquiry-parts';
import { defineRoutes } from '../platform/route-contract';

/** The enquiry items, the counters of their lists, the histories moved between them (a move deletes what it copied), and the parts'. */
const MERGE_WRITE = {
  access: 'staff',
  roles: ['staff'],
  uses: {
    tables: {
      ...ENQUIRY_MERGE_NEEDS.tables,
      enquiries: 'readWrite',
      counters: 'readWrite',
      enquiryEvents: 'full',
    },
  },
} as const;

export const MERGING_ROUTES = defineRoutes([
  {
    name: 'relatedEnquiries',
    method: 'GET',
    path: '/api/enquiries/{index}/related',
    access: 'staff',
    roles: ['staff'],
    uses: { tables: { enquiries: 'read' } },
  },
  { name: 'mergeEnquiry', method: 'POST', path: '/api/enquiries/{index}/merge', ...MERGE_WRITE },
  { name: 'unmergeEnquiry', method: 'POST', path: '/api/enquiries/{index}/unmerge', ...MERGE_WRITE },
  { name: 'splitMessage', method: 'POST', path: '/api/enquiries/{index}/split', ...MERGE_WRITE },
]);
