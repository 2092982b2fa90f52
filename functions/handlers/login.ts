import { normaliseStaffEmail } from '../../shared/auth';
import { loginSchema } from '../../shared/login-schema';
import type { AppDeps } from '../deps';
import { ApiError, parseInput } from '../http/errors';
import { httpHandler } from '../http/handler';
import { jsonPayload } from '../http/request';
import { json } from '../http/response';
import { DECOY_PASSWORD_HASH, verifyPassword } from '../services/passwords';
import { signStaffToken } from '../services/tokens';

const WINDOW_SECONDS = 15 * 60;
/** An account as a whole waits only after this many times its per-address limit. */
const ACCOUNT_WIDE_FACTOR = 10;

export type LoginDeps = Pick<AppDeps, 'staff' | 'throttle' | 'accessLog' | 'settings' | 'clock' | 'log'>;

/**
 * `POST /api/login`: answers the staff token as a JSON string. Unknown
 * account, disabled account and wrong password get the same answer after the
 * same work; repeated failures per account and per address make sign-in wait.
 */
export function makeLoginHandler(deps: LoginDeps) {
  const { staff, throttle, accessLog, settings, clock } = deps;
  return httpHandler(deps, async ({ request }) => {
    const { email: rawEmail, pass } = parseInput(loginSchema, jsonPayload(request));
    const email = normaliseStaffEmail(rawEmail);
    const now = clock.now();
    // Guesses at one account from one address wait after a few; one address waits after more
    // across accounts; an account as a whole only under a wide, distributed attack. So a stranger
    // who knows a staff e-mail cannot keep its owner out from another address.
    const limits = [
      { key: `login:account:${email}:from:${request.clientAddress}`, limit: settings.LOGIN_FAILURES_PER_ACCOUNT },
      { key: `login:address:${request.clientAddress}`, limit: settings.LOGIN_FAILURES_PER_ADDRESS },
      { key: `login:account:${email}`, limit: settings.LOGIN_FAILURES_PER_ACCOUNT * ACCOUNT_WIDE_FACTOR },
    ];

    // Count the attempt before the slow password check, so parallel guesses cannot all slip
    // under the limit; a successful sign-in takes its count back.
    const attempts = await Promise.all(limits.map(({ key }) => throttle.hit(key, WINDOW_SECONDS, now)));
    if (attempts.some((count, i) => count > (limits[i]?.limit ?? 0))) {
      const retryAfter = WINDOW_SECONDS - (Math.floor(now / 1000) % WINDOW_SECONDS);
      throw new ApiError('rate_limited', 'Too many failed sign-ins. Please wait and try again.', undefined, { 'Retry-After': String(retryAfter) });
    }

    const account = await staff.get(email);
    const usable = account !== undefined && !account.disabled;
    const passwordMatches = await verifyPassword(pass, usable ? account.passwordHash : DECOY_PASSWORD_HASH);
    if (!usable || !passwordMatches) throw new ApiError('invalid_credentials', 'The e-mail address or password is not right.');
    await Promise.all(limits.map(({ key }) => throttle.release(key, WINDOW_SECONDS, now)));

    const token = await signStaffToken(settings, email, now);
    await accessLog.record({ actor: email, action: 'auth.login', target: '-', clientAddress: request.clientAddress, requestId: request.requestId, at: now });
    return json(200, token);
  });
}
