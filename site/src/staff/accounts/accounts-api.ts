/** The accounts page's, the welcome page's and the two-factor page's calls (types from shared/accounts/accounts.ts; no schema library in the browser). */
import type {
  AccountAction,
  AccountSummary,
  AccountsAnswer,
  EnrolmentDone,
  EnrolmentStart,
  TwoFactorStatus,
} from '../../../../shared/accounts/accounts';
import type { StaffRole } from '../../../../shared/auth';
import type { MailStatus } from '../../../../shared/enquiries/enquiry';
import { apiPath } from '../../../../shared/routes';
import { staffFetch, staffPost } from '../core/api';

export async function loadAccounts(): Promise<AccountsAnswer> {
  return (await (await staffFetch(apiPath('accounts'))).json()) as AccountsAnswer;
}

export async function inviteAccount(
  email: string,
  role: StaffRole,
): Promise<{ account: AccountSummary; mail: MailStatus }> {
  return (await staffPost<{ account: AccountSummary; mail: MailStatus }>(apiPath('invite'), { data: { email, role } }))
    .data;
}

export async function changeAccount(email: string, action: AccountAction, role?: StaffRole): Promise<AccountSummary> {
  return (
    await staffPost<AccountSummary>(apiPath('changeAccount'), { data: { email, action, ...(role ? { role } : {}) } })
  ).data;
}

export async function setTwoFactorPolicy(requireTwoFactor: boolean): Promise<void> {
  await staffPost(apiPath('twoFactorPolicy'), { data: { requireTwoFactor } });
}

export async function loadTwoFactor(): Promise<TwoFactorStatus> {
  return (await (await staffFetch(apiPath('twoFactor'))).json()) as TwoFactorStatus;
}

/** Starts two-factor set-up: with the account's password, which an enrolment link's session is not asked (`startAsksPassword`). */
export async function startEnrolment(password: string | undefined): Promise<EnrolmentStart> {
  return (
    await staffPost<EnrolmentStart>(apiPath('startTwoFactor'), password === undefined ? {} : { data: { password } })
  ).data;
}

export async function confirmEnrolment(code: string): Promise<EnrolmentDone> {
  return (await staffPost<EnrolmentDone>(apiPath('confirmTwoFactor'), { data: { code } })).data;
}

/** Changes the signed-in staff member's own password; the new token of this session (every other one has ended). */
export async function changeOwnPassword(current: string, password: string): Promise<string> {
  return (await staffPost<string>(apiPath('changePassword'), { data: { current, password } })).data;
}

/**
 * A one-time link page's call: an invitation taken up with the new password
 * (`welcome`), or an enrolment link opened with the account's password
 * (`enrolLink`); the session's token, or the error code.
 */
export async function openLinkPage(
  route: 'welcome' | 'enrolLink',
  token: string,
  password: string,
): Promise<{ token: string } | { error: string }> {
  try {
    const response = await fetch(apiPath(route), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: { token, password } }),
    });
    if (response.ok) return { token: (await response.json()) as string };
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    return { error: body.error ?? 'error' };
  } catch {
    return { error: 'network' };
  }
}
