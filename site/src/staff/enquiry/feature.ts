/** One enquiry's page: `/detail/{index}`, one shell for every index (its panels: detail-panels.tsx). */
import type { StaffPage } from '../core/staff-feature';

export const pages = [{ key: 'detail', href: '/detail/' }] as const satisfies readonly StaffPage[];
