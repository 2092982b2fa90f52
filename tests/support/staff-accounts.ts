/**
 * Staff accounts for tests. Every account has a role: one without is refused
 * at sign-in and on every staff route (functions/accounts/staff-auth/staff.ts), so a test
 * names the role of each account it makes.
 */
import type { StaffRole } from '../../shared/auth';
import type { Settings } from '../../functions/platform/config';
import type { Clock } from '../../functions/platform/ports';
import type { StaffAccount } from '../../functions/accounts/staff-account';
import type { StaffStore } from '../../functions/accounts/ports';
import { signStaffToken } from '../../functions/accounts/staff-auth/staff-tokens';

/**
 * The account of this address with this role: made (with `made` on top) when
 * the address has none, given the role when it has another; kept otherwise.
 */
export async function accountWithRole(
  staff: Pick<StaffStore, 'get' | 'put'>,
  email: string,
  role: StaffRole,
  made: Partial<StaffAccount> = {},
): Promise<StaffAccount> {
  const stored = await staff.get(email);
  if (stored?.role === role) return stored;
  const at = new Date().toISOString();
  const account: StaffAccount = stored
    ? { ...stored, role }
    : {
        email,
        passwordHash: 'no sign-in for this account',
        disabled: false,
        role,
        createdAt: at,
        updatedAt: at,
        ...made,
      };
  await staff.put(account);
  return account;
}

/** A token as sign-in signs it, for an account of this role (made as `accountWithRole` does, at the clock's time). */
export async function tokenWithRole(
  deps: { staff: Pick<StaffStore, 'get' | 'put'>; settings: Settings; clock: Clock },
  email: string,
  role: StaffRole,
): Promise<string> {
  const at = new Date(deps.clock.now()).toISOString();
  const account = await accountWithRole(deps.staff, email, role, { createdAt: at, updatedAt: at });
  return signStaffToken(deps.settings, email, account.tokenVersion ?? 0, deps.clock.now(), role);
}
