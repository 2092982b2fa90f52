/** Reading enquiries in the shared index of features (shared/features.ts): the message box's and the detail's routes and what they record. */
import { defineFeature } from '../platform/feature-manifest';
import { ENQUIRY_ROUTES } from './enquiry-routes';

export const ENQUIRY_FEATURE = defineFeature({
  routes: ENQUIRY_ROUTES,
  auditActions: {
    'enquiry.list': '문의 목록 조회',
    'enquiry.read': '문의 상세 조회',
  },
  historyKinds: [],
});
