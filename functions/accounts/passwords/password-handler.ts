/**
 * `POST /api/account/password`: the signed-in staff member (any role)
 * changes their own password. `{ data: { current, password } }`: the
 * password they sign in with now, checked as sign-in checks it and counted
 * against the same limits (a wrong one is a failed guess), and the new one
 * under the welcome page's rules. The new hash and a new token version are
 * written as an update on the account's revision as read, so a change made
 * meanwhile is never overwritten and nothing else is written back. Every
 * other session ends; this one goes on with the token it answers (and the
 * browser stays known to sign-in, as after a sign-in).
 */
import { passwordChangeSchema } from '../../../shared/accounts/accounts-schema';
import { nextTokenVersion } from '../../../shared/auth';
import type { AppDeps } from '../../deps';
import { ApiError, parseInput } from '../../platform/http/errors';
import { jsonPayload } from '../../platform/http/request';
import { json, withCookies } from '../../platform/http/response';
import { type StaffAuthDeps, staffHandler } from '../staff-auth/staff';
import { signStaffToken } from '../staff-auth/staff-tokens';
import { clientNetwork } from '../../platform/http/client-network';
import { countPasswordAttempt, passwordLimits, tooManyAttempts } from '../sign-in/password-limits';
import { hashPassword, verifyPassword } from './passwords';
import { ownAccountChangedMeanwhile, ownWholeAccount } from '../staff-admin/account-update';
import { deviceCookieHeader, newDeviceCookie } from '../sign-in/sign-in-device';

export function makeChangePasswordHandler(deps: StaffAuthDeps & Pick<AppDeps, 'throttle'>) {
  return staffHandler(deps, async ({ request, staff, audit }) => {
    const { current, password } = parseInput(passwordChangeSchema, jsonPayload(request));
    const account = await ownWholeAccount(deps.staff, staff.email);
    const now = deps.clock.now();
    const { over, release } = await countPasswordAttempt(
      deps.throttle,
      passwordLimits(deps.settings, account.email, clientNetwork(request.clientAddress)),
      now,
    );
    if (over) {
      await audit('account.password.refused', '-');
      throw tooManyAttempts(now, 'Too many wrong passwords. Please wait and try again.');
    }
    if (!(await verifyPassword(current, account.passwordHash))) {
      await audit('account.password.failed', '-');
      // 400, not 401: the session is fine (a 401 would sign the browser out), only the password typed is wrong.
      throw new ApiError('invalid_input', 'The current password is not right.', {
        current: 'Not your current password',
      });
    }
    await release();

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
