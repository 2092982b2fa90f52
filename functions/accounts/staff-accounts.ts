/**
 * Staff accounts as admins manage them: their state, invitations by a
 * one-time link, role changes, disable and enable, two-factor reset, and the
 * rule that the last active admin stays. Every change that must end an
 * account's sessions adds one to its token version (disable, enable, role
 * change, two-factor reset), and every change is a conditional write on the
 * account's revision, so two admins never overwrite each other.
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { type AccountState, type AccountSummary, INVITATION_LIFETIME_SECONDS, invitationLink } from '../../shared/accounts/accounts';
import type { AccountChangeRequest, InviteRequest } from '../../shared/accounts/accounts-schema';
import { type StaffRole, nextTokenVersion } from '../../shared/auth';
import { formatKoreaDateTime } from '../../shared/korea-time';
import { OUTBOX_QUEUES } from '../../shared/tables';
import type { MailStatus } from '../../shared/enquiries/enquiry';
import { ApiError } from '../http/errors';
import type { AppDeps } from '../deps';
import type { MailContent, OutboxMail } from '../mail/ports';
import type { StaffAccount } from '../ports';
import { escapeHtml } from '../mail/html-text';
import { MAIL_GRACE_MS, type MailDeps, deliverMail } from '../mail/mail-delivery';
import { hasTwoFactor, withoutTwoFactor } from './two-factor';
import { updateAccount } from './account-update';

/** An invited account has no password until its invitation is taken up. */
export function accountState(account: StaffAccount): AccountState {
  if (account.disabled) return 'disabled';
  return account.passwordHash === '' ? 'invited' : 'active';
}

export const isActiveAdmin = (account: StaffAccount) => accountState(account) === 'active' && account.role === 'admin';

export function accountSummary(account: StaffAccount): AccountSummary {
  const state = accountState(account);
  return {
    email: account.email,
    // An account from before roles has none, and cannot sign in until an admin gives it one.
    ...(account.role ? { role: account.role } : {}),
    state,
    twoFactor: hasTwoFactor(account),
    ...(account.lastSignInAt ? { lastSignInAt: account.lastSignInAt } : {}),
    ...(state === 'invited' && account.invitationExpiresAt ? { invitationExpiresAt: new Date(account.invitationExpiresAt).toISOString() } : {}),
    createdAt: account.createdAt,
  };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * A new invitation: the link's token names the account (base64url of the
 * address, so the link finds it by key) and carries 32 random bytes; only the
 * SHA-256 of those is stored.
 */
export function newInvitation(email: string): { token: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { token: `${Buffer.from(email).toString('base64url')}.${secret}`, hash: sha256(secret) };
}

export function readInvitationToken(token: string): { email: string; hash: string } | undefined {
  const [address, secret] = token.split('.');
  if (!address || !secret) return undefined;
  return { email: Buffer.from(address, 'base64url').toString('utf8'), hash: sha256(secret) };
}

/** Whether a token is this account's current invitation, still unused and in time. */
export function invitationMatches(account: StaffAccount | undefined, hash: string, nowMs: number): account is StaffAccount & { role: StaffRole } {
  if (!account?.invitationHash || !account.role || account.disabled || accountState(account) !== 'invited') return false;
  if ((account.invitationExpiresAt ?? 0) <= nowMs) return false;
  const expected = Buffer.from(account.invitationHash);
  const given = Buffer.from(hash);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const ROLE_LABELS: Record<StaffRole, string> = { admin: '관리자', staff: '상담 직원', editor: '콘텐츠 편집자' };

/** The invitation mail (Korean, like the back office): the link, who invited, until when it works. */
export function composeInvitationMail(to: string, link: string, role: StaffRole, invitedBy: string, expiresAt: number): MailContent {
  const until = `${formatKoreaDateTime(expiresAt)} (한국 시간)`;
  const lines = [
    `${invitedBy} 님이 의료관광센터 관리자 화면에 ${ROLE_LABELS[role]} 계정으로 초대했습니다.`,
    '',
    '아래 링크를 열어 비밀번호를 정하고 2단계 인증을 설정해 주세요.',
    link,
    '',
    `이 링크는 ${until}까지 한 번만 쓸 수 있습니다. 초대를 기대하지 않았다면 이 메일을 무시해 주세요.`,
  ];
  const html = [
    '<!doctype html><html lang="ko"><head><meta charset="utf-8"></head><body style="font-family:sans-serif;line-height:1.5">',
    `<p>${escapeHtml(lines[0] ?? '')}</p>`,
    `<p>${escapeHtml(lines[2] ?? '')}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    `<p>${escapeHtml(lines[5] ?? '')}</p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject: '의료관광센터 관리자 초대', text: lines.join('\n'), html };
}

export type AccountDeps = Pick<MailDeps, 'enquiries' | 'outbox' | 'throttle' | 'mailer' | 'settings' | 'clock' | 'log'> & Pick<AppDeps, 'staff'>;

const changedMeanwhile = () => new ApiError('conflict', 'Someone changed this account meanwhile. Please reload and try again.');

/**
 * Invites a new staff member (or invites an invited one again, which ends the
 * earlier link): the account waits as `invited`, and the mail with the
 * one-time link goes through the outbox.
 */
export async function inviteAccount(deps: AccountDeps, actor: string, request: InviteRequest): Promise<{ account: AccountSummary; mail: MailStatus }> {
  const now = deps.clock.now();
  const existing = await deps.staff.get(request.email);
  if (existing && accountState(existing) !== 'invited') {
    throw new ApiError('conflict', 'This address already has an account.', { email: 'Already has an account' });
  }
  const { token, hash } = newInvitation(request.email);
  const expiresAt = now + INVITATION_LIFETIME_SECONDS * 1000;
  const at = new Date(now).toISOString();
  const account: StaffAccount = {
    email: request.email,
    passwordHash: '',
    disabled: false,
    role: request.role,
    createdAt: existing?.createdAt ?? at,
    updatedAt: at,
    tokenVersion: existing?.tokenVersion ?? 0,
    invitationHash: hash,
    invitationExpiresAt: expiresAt,
    invitedBy: actor,
  };
  if (!(await deps.staff.replace(account, existing?.revision ?? 0))) throw changedMeanwhile();

  const mail: OutboxMail = {
    mailId: `invite:${randomUUID()}`,
    kind: 'invite',
    postIndex: 0,
    status: 'pending',
    attempts: 0,
    createdAt: now,
    queue: OUTBOX_QUEUES.due,
    nextAt: now + MAIL_GRACE_MS,
    content: composeInvitationMail(request.email, invitationLink(deps.settings.SITE_URL, token), request.role, actor, expiresAt),
  };
  await deps.outbox.add(mail);
  return { account: accountSummary(account), mail: await deliverMail(deps, mail) };
}

/**
 * An admin's change to an account. The last active admin can be neither
 * disabled nor given another role, by anyone, themselves included.
 *
 * (The check reads every account, then writes one: two admins demoting each
 * other in the very same moment could both pass it. With a handful of admins
 * who would have to race each other on purpose, that is accepted; the CLI can
 * always make a new admin.)
 */
export async function changeAccount(deps: Pick<AccountDeps, 'staff' | 'clock'>, change: AccountChangeRequest): Promise<AccountSummary> {
  const accounts = await deps.staff.list();
  const account = accounts.find((candidate) => candidate.email === change.email);
  if (!account) throw new ApiError('not_found', 'There is no account with this address.');

  const removesAdmin = isActiveAdmin(account) && (change.action === 'disable' || (change.action === 'role' && change.role !== 'admin'));
  if (removesAdmin && accounts.filter(isActiveAdmin).length <= 1) {
    throw new ApiError('conflict', 'The last active admin cannot be disabled or given another role. Make another admin first.', { email: 'The last active admin' });
  }

  const at = new Date(deps.clock.now()).toISOString();
  let next: StaffAccount;
  switch (change.action) {
    case 'role':
      if (account.role === change.role) return accountSummary(account);
      next = { ...account, role: change.role };
      break;
    case 'disable':
      if (account.disabled) return accountSummary(account);
      next = { ...account, disabled: true };
      break;
    case 'enable':
      if (!account.disabled) return accountSummary(account);
      next = { ...account, disabled: false };
      break;
    case 'resetTwoFactor':
      // The secret and every recovery code go; the account enrols again at its next sign-in (if the policy requires it) or when it chooses.
      next = withoutTwoFactor(account);
      break;
  }
  // Every one of these ends the account's sessions (enable too: sessions from before a disable stay ended).
  next = { ...next, updatedAt: at, tokenVersion: nextTokenVersion(account) };
  // Only what the change changes: a code used or a sign-in recorded meanwhile is not written back as it was read.
  if (!(await updateAccount(deps.staff, account, next))) throw changedMeanwhile();
  return accountSummary(next);
}
