/**
 * Staff accounts in the shared index of features (shared/features.ts), as two
 * manifests only because the route table has signing in near its start and
 * the accounts pages at its end. The first holds every `auth.` action: signing
 * in, by password or by an invitation's or enrolment link's page, and every
 * staff route's token check; the second what two-factor sign-in, the accounts
 * page and one's own password record.
 */
import { defineFeature } from '../platform/feature-manifest';
import { ACCOUNT_ROUTES, SIGN_IN_ROUTES } from './account-routes';

export const SIGN_IN_FEATURE = defineFeature({
  routes: SIGN_IN_ROUTES,
  auditActions: {
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
  },
  historyKinds: [],
});

export const ACCOUNT_FEATURE = defineFeature({
  routes: ACCOUNT_ROUTES,
  auditActions: {
    'twofactor.status': '2단계 인증 상태 조회',
    'twofactor.start': '2단계 인증 등록 시작',
    'twofactor.start_failed': '2단계 인증 등록 시작 실패 (비밀번호)',
    'twofactor.start_refused': '2단계 인증 등록 시작 거부 (시도 제한)',
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
  },
  historyKinds: [],
});
