/**
 * The routes that read enquiries in the API route table (shared/routes.ts,
 * through the feature's manifest): the message box and the
 * detail.
 */
import { defineRoutes } from '../platform/route-contract';

export const ENQUIRY_ROUTES = defineRoutes([
  {
    name: 'view',
    method: 'POST',
    path: '/api/view',
    access: 'staff',
    roles: ['staff'],
    uses: { tables: { enquiries: 'read', counters: 'read', enquiryTags: 'read', translations: 'read' } },
  },
  {
    name: 'detail',
    method: 'GET',
    path: '/api/detail/{index}',
    access: 'staff',
    roles: ['staff'],
    uses: { tables: { enquiries: 'read', translations: 'read' } },
  },
]);
