/**
 * The routes of tags on enquiries in the API route table (shared/routes.ts,
 * through the feature's manifest).
 */
import { defineRoutes } from '../platform/route-contract';

export const TAG_ROUTES = defineRoutes([
  // Tags: the enquiry's own list, the tag index (a tag taken off deletes its index item, never enquiry data), the history.
  {
    name: 'tags',
    method: 'POST',
    path: '/api/enquiry/tags',
    access: 'staff',
    roles: ['staff'],
    uses: { tables: { enquiries: 'readWrite', enquiryTags: 'full', enquiryEvents: 'append' } },
  },
  {
    name: 'tagsInUse',
    method: 'GET',
    path: '/api/tags',
    access: 'staff',
    roles: ['staff'],
    uses: { tables: { enquiryTags: 'read' } },
  },
]);
