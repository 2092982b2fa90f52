/** The kept mail box: received mail not filed into a thread. */
import type { StaffPage } from '../core/staff-feature';
import { STAFF_TEXT } from '../core/words';

export const pages = [
  { key: 'kept-mail', href: '/kept-mail', sidebar: { label: STAFF_TEXT.keptMail, roles: ['staff'] } },
] as const satisfies readonly StaffPage[];
