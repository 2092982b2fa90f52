/**
 * `POST /api/account/password`: the signed-in staff member (any role)
 * changes their own password. `{ data: { current, password } }`: the
 * password they sign in with now (current-password.ts), and the new one
 * under the welcome page's rules. The new hash and a new token version are
 * written as an update on the account's revision as read, so a change made
 * meanwhile is never overwritten and nothing else is written back. Every
 * other session ends; this one goes on with the token it answers (and the
 * browser stays known to sign-in, as after a sign-in).
 */
import { passwordChangeSchema } from '../../../shared/accounts/accounts-schema';
import { nextTokenVersion } from '../../../shared/auth';
import type { AppDeps } from '../../deps';
import { parseInput } from '../../platform/http/errors';
import { jsonPayload } from '../../platform/http/request';
import { json, withCookies } from '../../platform/http/response';
import { type StaffAuthDeps, staffHandler } from '../staff-auth/staff';
import { signStaffToken } from '../staff-auth/staff-tokens';
import { hashPassword } from './passwords';
import { checkCurrentPassword } from './current-password';
import { ownAccountChangedMeanwhile, ownWholeAccount } from '../staff-admin/account-update';
import { deviceCookieHeader, newDeviceCookie } from '../sign-in/sign-in-device';

export function makeChangePasswordHandler(deps: StaffAuthDeps & Pick<AppDeps, 'throttle'>) {
  return staffHandler(deps, async ({ request, staff, audit }) => {
    const { current, password } = parseInput(passwordChangeSchema, jsonPayload(request));
    const account = await ownWholeAccount(deps.staff, staff.email);
    await checkCurrentPassword(deps, { request, audit }, account, current, {
      field: 'current',
      failed: 'account.password.failed',
      refused: 'account.password.refused',
    });
    const now = deps.clock.now();
    const tokenVersion = nextTokenVersion(account);
    const changes = {
      passwordHash: await hashPassword(password),
      updatedAt: new Date(now).toISOString(),
      tokenVersion,
    };
    if (!(await deps.staff.update(account.email, changes, account.revision ?? 0))) {
      throw ownAccountChangedMeanwhile();
    }
    await audit('account.password', '-');
    const token = await signStaffToken(deps.settings, account.email, tokenVersion, now, staff.role);
    return withCookies(json(200, token), [
      deviceCookieHeader(newDeviceCookie(deps.settings.TOKEN_SECRET, account.email), request.viaCdn),
    ]);
  });
}
