/**
 * Mails to a staff account's own address, in Korean like the back office: an
 * invitation and an enrolment link (each with a one-time link, sealed while
 * it waits in the outbox), and the notices that tell the owner of a change
 * to their sign-in they may not have made (two-factor turned on or reset, a
 * recovery code used, codes locked after too many wrong ones). Each goes
 * through the outbox and is tried at once; a send that fails waits for the
 * retry job.
 */
import { randomUUID } from 'node:crypto';
import { ACCOUNT_MAIL_KEPT_SECONDS, TWO_FACTOR_PATH } from '../../shared/accounts/accounts';
import type { StaffRole } from '../../shared/auth';
import type { MailStatus } from '../../shared/enquiries/enquiry';
import { formatKoreaDateTime } from '../../shared/korea-time';
import { escapeHtml } from '../mail/html-text';
import type { AccountMailDeps } from '../mail/outbox/mail-deps';
import { deliverAccountMail, pendingMail } from '../mail/outbox/mail-delivery';
import { type AccountMailKind, type MailContent, type OutboxMail, type OutboxStore, SEALED_KINDS } from '../mail/ports';
import { sealContent } from '../mail/sealed-content';

const ROLE_LABELS: Record<StaffRole, string> = { admin: '관리자', staff: '상담 직원', editor: '콘텐츠 편집자' };

const koreaTime = (atMs: number) => `${formatKoreaDateTime(atMs)} (한국 시간)`;

/** A mail of paragraphs and, after the first, a link on its own line. */
function accountMail(to: string, subject: string, paragraphs: readonly string[], link?: string): MailContent {
  const [first = '', ...rest] = paragraphs;
  const text = [first, ...(link ? [link] : []), ...rest].join('\n\n');
  const html = [
    '<!doctype html><html lang="ko"><head><meta charset="utf-8"></head><body style="font-family:sans-serif;line-height:1.5">',
    `<p>${escapeHtml(first)}</p>`,
    ...(link ? [`<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`] : []),
    ...rest.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    '</body></html>',
  ].join('\n');
  return { to, subject: `[의료관광센터] ${subject}`, text, html };
}

/** The invitation: who invited, as what, the link, until when it works. */
export function composeInvitationMail(
  to: string,
  link: string,
  role: StaffRole,
  invitedBy: string,
  expiresAt: number,
): MailContent {
  return accountMail(
    to,
    '관리자 화면 초대',
    [
      `${invitedBy} 님이 의료관광센터 관리자 화면에 ${ROLE_LABELS[role]} 계정으로 초대했습니다. 아래 링크를 열어 비밀번호를 정하고 2단계 인증을 설정해 주세요.`,
      `이 링크는 ${koreaTime(expiresAt)}까지 한 번만 쓸 수 있습니다. 초대를 기대하지 않았다면 이 메일을 무시해 주세요.`,
    ],
    link,
  );
}

/** The enrolment link: sent after a sign-in with the right password by an account that must set up two-factor. */
export function composeEnrolmentMail(to: string, link: string, expiresAt: number, clientAddress: string): MailContent {
  return accountMail(
    to,
    '2단계 인증 설정 링크',
    [
      `방금 이 계정의 비밀번호로 로그인했고 (접속 주소 ${clientAddress}), 이 계정은 2단계 인증을 설정해야 합니다. 로그인한 브라우저에서 아래 링크를 열고 비밀번호를 한 번 더 입력해 주세요.`,
      `이 링크는 ${koreaTime(expiresAt)}까지 한 번만 쓸 수 있습니다.`,
      '본인이 로그인하지 않았다면 링크를 열지 말고 관리자에게 바로 알려 주세요: 비밀번호가 다른 사람에게 알려졌을 수 있습니다.',
    ],
    link,
  );
}

/** What a notice tells the owner of an account. */
export type AccountNotice =
  | { kind: 'twoFactorOn' }
  | { kind: 'twoFactorReset'; by: string }
  | { kind: 'recoveryCodeUsed'; left: number; clientAddress: string }
  | { kind: 'codesLocked'; clientAddress: string };

const IF_NOT_YOU = '본인이 한 일이 아니라면 관리자에게 바로 알려 주세요.';

export function composeNotice(to: string, notice: AccountNotice, atMs: number, siteUrl: string): MailContent {
  const at = koreaTime(atMs);
  const settings = `${siteUrl}${TWO_FACTOR_PATH}`;
  switch (notice.kind) {
    case 'twoFactorOn':
      return accountMail(to, '2단계 인증이 켜졌습니다', [
        `${at}에 이 계정의 2단계 인증이 켜졌습니다. 이제 로그인할 때 인증 앱의 코드가 필요합니다.`,
        IF_NOT_YOU,
      ]);
    case 'twoFactorReset':
      return accountMail(to, '2단계 인증이 초기화되었습니다', [
        `${at}에 관리자(${notice.by})가 이 계정의 2단계 인증을 초기화했습니다. 다음 로그인 때 다시 설정하게 됩니다.`,
        IF_NOT_YOU,
      ]);
    case 'recoveryCodeUsed':
      return accountMail(
        to,
        '복구 코드로 로그인했습니다',
        [
          `${at}에 복구 코드 하나로 이 계정에 로그인했습니다 (접속 주소 ${notice.clientAddress}). 남은 복구 코드: ${notice.left}개. 남은 코드가 적으면 관리자에게 2단계 인증 초기화를 요청해 새 코드를 받으세요.`,
          IF_NOT_YOU,
        ],
        settings,
      );
    case 'codesLocked':
      return accountMail(to, '잘못된 인증 코드가 많아 잠겼습니다', [
        `${at}까지 이 계정에 잘못된 2단계 인증 코드가 연달아 입력되어 (마지막 접속 주소 ${notice.clientAddress}), 새 브라우저에서는 인증 앱의 코드를 더 받지 않습니다. 전에 로그인한 브라우저와 복구 코드는 계속 쓸 수 있습니다.`,
        '누군가 비밀번호를 알고 코드를 추측하고 있을 수 있습니다. 관리자에게 알리고 비밀번호를 바꿔 주세요.',
      ]);
  }
}

/** A mail to a staff account as the outbox first holds it (sealed when it holds a one-time link); the outbox keeps it ACCOUNT_MAIL_KEPT_SECONDS. */
function accountOutboxMail(now: number, kind: AccountMailKind, content: MailContent, tokenSecret: string): OutboxMail {
  return pendingMail(now, {
    mailId: `${kind}:${randomUUID()}`,
    kind,
    postIndex: 0,
    expiresAt: Math.floor(now / 1000) + ACCOUNT_MAIL_KEPT_SECONDS,
    ...(SEALED_KINDS.includes(kind) ? { sealedContent: sealContent(tokenSecret, content) } : { content }),
  });
}

/** Puts a mail to a staff account in the outbox and tries it at once; answers its state. */
export async function mailAccount(
  deps: AccountMailDeps,
  kind: AccountMailKind,
  content: MailContent,
): Promise<MailStatus> {
  const mail = accountOutboxMail(deps.clock.now(), kind, content, deps.settings.TOKEN_SECRET);
  await deps.outbox.add(mail);
  return deliverAccountMail(deps, mail);
}

/**
 * Puts an owner's notice in the outbox without sending it: the mail retry
 * job sends it after its grace, as any mail a route left there. For the
 * operator's `npm run staff`, which has no mailer of its own.
 */
export async function queueOwnerNotice(
  outbox: Pick<OutboxStore, 'add'>,
  nowMs: number,
  siteUrl: string,
  email: string,
  notice: AccountNotice,
): Promise<void> {
  // A notice holds no link to seal: no token secret is needed.
  await outbox.add(accountOutboxMail(nowMs, 'notice', composeNotice(email, notice, nowMs, siteUrl), ''));
}

/**
 * Tells the owner of an account: never fails the change it reports (the
 * change is made; a notice that could not even be queued is logged as an
 * error for the operator).
 */
export async function tellOwner(deps: AccountMailDeps, email: string, notice: AccountNotice): Promise<void> {
  try {
    await mailAccount(deps, 'notice', composeNotice(email, notice, deps.clock.now(), deps.settings.SITE_URL));
  } catch (error) {
    deps.log.error('account notice not queued', {
      notice: notice.kind,
      errorName: error instanceof Error ? error.name : typeof error,
    });
  }
}
