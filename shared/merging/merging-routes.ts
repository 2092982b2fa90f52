/**
 * The routes of merging duplicate enquiries in the API route table
 * (shared/routes.ts, where they are listed with every other route): one
 * visitor's other enquiries, read as the enquiry's detail is.
 */
import { defineRoutes } from '../platform/route-contract';

export const MERGING_ROUTES = defineRoutes([
  {
    name: 'relatedEnquiries',
    method: 'GET',
    path: '/api/enquiries/{index}/related',
    access: 'staff',
    roles: ['staff'],
    uses: { tables: { enquiries: 'read' } },
  },
]);
