/** Suspected spam in the shared index of features (shared/features.ts): its routes, what they record, and the history line of an enquiry marked genuine. */
import { defineFeature } from '../platform/feature-manifest';
import { SPAM_ROUTES } from './spam-routes';

export const SPAM_FEATURE = defineFeature({
  routes: SPAM_ROUTES,
  auditActions: {
    'enquiry.spamWaiting': '스팸 의심 대기 건수 조회',
    'enquiry.genuine': '스팸 의심을 정상 문의로 표시',
  },
  historyKinds: ['genuine'],
});
