/**
 * Every action the access log records, with how the back office names it
 * (Korean, as the back office speaks). The functions may record only these;
 * the access-log page offers them as its action filter. An action's group is
 * the part before the first dot, so `enquiry.` finds every enquiry action.
 */
import { isKoreaDay } from './korea-time';

export const AUDIT_ACTIONS = {
  'auth.login': '로그인',
  'auth.login.failed': '로그인 실패 (비밀번호)',
  'auth.login.refused': '로그인 거부 (시도 제한)',
  'auth.login.cross_site': '로그인 거부 (다른 사이트에서 보낸 요청)',
  'auth.login.wrong_type': '로그인 거부 (JSON이 아닌 본문)',
  'auth.login.malformed': '로그인 거부 (잘못된 요청 본문)',
  'auth.logout': '로그아웃',
  'auth.refused': '인증 거부 (토큰 없음·만료)',
  'auth.forbidden': '권한 없는 요청',
  'auth.login.code_required': '로그인: 2단계 인증 코드 요청',
  'auth.login.code_failed': '로그인 실패 (2단계 인증 코드)',
  'auth.login.code_locked': '로그인 거부 (2단계 인증 코드 잠김: 복구 코드나 관리자 초기화 필요)',
  'auth.login.recovery_code': '로그인 (복구 코드 사용)',
  'auth.login.enrol_mailed': '로그인: 2단계 인증 등록 링크 메일 발송',
  'auth.enrol_link': '2단계 인증 등록 링크 사용 (비밀번호 확인)',
  'auth.enrol_link.failed': '2단계 인증 등록 링크 실패',
  'auth.enrol_link.refused': '2단계 인증 등록 링크 거부 (시도 제한)',
  'auth.enrol_link.cross_site': '2단계 인증 등록 링크 거부 (다른 사이트에서 보낸 요청)',
  'auth.enrol_link.wrong_type': '2단계 인증 등록 링크 거부 (JSON이 아닌 본문)',
  'auth.enrol_link.malformed': '2단계 인증 등록 링크 거부 (잘못된 요청 본문)',
  'auth.login.no_role': '로그인 거부 (역할 없는 계정)',
  'auth.no_role': '인증 거부 (역할 없는 계정)',
  'auth.enrolment_required': '거부: 2단계 인증 등록 먼저',
  'auth.welcome': '초대 수락 (비밀번호 설정)',
  'auth.welcome.failed': '초대 수락 실패',
  'auth.welcome.refused': '초대 수락 거부 (시도 제한)',
  'auth.welcome.cross_site': '초대 수락 거부 (다른 사이트에서 보낸 요청)',
  'auth.welcome.wrong_type': '초대 수락 거부 (JSON이 아닌 본문)',
  'auth.welcome.malformed': '초대 수락 거부 (잘못된 요청 본문)',
  'twofactor.status': '2단계 인증 상태 조회',
  'twofactor.start': '2단계 인증 등록 시작',
  'twofactor.confirm_failed': '2단계 인증 등록 실패 (코드)',
  'twofactor.enrol': '2단계 인증 등록',
  'account.list': '계정 목록 조회',
  'account.invite': '계정 초대',
  'account.role': '계정 역할 변경',
  'account.disable': '계정 비활성화',
  'account.enable': '계정 활성화',
  'account.resetTwoFactor': '2단계 인증 초기화',
  'account.policy': '2단계 인증 정책 변경',
  'account.password': '내 비밀번호 변경',
  'account.password.failed': '내 비밀번호 변경 실패 (현재 비밀번호)',
  'account.password.refused': '내 비밀번호 변경 거부 (시도 제한)',
  'enquiry.list': '문의 목록 조회',
  'enquiry.read': '문의 상세 조회',
  'enquiry.related': '같은 방문자의 다른 문의 조회',
  'enquiry.thread': '문의 기록 조회',
  'enquiry.translate': '기계 번역 다시 요청',
  'enquiry.export': '문의 CSV 내보내기',
  'enquiry.work': '상태·담당 변경',
  'enquiry.owners': '담당자 후보 조회',
  'enquiry.note': '메모 추가',
  'enquiry.reply': '답장 발송',
  'enquiry.replyPreview': '답장 번역 미리 보기',
  'enquiry.seen': '방문자 새 메시지 읽음',
  'enquiry.visitor_link': '방문자 페이지 링크 교체',
  'enquiry.attachment': '방문자 첨부 파일 내려받기',
  'enquiry.tags': '태그 변경',
  'tags.list': '태그 목록 조회',
  'keptmail.list': '보관 메일함 조회',
  'keptmail.read': '보관 메일 본문 조회',
  'keptmail.attach': '보관 메일을 문의에 연결',
  'keptmail.discard': '보관 메일 폐기',
  'enquiry.hold': '법적 보존 설정',
  'enquiry.release': '법적 보존 해제',
  'template.list': '답장 양식 조회',
  'template.save': '답장 양식 저장',
  'template.history': '답장 양식 이전 버전 목록 조회',
  'template.version': '답장 양식 이전 버전 조회',
  'template.restore': '답장 양식 이전 버전 복원',
  'package.edit': 'BEST 3 수정',
  'package.popup': '팝업 이미지 수정',
  'upload.presign': '이미지 업로드',
  'accesslog.read': '접근 기록 조회',
  'accesslog.export': '접근 기록 CSV',
  'retention.read': '보관 기간 만료 건수 조회',
  'subject.read': '개인정보 열람 (검색)',
  'subject.export': '개인정보 내려받기',
  'subject.erase': '개인정보 삭제',
  'dashboard.read': '대시보드 조회',
  'dashboard.export': '월간 보고서 CSV',
} as const;

/**
 * Refusals anyone can cause as often as they like (a call without a valid
 * token, a sign-in or an invitation refused): each is counted on one row per
 * action, source network, route and actor in each quarter hour
 * (ACCESS_LOG_COUNT_MINUTES) instead of one row per request, so a flood of
 * them adds a handful of rows, not one per call. Every other action is one
 * row per request, written once.
 */
export const COUNTED_ACTIONS = [
  'auth.refused',
  'auth.login.failed',
  'auth.login.refused',
  'auth.login.cross_site',
  'auth.login.wrong_type',
  'auth.login.malformed',
  'auth.login.code_failed',
  'auth.login.code_locked',
  'auth.welcome.failed',
  'auth.welcome.refused',
  'auth.welcome.cross_site',
  'auth.welcome.wrong_type',
  'auth.welcome.malformed',
  'auth.enrol_link.failed',
  'auth.enrol_link.refused',
  'auth.enrol_link.cross_site',
  'auth.enrol_link.wrong_type',
  'auth.enrol_link.malformed',
] as const satisfies readonly (keyof typeof AUDIT_ACTIONS)[];

export type CountedAction = (typeof COUNTED_ACTIONS)[number];

/** How long one counted row counts: a quarter hour, aligned to the clock (as sign-in's limits are), so never across a Korea day. */
export const ACCESS_LOG_COUNT_MINUTES = 15;

/** The most rows one page of `GET /api/access-log` holds (its `limit`), and how many it holds unless asked. */
export const ACCESS_LOG_PAGE_MAX = 500;
export const ACCESS_LOG_PAGE_DEFAULT = 100;

/** The rows of one CSV page (`GET /api/access-log.csv`): the back office asks page after page and saves them as one file. */
export const ACCESS_LOG_CSV_PAGE_ROWS = 2_000;

/** The response header that carries the next CSV page's cursor (absent on the last page). */
export const ACCESS_LOG_NEXT_HEADER = 'x-next-cursor';

/** The most days one access-log read covers (each day is one query). */
export const ACCESS_LOG_MAX_DAYS = 31;

/** Whether a span of Korea days is one the access-log routes read (the browser checks its address with this too). */
export function isAccessLogSpan(from: string, to: string): boolean {
  return (
    isKoreaDay(from) &&
    isKoreaDay(to) &&
    from <= to &&
    (Date.parse(to) - Date.parse(from)) / 86_400_000 < ACCESS_LOG_MAX_DAYS
  );
}

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

/** The groups (`auth`, `enquiry`, ...) in the order the actions are listed. */
export const AUDIT_ACTION_GROUPS = [...new Set(AUDIT_ACTION_NAMES.map((action) => action.split('.')[0] ?? action))];

/** The back office's name of an action; an unknown one (an older record) as it is written. */
export function auditActionLabel(action: string): string {
  return (AUDIT_ACTIONS as Record<string, string>)[action] ?? action;
}

/** One row of the access log: who did what to which, from where, when; `GET /api/access-log` answers them. */
export interface AccessLogEntry {
  actor: string;
  action: AuditAction;
  /** Which enquiry or package, or the filter of a list or export; for a refused call, its method and route. */
  target: string;
  /** Where the request came from; on a counted row, the source network (an IPv4 address, an IPv6 /64). */
  clientAddress: string;
  /** The request's id; on a counted row, the first request's. */
  requestId: string;
  /** When; on a counted row, the first of its requests. */
  at: number;
  /** A counted row (COUNTED_ACTIONS) only: how many requests it stands for, and when the last came. */
  count?: number;
  lastAt?: number;
}

/** Whether an action is counted (one row per source and route each quarter hour) rather than written per request. */
export function isCountedAction(action: AuditAction): action is CountedAction {
  return (COUNTED_ACTIONS as readonly string[]).includes(action);
}
