/** The dashboard: counts and reply times. */
import type { StaffPage } from '../core/staff-feature';
import { STAFF_TEXT } from '../core/words';

export const pages = [
  { key: 'dashboard', href: '/dashboard', sidebar: { label: STAFF_TEXT.dashboard, roles: ['staff'] } },
] as const satisfies readonly StaffPage[];
