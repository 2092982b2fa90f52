/** Privacy operations in the shared index of features (shared/features.ts): their routes and what they record. */
import { defineFeature } from '../platform/feature-manifest';
import { PRIVACY_ROUTES } from './privacy-routes';

export const PRIVACY_FEATURE = defineFeature({
  routes: PRIVACY_ROUTES,
  auditActions: {
    'enquiry.hold': '법적 보존 설정',
    'enquiry.release': '법적 보존 해제',
    'accesslog.read': '접근 기록 조회',
    'accesslog.export': '접근 기록 CSV',
    'retention.read': '보관 기간 만료 건수 조회',
    'subject.read': '개인정보 열람 (검색)',
    'subject.export': '개인정보 내려받기',
    'subject.erase': '개인정보 삭제',
  },
  historyKinds: [],
});
