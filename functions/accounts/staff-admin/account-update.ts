/**
 * A change to an account written as an update of the attributes it changes
 * (StaffStore.update), on the revision that was read: never the whole item
 * as it was read, which would write back a two-factor code's time step, a
 * used recovery code or a sign-in that came in meanwhile (they move no
 * revision).
 */
import { ApiError } from '../../platform/http/errors';
import type { AccountChanges, StaffStore } from '../ports';
import type { StaffAccount } from '../staff-account';

/** An account as read: whole, or its profile (an admin's change reads no credentials). */
type AccountRead = Pick<StaffAccount, 'email' | 'revision'> & Partial<StaffAccount>;

/** The 409 of a staff member's change to their own account when it changed since they read it. */
export const ownAccountChangedMeanwhile = () =>
  new ApiError('conflict', 'Your account changed meanwhile. Please reload and try again.');

/**
 * The signed-in staff member's whole account, for the routes that check or
 * change one of its credentials (their IAM reads whole accounts; every other
 * staff route has the profile alone). Gone since the token was checked: the
 * same 409 as a change meanwhile.
 */
export async function ownWholeAccount(staff: Pick<StaffStore, 'get'>, email: string): Promise<StaffAccount> {
  const account = await staff.get(email);
  if (!account) throw ownAccountChangedMeanwhile();
  return account;
}

/** The attributes `after` changes from `before`: those with another value, and those it names as `undefined` (removed). */
export function changedAttributes(before: AccountRead, after: AccountRead): AccountChanges {
  const changes: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(after)) {
    if (name === 'email' || name === 'revision') continue;
    if (value === undefined || value !== before[name as keyof StaffAccount]) changes[name] = value;
  }
  return changes as AccountChanges;
}

/** Writes what `after` changes of the account read as `before`, if nobody changed it since; `false` when someone did. */
export function updateAccount(
  staff: Pick<StaffStore, 'update'>,
  before: AccountRead,
  after: AccountRead,
): Promise<boolean> {
  return staff.update(before.email, changedAttributes(before, after), before.revision ?? 0);
}
