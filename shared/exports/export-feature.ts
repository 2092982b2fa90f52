/** CSV exports in the shared index of features (shared/features.ts): their routes and what an export records. */
import { defineFeature } from '../platform/feature-manifest';
import { EXPORT_ROUTES } from './export-routes';

export const EXPORT_FEATURE = defineFeature({
  routes: EXPORT_ROUTES,
  auditActions: { 'enquiry.export': '문의 CSV 내보내기' },
  historyKinds: [],
});
