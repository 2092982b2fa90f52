/** Tags on enquiries in the shared index of features (shared/features.ts): their routes, what they record, and their history event (the tags before and after). */
import { defineFeature } from '../platform/feature-manifest';
import { TAG_ROUTES } from './tag-routes';

export const TAG_FEATURE = defineFeature({
  routes: TAG_ROUTES,
  auditActions: {
    'enquiry.tags': '태그 변경',
    'tags.list': '태그 목록 조회',
  },
  historyKinds: ['tags'],
});
