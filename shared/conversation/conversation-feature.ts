/**
 * The conversation in the shared index of features (shared/features.ts): its
 * routes, what they record, and the visitor's message in the history (an
 * answer by mail, or one written on the visitor's page, as its channel says).
 */
import { defineFeature } from '../platform/feature-manifest';
import { CONVERSATION_ROUTES } from './conversation-routes';

export const CONVERSATION_FEATURE = defineFeature({
  routes: CONVERSATION_ROUTES,
  auditActions: {
    'enquiry.attachment': '방문자 첨부 파일 내려받기',
    'keptmail.list': '보관 메일함 조회',
    'keptmail.read': '보관 메일 본문 조회',
    'keptmail.translate': '보관 메일 기계 번역',
    'keptmail.attach': '보관 메일을 문의에 연결',
    'keptmail.discard': '보관 메일 폐기',
    'keptmail.raw': '보관 메일 원본 내려받기 (관리자)',
  },
  historyKinds: ['visitorMessage'],
});
