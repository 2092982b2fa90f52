/** The staff dashboard in the shared index of features (shared/features.ts): its routes and what they record. */
import { defineFeature } from '../platform/feature-manifest';
import { DASHBOARD_ROUTES } from './dashboard-routes';

export const DASHBOARD_FEATURE = defineFeature({
  routes: DASHBOARD_ROUTES,
  auditActions: {
    'dashboard.read': '대시보드 조회',
    'dashboard.export': '월간 보고서 CSV',
  },
  historyKinds: [],
});
