import type { AuditAction } from '../../../shared/audit-actions';
import { CODE_FAILURES_BEFORE_LOCK } from '../../../shared/accounts/accounts';
import { SIGN_IN_DEVICE_COOKIE, normaliseStaffEmail } from '../../../shared/auth';
import { loginSchema } from '../../../shared/accounts/login-schema';
import type { AppDeps } from '../../deps';
import { ApiError, parseInput } from '../../platform/http/errors';
import { httpHandler } from '../../platform/http/handler';
import { jsonPayload } from '../../platform/http/request';
import { json, withCookies } from '../../platform/http/response';
import { accessLogger } from '../../audit/access-log';
import { assertSameSite } from '../../platform/http/same-site';
import { clientNetwork } from '../../platform/http/client-network';
import { DECOY_PASSWORD_HASH, verifyPassword } from '../passwords/passwords';
import { readOrLogRefusal } from './refused-before-check';
import { deviceCookieHeader, deviceOf, newDeviceCookie } from './sign-in-device';
import { countPasswordAttempt, passwordLimits, tooManyAttempts } from './password-limits';
import { signStaffToken } from '../staff-auth/staff-tokens';
import { acceptSecondFactor, hasTwoFactor, isRecoveryCode, twoFactorRequired } from '../two-factor/two-factor';
import { tellOwner } from '../account-mail';
import { type EnrolmentMailDeps, mailEnrolmentLink } from '../two-factor/enrolment-link';

export type LoginDeps = Pick<
  AppDeps,
  'staff' | 'throttle' | 'accessLog' | 'settings' | 'clock' | 'log' | 'policies' | 'totpSealer'
> &
  EnrolmentMailDeps;

/**
 * `POST /api/login`: answers the staff token as a JSON string. Unknown
 * account, disabled account and wrong password get the same answer after the
 * same work; repeated failures make sign-in wait (see `passwordLimits`), and only
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
 * a recovery code (or an admin's reset); the owner's own browser still works. The owner is
 * mailed when the lock begins and when a recovery code is used.
 *
 * An account without two-factor while the policy requires it gets no token:
 * 403 `enrolment_mailed`, and a one-time link to its address that opens the
 * enrolment (enrolment-link.ts), so the password alone cannot enrol.
 */
export function makeLoginHandler(deps: LoginDeps) {
  const { staff, throttle, accessLog, settings, clock } = deps;
  return httpHandler(deps, async ({ request }) => {
    const now = clock.now();
    const log = accessLogger(accessLog, request, () => now);
    const {
      email: rawEmail,
      pass,
      code,
    } = await readOrLogRefusal(log, 'login', () => {
      assertSameSite(request);
      return parseInput(loginSchema, jsonPayload(request));
    });
    const email = normaliseStaffEmail(rawEmail);
    const audit = (action: AuditAction) => log(email, action, '-');
    const device = deviceOf(settings.TOKEN_SECRET, email, request.cookies[SIGN_IN_DEVICE_COOKIE]);
    // Counted before the slow password check; an attempt refused for the limit takes its count back (it checked nothing), as does a success.
    const { over, release } = await countPasswordAttempt(
      throttle,
      passwordLimits(settings, email, clientNetwork(request.clientAddress), device),
      now,
    );
    if (over) {
      // Without the account: past the limit the sender could name a new one with every try (and so a new counted row).
      await log('-', 'auth.login.refused', '-');
      throw tooManyAttempts(now, 'Too many failed sign-ins. Please wait and try again.');
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
        throw new ApiError(
          'invalid_code',
          'Too many wrong codes in a row: codes from the app are not taken from this browser any more. Use a recovery code, or ask an admin to reset two-factor.',
        );
      }
      const factor = await acceptSecondFactor(deps, account, code, now);
      if (!factor) {
        await audit('auth.login.code_failed');
        // The owner hears once, as the lock begins (the code that reached the count).
        if (failures === CODE_FAILURES_BEFORE_LOCK)
          await tellOwner(deps, email, { kind: 'codesLocked', clientAddress: request.clientAddress });
        throw new ApiError('invalid_code', 'The code is not right, or was used already.');
      }
      await staff.clearCodeFailures(email);
      if (factor === 'recovery') {
        await audit('auth.login.recovery_code');
        await tellOwner(deps, email, {
          kind: 'recoveryCodeUsed',
          left: Math.max(0, (account.recoveryCodeHashes?.size ?? 1) - 1),
          clientAddress: request.clientAddress,
        });
      }
    }
    await release();
    // The password (and code) were right, but an account without a role (from before roles existed) is refused, never taken for one.
    if (!account.role) {
      deps.log.warn(
        'sign-in of an account without a role refused: give it a role (npm run staff -- role, or the accounts page)',
      );
      await audit('auth.login.no_role');
      throw new ApiError('no_role', 'This account has no role yet. Ask an admin to give it one.');
    }

    if (!hasTwoFactor(account) && (await twoFactorRequired(deps))) {
      await mailEnrolmentLink(deps, account, request.clientAddress, now);
      await audit('auth.login.enrol_mailed');
      throw new ApiError(
        'enrolment_mailed',
        'Your account must set up two-factor sign-in. A link to do so was mailed to your address: open it in this browser.',
      );
    }
    const token = await signStaffToken(settings, email, account.tokenVersion ?? 0, now, account.role, 'full');
    await staff.recordSignIn(email, new Date(now).toISOString());
    await audit('auth.login');
    const cookie = deviceCookieHeader(
      device ? (request.cookies[SIGN_IN_DEVICE_COOKIE] ?? '') : newDeviceCookie(settings.TOKEN_SECRET, email),
      request.viaCdn,
    );
    return withCookies(json(200, token), [cookie]);
  });
}
