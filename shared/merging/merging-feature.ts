/** Merging duplicate enquiries in the shared index of features (shared/features.ts): its routes and what they record. */
import { defineFeature } from '../platform/feature-manifest';
import { MERGING_ROUTES } from './merging-routes';

export const MERGING_FEATURE = defineFeature({
  routes: MERGING_ROUTES,
  auditActions: {
    'enquiry.related': '같은 방문자의 다른 문의 조회',
  },
  historyKinds: [],
});
