/**
 * Staff accounts as admins manage them: their state, invitations by a
 * one-time link, role changes, disable and enable, two-factor reset, and the
 * rule that the last active admin stays. Every change that must end an
 * account's sessions adds one to its token version (disable, enable, role
 * change, two-factor reset), and every change is a conditional write on the
 * account's revision, so two admins never overwrite each other.
 */
import {
  type AccountState,
  type AccountSummary,
  EXPIRED_INVITATION_KEPT_SECONDS,
  INVITATION_LIFETIME_SECONDS,
  invitationLink,
} from '../../../shared/accounts/accounts';
import type { AccountChangeRequest, InviteRequest } from '../../../shared/accounts/accounts-schema';
import { type StaffRole, nextTokenVersion } from '../../../shared/auth';
import type { MailStatus } from '../../../shared/enquiries/enquiry';
import { ApiError } from '../../platform/http/errors';
import type { AppDeps } from '../../deps';
import type { StaffAccount } from '../staff-account';
import type { AccountMailDeps } from '../../mail/outbox/mail-deps';
import { composeInvitationMail, mailAccount, tellOwner } from '../account-mail';
import { hasTwoFactor, withoutTwoFactor } from '../two-factor/two-factor';
import { linkMatches, newAccountLink } from '../account-links';
import { updateAccount } from './account-update';
import type { StaffProfile } from '../staff-profile';

/**
 * An invited account has no password and an invitation's expiry until the
 * invitation is taken up (a profile shows it by the expiry alone: it has no
 * password hash to look at).
 */
export function accountState(
  account: Pick<StaffProfile, 'disabled' | 'invitationExpiresAt'> & { passwordHash?: string },
): AccountState {
  if (account.disabled) return 'disabled';
  return account.invitationExpiresAt !== undefined || account.passwordHash === '' ? 'invited' : 'active';
}

export const isActiveAdmin = (account: StaffProfile) => accountState(account) === 'active' && account.role === 'admin';

export function accountSummary(account: StaffProfile): AccountSummary {
  const state = accountState(account);
  return {
    email: account.email,
    // An account from before roles has none, and cannot sign in until an admin gives it one.
    ...(account.role ? { role: account.role } : {}),
    state,
    twoFactor: hasTwoFactor(account),
    ...(account.lastSignInAt ? { lastSignInAt: account.lastSignInAt } : {}),
    ...(state === 'invited' && account.invitationExpiresAt
      ? { invitationExpiresAt: new Date(account.invitationExpiresAt).toISOString() }
      : {}),
    createdAt: account.createdAt,
  };
}

/** The account with a password set: a pending invitation is spent with it (its link goes, and its time to live: the account stays). */
export function withPasswordSet(account: StaffAccount, passwordHash: string): StaffAccount {
  return { ...account, passwordHash, invitationHash: undefined, invitationExpiresAt: undefined, expiresAt: undefined };
}

/** Whether a token is this account's current invitation, still unused and in time. */
export function invitationMatches(
  account: StaffAccount | undefined,
  hash: string,
  nowMs: number,
): account is StaffAccount & { role: StaffRole } {
  if (!account?.role || account.disabled || accountState(account) !== 'invited') return false;
  return linkMatches({ hash: account.invitationHash, expiresAt: account.invitationExpiresAt }, hash, nowMs);
}

export type AccountDeps = AccountMailDeps & Pick<AppDeps, 'staff'>;

const changedMeanwhile = () =>
  new ApiError('conflict', 'Someone changed this account meanwhile. Please reload and try again.');

/**
 * Invites a new staff member (or invites an invited one again, which ends the
 * earlier link): the account waits as `invited`, and the mail with the
 * one-time link goes through the outbox.
 */
export async function inviteAccount(
  deps: AccountDeps,
  actor: string,
  request: InviteRequest,
): Promise<{ account: AccountSummary; mail: MailStatus }> {
  const now = deps.clock.now();
  const existing = await deps.staff.profile(request.email);
  if (existing && accountState(existing) !== 'invited') {
    throw new ApiError('conflict', 'This address already has an account.', { email: 'Already has an account' });
  }
  const { token, hash } = newAccountLink(request.email);
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
    // Nobody took it up: the account goes a while after its link expired (taking it up removes this).
    expiresAt: Math.floor(expiresAt / 1000) + EXPIRED_INVITATION_KEPT_SECONDS,
  };
  if (!(await deps.staff.replace(account, existing?.revision ?? 0))) throw changedMeanwhile();

  const mail = await mailAccount(
    deps,
    'invite',
    composeInvitationMail(request.email, invitationLink(deps.settings.SITE_URL, token), request.role, actor, expiresAt),
  );
  return { account: accountSummary(account), mail };
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
export async function changeAccount(
  deps: AccountDeps,
  actor: string,
  change: AccountChangeRequest,
): Promise<AccountSummary> {
  const accounts = await deps.staff.list();
  const account = accounts.find((candidate) => candidate.email === change.email);
  if (!account) throw new ApiError('not_found', 'There is no account with this address.');

  const removesAdmin =
    isActiveAdmin(account) && (change.action === 'disable' || (change.action === 'role' && change.role !== 'admin'));
  if (removesAdmin && accounts.filter(isActiveAdmin).length <= 1) {
    throw new ApiError(
      'conflict',
      'The last active admin cannot be disabled or given another role. Make another admin first.',
      { email: 'The last active admin' },
    );
  }

  const at = new Date(deps.clock.now()).toISOString();
  let next: StaffProfile;
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
  if (change.action === 'resetTwoFactor' && hasTwoFactor(account))
    await tellOwner(deps, account.email, { kind: 'twoFactorReset', by: actor });
  return accountSummary(next);
}
