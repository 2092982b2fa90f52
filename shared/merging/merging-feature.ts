/** Merging duplicate enquiries in the shared index of features (shared/features.ts): its routes and what they record. */
import { defineFeature } from '../platform/feature-manifest';
import { MERGING_ROUTES } from './merging-routes';

export const MERGING_FEATURE = defineFeature({
  routes: MERGING_ROUTES,
  auditActions: {
    'enquiry.related': '같은 방문자의 다른 문의 조회',
    'enquiry.merge': '문의 병합',
    'enquiry.unmerge': '문의 병합 취소',
    'enquiry.split': '메시지를 새 문의로 분리',
  },
  // Each written in both histories: `from` the enquiry that went (or was split from), `to` the one it went to.
  historyKinds: ['merge', 'unmerge', 'split'],
});
