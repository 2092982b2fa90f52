/** The message box: the enquiry list, the first page staff open. */
import type { StaffPage } from '../core/staff-feature';
import { STAFF_TEXT } from '../core/words';

export const pages = [
  { key: 'view', href: '/view', sidebar: { label: STAFF_TEXT.messageBox, roles: ['staff'] } },
] as const satisfies readonly StaffPage[];
