import type { AuditAction } from '../../shared/audit-actions';
import { CODE_FAILURES_BEFORE_LOCK, ENROL_SCOPE } from '../../shared/accounts/accounts';
import { ROLE_OF_ACCOUNTS_WITHOUT_ONE, SIGN_IN_DEVICE_COOKIE, normaliseStaffEmail } from '../../shared/auth';
import { loginSchema } from '../../shared/accounts/login-schema';
import type { AppDeps } from '../deps';
import { ApiError, parseInput } from '../http/errors';
import { httpHandler } from '../http/handler';
import { jsonPayload } from '../http/request';
import { json } from '../http/response';
import { accessLogger } from '../http/access-log';
import { assertSameSite } from '../http/same-site';
import { clientNetwork } from '../intake/client-network';
import { DECOY_PASSWORD_HASH, verifyPassword } from './passwords';
import { readOrLogRefusal } from './refused-before-check';
import { deviceCookieHeader, deviceOf, newDeviceCookie } from './sign-in-device';
import { signStaffToken } from '../http/staff-tokens';
import { acceptSecondFactor, hasTwoFactor, isRecoveryCode, twoFactorRequired } from './two-factor';

/** Sign-in attempts are counted in fixed windows of this length (aligned to the clock: a quarter hour). */
export const LOGIN_WINDOW_SECONDS = 15 * 60;
/** An account as a whole waits only after this many times its per-address limit. */
const ACCOUNT_WIDE_FACTOR = 10;

export type LoginDeps = Pick<AppDeps, 'staff' | 'throttle' | 'accessLog' | 'settings' | 'clock' | 'log' | 'policies'>;

interface Limit {
  key: string;
  limit: number;
}

/**
 * The counters one sign-in counts against. A browser that signed in to this
 * account before (its device cookie) counts against itself alone. Any other
 * attempt counts per account and address (someone guessing at one account is
 * slowed alone), per address (across accounts), and per account as a whole
 * only at ten times the first, for a wide, distributed attack.
 */
function limitsFor(deps: LoginDeps, email: string, client: string, device: string | undefined): Limit[] {
  const { settings } = deps;
  if (device) return [{ key: `login:device:${device}`, limit: settings.LOGIN_FAILURES_PER_ACCOUNT }];
  return [
    { key: `login:account:${email}:from:${client}`, limit: settings.LOGIN_FAILURES_PER_ACCOUNT },
    { key: `login:address:${client}`, limit: settings.LOGIN_FAILURES_PER_ADDRESS },
    { key: `login:account:${email}`, limit: settings.LOGIN_FAILURES_PER_ACCOUNT * ACCOUNT_WIDE_FACTOR },
  ];
}

/**
 * `POST /api/login`: answers the staff token as a JSON string. Unknown
 * account, disabled account and wrong password get the same answer after the
 * same work; repeated failures make sign-in wait (see `limitsFor`), and only
 * attempts whose password was really checked count. Every failure and
 * refusal is in the access log with its address, counted (COUNTED_ACTIONS):
 * a refusal before the password check too (another site, not JSON, malformed).
 *
 * Two-factor: after a right password, an account with two-factor on answers
 * 401 `code_required` until the request carries `code` too (the app's code,
 * each time step once, or a recovery code, each once). A wrong or reused code
 * counts against the same limits as a wrong password, and against a count of
 * wrong codes in a row with no time window: past CODE_FAILURES_BEFORE_LOCK, a
 * browser that never signed in to the account gets no app code accepted, only
 * a recovery code (or an admin's reset); the owner's own browser still works. An account without
 * two-factor while the policy requires it gets a token that opens only the
 * enrolment routes.
 */
export function makeLoginHandler(deps: LoginDeps) {
  const { staff, throttle, accessLog, settings, clock } = deps;
  return httpHandler(deps, async ({ request }) => {
    const now = clock.now();
    const log = accessLogger(accessLog, request, () => now);
    const { email: rawEmail, pass, code } = await readOrLogRefusal(log, 'login', () => {
      assertSameSite(request);
      return parseInput(loginSchema, jsonPayload(request));
    });
    const email = normaliseStaffEmail(rawEmail);
    const audit = (action: AuditAction) => log(email, action, '-');
    const device = deviceOf(settings.TOKEN_SECRET, email, request.cookies[SIGN_IN_DEVICE_COOKIE]);
    const limits = limitsFor(deps, email, clientNetwork(request.clientAddress), device);

    // Counted before the slow password check, so parallel guesses cannot all slip under the limit;
    // an attempt refused for the limit takes its count back (it checked nothing), as does a success.
    const attempts = await Promise.all(limits.map(({ key }) => throttle.hit(key, LOGIN_WINDOW_SECONDS, now)));
    const release = () => Promise.all(limits.map(({ key }) => throttle.release(key, LOGIN_WINDOW_SECONDS, now)));
    if (attempts.some((count, i) => count > (limits[i]?.limit ?? 0))) {
      await release();
      // Without the account: past the limit the sender could name a new one with every try (and so a new counted row).
      await log('-', 'auth.login.refused', '-');
      const retryAfter = LOGIN_WINDOW_SECONDS - (Math.floor(now / 1000) % LOGIN_WINDOW_SECONDS);
      throw new ApiError('rate_limited', 'Too many failed sign-ins. Please wait and try again.', undefined, { 'Retry-After': String(retryAfter) });
    }

    const account = await staff.get(email);
    // An invited account has no password until its invitation is taken up.
    const usable = account !== undefined && !account.disabled && account.passwordHash !== '';
    const passwordMatches = await verifyPassword(pass, usable ? account.passwordHash : DECOY_PASSWORD_HASH);
    if (!usable || !passwordMatches) {
      await audit('auth.login.failed');
      throw new ApiError('invalid_credentials', 'The e-mail address or password is not right.');
    }
    if (hasTwoFactor(account)) {
      if (code === undefined) {
        // Not a failure: the password was right; the client asks for the code and sends all three again.
        await release();
        await audit('auth.login.code_required');
        throw new ApiError('code_required', 'Enter the code from your authenticator app, or a recovery code.');
      }
      // Counted before the code is checked, so parallel guesses cannot all slip under the cap; an accepted code clears it.
      const failures = await staff.countCodeFailure(email);
      if (!device && failures > CODE_FAILURES_BEFORE_LOCK && !isRecoveryCode(code)) {
        await audit('auth.login.code_locked');
        throw new ApiError('invalid_code', 'Too many wrong codes in a row: codes from the app are not taken from this browser any more. Use a recovery code, or ask an admin to reset two-factor.');
      }
      const factor = await acceptSecondFactor(deps, account, code, now);
      if (!factor) {
        await audit('auth.login.code_failed');
        throw new ApiError('invalid_code', 'The code is not right, or was used already.');
      }
      await staff.clearCodeFailures(email);
      if (factor === 'recovery') await audit('auth.login.recovery_code');
    }
    await release();

    const scope = !hasTwoFactor(account) && (await twoFactorRequired(deps)) ? ENROL_SCOPE : 'full';
    const token = await signStaffToken(settings, email, account.tokenVersion ?? 0, now, account.role ?? ROLE_OF_ACCOUNTS_WITHOUT_ONE, scope);
    await staff.recordSignIn(email, new Date(now).toISOString());
    await audit(scope === ENROL_SCOPE ? 'auth.login.enrol' : 'auth.login');
    const cookie = deviceCookieHeader(device ? request.cookies[SIGN_IN_DEVICE_COOKIE] ?? '' : newDeviceCookie(settings.TOKEN_SECRET, email), request.viaCdn);
    return { ...json(200, token), cookies: [cookie] };
  });
}
