/**
 * The routes of the staff dashboard in the API route table (shared/routes.ts,
 * through the feature's manifest).
 */
import { defineRoutes } from '../platform/route-contract';

export const DASHBOARD_ROUTES = defineRoutes([
  // Figures only, no one's data: staff and admins. The page shows today's machine-translation characters (a counter).
  {
    name: 'dashboard',
    method: 'GET',
    path: '/api/dashboard',
    access: 'staff',
    roles: ['staff'],
    uses: { tables: { aggregates: 'read', counters: 'read' } },
  },
  {
    name: 'dashboardCsv',
    method: 'GET',
    path: '/api/dashboard.csv',
    access: 'staff',
    roles: ['staff'],
    uses: { tables: { aggregates: 'read' } },
  },
]);
