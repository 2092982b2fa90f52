/** The visitor's page in the shared index of features (shared/features.ts): its routes, what staff replacing the link records, and that history event. */
import { defineFeature } from '../platform/feature-manifest';
import { VISITOR_ROUTES } from './visitor-routes';

export const VISITOR_FEATURE = defineFeature({
  routes: VISITOR_ROUTES,
  auditActions: { 'enquiry.visitor_link': '방문자 페이지 링크 교체' },
  historyKinds: ['visitorLink'],
});
