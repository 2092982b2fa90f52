/** Reply templates and their history. */
import type { StaffPage } from '../core/staff-feature';
import { STAFF_TEXT } from '../core/words';

export const pages = [
  { key: 'templates', href: '/templates', sidebar: { label: STAFF_TEXT.templates, roles: ['staff'] } },
] as const satisfies readonly StaffPage[];
