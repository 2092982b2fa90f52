/**
 * Who may own an enquiry: an account that signs in (neither disabled nor
 * still invited) with a role that works enquiries, which is what the route
 * table lets call the work route (staff and admins). An editor works on the
 * BEST 3 packages only; an account without a role opens nothing.
 */
import { apiPath, roleMayCall, routeOf } from '../../shared/routes';
import { ApiError } from '../platform/http/errors';
import type { AppDeps } from '../deps';
import type { StaffProfile } from '../accounts/staff-profile';
import { accountState } from '../accounts/staff-admin/staff-accounts';

const workRoute = routeOf('POST', apiPath('work'));

/** Why an account may not own an enquiry, or `undefined` when it may. */
function ownerProblem(account: StaffProfile | undefined): string | undefined {
  if (!account) return 'There is no staff account with this address.';
  const state = accountState(account);
  if (state === 'disabled') return 'This account is disabled.';
  if (state === 'invited') return 'This account has not taken up its invitation yet.';
  if (!account.role || !workRoute || !roleMayCall(workRoute, account.role))
    return 'Only staff members and admins own enquiries; this account is not one.';
  return undefined;
}

export const mayOwnEnquiries = (account: StaffProfile): boolean => ownerProblem(account) === undefined;

/** The account of an address as an owner: a 400 naming the field and why, when it may not own an enquiry. */
export async function checkOwner(deps: Pick<AppDeps, 'staff'>, email: string): Promise<void> {
  const problem = ownerProblem(await deps.staff.profile(email));
  if (problem) throw new ApiError('invalid_input', problem, { owner: 'An active staff member or admin' });
}

/** The addresses an enquiry may be given to, sorted. */
export async function eligibleOwners(deps: Pick<AppDeps, 'staff'>): Promise<string[]> {
  return (await deps.staff.list())
    .filter(mayOwnEnquiries)
    .map((account) => account.email)
    .sort();
}
