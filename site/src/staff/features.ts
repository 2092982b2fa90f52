/**
 * The back office's index of features: each feature folder's pages, from its
 * manifest (`feature.ts`; core/staff-feature.ts says what one declares). The
 * sidebar (in this order) and the pages the robots file keeps search engines
 * from are derived from it; a feature's panels on the detail page are listed
 * in detail-panels.ts, and how the history reads the kinds of entry it writes
 * in history-kinds.ts. Adding a staff feature is its folder, its Astro page
 * under site/src/pages (which mirrors the URL table), and its line here (and
 * in those two lists when it has panels or history kinds).
 */
import { pages as accountsPages } from './accounts/feature';
import { pages as dashboardPages } from './dashboard/feature';
import { pages as enquiryPages } from './enquiry/feature';
import { pages as keptMailPages } from './kept-mail/feature';
import { pages as messageBoxPages } from './message-box/feature';
import { pages as packagesPages } from './packages/feature';
import { pages as privacyPages } from './privacy/feature';
import { pages as templatesPages } from './templates/feature';

/** Every staff page, in the sidebar's order. */
export const STAFF_PAGES = [
  ...messageBoxPages,
  ...enquiryPages,
  ...dashboardPages,
  ...templatesPages,
  ...keptMailPages,
  ...packagesPages,
  ...privacyPages,
  ...accountsPages,
] as const;

/** Every staff page's key, as the manifests spell them (a frame naming another does not compile). */
export type StaffPageKey = (typeof STAFF_PAGES)[number]['key'];
