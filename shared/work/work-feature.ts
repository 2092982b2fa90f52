/**
 * Working an enquiry in the shared index of features (shared/features.ts):
 * its routes, what they record in the access log, and the history it writes
 * (`received` is the enquiry itself, the thread's first line).
 */
import { defineFeature } from '../platform/feature-manifest';
import { WORK_ROUTES } from './work-routes';

export const WORK_FEATURE = defineFeature({
  routes: WORK_ROUTES,
  auditActions: {
    'enquiry.thread': '문의 기록 조회',
    'enquiry.work': '상태·담당 변경',
    'enquiry.owners': '담당자 후보 조회',
    'enquiry.note': '메모 추가',
    'enquiry.reply': '답장 발송',
    'enquiry.seen': '방문자 새 메시지 읽음',
    'template.list': '답장 양식 조회',
    'template.save': '답장 양식 저장',
    'template.history': '답장 양식 이전 버전 목록 조회',
    'template.version': '답장 양식 이전 버전 조회',
    'template.restore': '답장 양식 이전 버전 복원',
  },
  historyKinds: ['received', 'status', 'owner', 'note', 'reply'],
});
