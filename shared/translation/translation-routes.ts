/**
 * The routes of machine translation in the API route table (shared/routes.ts,
 * through the feature's manifest): the reply panel's preview,
 * and asking again for a translation.
 */
import { defineRoutes } from '../platform/route-contract';

export const TRANSLATION_ROUTES = defineRoutes([
  // The reply panel's preview: the staff member's text machine-translated into the enquiry's page language, its characters
  // counted against the day's cap (the translation job's counter); nothing stored.
  {
    name: 'replyPreview',
    method: 'POST',
    path: '/api/enquiry/reply-preview',
    access: 'staff',
    roles: ['staff'],
    uses: { tables: { enquiries: 'read', counters: 'write' }, translates: true },
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
]);
