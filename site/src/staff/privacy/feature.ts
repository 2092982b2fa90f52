/** Privacy: visitors' requests (access, erasure) and the access log, for admins. */
import type { StaffPage } from '../core/staff-feature';
import { STAFF_TEXT } from '../core/words';

export const pages = [
  { key: 'privacy-requests', href: '/privacy-requests', sidebar: { label: STAFF_TEXT.privacyRequests, roles: [] } },
  { key: 'access-log', href: '/access-log', sidebar: { label: STAFF_TEXT.accessLog, roles: [] } },
] as const satisfies readonly StaffPage[];
