/** Machine translation in the shared index of features (shared/features.ts): its routes and what they record. */
import { defineFeature } from '../platform/feature-manifest';
import { TRANSLATION_ROUTES } from './translation-routes';

export const TRANSLATION_FEATURE = defineFeature({
  routes: TRANSLATION_ROUTES,
  auditActions: {
    'enquiry.translate': '기계 번역 다시 요청',
    'enquiry.replyPreview': '답장 번역 미리 보기',
  },
  historyKinds: [],
});
