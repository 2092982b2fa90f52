/** The accounts page's routes (admins only, from the route table): list, invite, change, the two-factor policy. */
import type { AccountsAnswer } from '../../../shared/accounts/accounts';
import { accountChangeSchema, inviteSchema, policySchema } from '../../../shared/accounts/accounts-schema';
import type { AppDeps } from '../../deps';
import { ApiError, parseInput } from '../../platform/http/errors';
import { jsonPayload } from '../../platform/http/request';
import { json } from '../../platform/http/response';
import { type StaffAuthDeps, staffHandler } from '../staff-auth/staff';
import { type AccountDeps, accountSummary, changeAccount, inviteAccount } from './staff-accounts';
import { hasTwoFactor, twoFactorRequired } from '../two-factor/two-factor';

/** `GET /api/accounts`: every account (oldest first) and whether two-factor is required. */
export function makeAccountsHandler(deps: StaffAuthDeps) {
  return staffHandler(deps, async ({ audit }) => {
    const [accounts, requireTwoFactor] = await Promise.all([deps.staff.list(), twoFactorRequired(deps)]);
    await audit('account.list', '-');
    const answer: AccountsAnswer = {
      accounts: accounts
        .map(accountSummary)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.email.localeCompare(b.email)),
      requireTwoFactor,
    };
    return json(200, answer);
  });
}

/** `POST /api/accounts/invite`: `{ data: { email, role } }` -> the invited account and its mail's state. */
export function makeInviteHandler(deps: StaffAuthDeps & AccountDeps) {
  return staffHandler(deps, async ({ request, staff, audit }) => {
    const invitation = parseInput(inviteSchema, jsonPayload(request));
    const result = await inviteAccount(deps, staff.email, invitation);
    await audit('account.invite', `${invitation.email} as ${invitation.role}`);
    return json(200, result);
  });
}

/** `POST /api/accounts/change`: `{ data: { email, action: role|disable|enable|resetTwoFactor, role? } }` -> the account. */
export function makeChangeAccountHandler(deps: StaffAuthDeps & AccountDeps) {
  return staffHandler(deps, async ({ request, staff, audit }) => {
    const change = parseInput(accountChangeSchema, jsonPayload(request));
    const account = await changeAccount(deps, staff.email, change);
    await audit(
      `account.${change.action}`,
      change.action === 'role' ? `${change.email} to ${change.role}` : change.email,
    );
    return json(200, account);
  });
}

/** `POST /api/accounts/policy`: `{ data: { requireTwoFactor } }` -> the policy now. */
export function makeTwoFactorPolicyHandler(deps: StaffAuthDeps & Pick<AppDeps, 'policies'>) {
  return staffHandler(deps, async ({ request, staff, audit }) => {
    const { requireTwoFactor } = parseInput(policySchema, jsonPayload(request));
    // The admin who requires it of everyone has it: otherwise the next request would send them to set it up.
    if (requireTwoFactor && !hasTwoFactor(staff.account)) {
      throw new ApiError('conflict', 'Set up your own two-factor sign-in first.', {
        requireTwoFactor: 'Your account has no two-factor sign-in',
      });
    }
    await deps.policies.put({
      requireTwoFactor,
      updatedAt: new Date(deps.clock.now()).toISOString(),
      updatedBy: staff.email,
    });
    await audit('account.policy', `requireTwoFactor=${requireTwoFactor}`);
    return json(200, { requireTwoFactor });
  });
}
