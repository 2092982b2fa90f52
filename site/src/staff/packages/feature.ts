/** The BEST 3 packages' editor, for editors. */
import type { StaffPage } from '../core/staff-feature';
import { STAFF_TEXT } from '../core/words';

export const pages = [
  { key: 'editpage', href: '/editpage', sidebar: { label: STAFF_TEXT.bestPackages, roles: ['editor'] } },
] as const satisfies readonly StaffPage[];
