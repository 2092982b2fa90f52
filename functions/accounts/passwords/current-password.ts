/**
 * The signed-in staff member's current password, asked again before a
 * change to their own credentials (their password, the start of two-factor
 * enrolment): whoever finds a signed-in browser unattended has the session,
 * not the password. Checked as sign-in checks it and counted against the
 * same limits, before the slow check (password-limits.ts): a wrong one is a
 * failed guess, so guesses cannot be spread over the routes that ask it.
 */
import type { AuditAction } from '../../../shared/audit-actions';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../platform/http/errors';
import { clientNetwork } from '../../platform/http/client-network';
import type { StaffContext } from '../staff-auth/staff';
import type { StaffAccount } from '../staff-account';
import { countPasswordAttempt, passwordLimits, tooManyAttempts } from '../sign-in/password-limits';
import { verifyPassword } from './passwords';

/** What a route that asks the password names: the field it is sent in, and its access-log actions for a wrong one and one past the limits. */
export interface PasswordAsked {
  field: string;
  failed: AuditAction;
  refused: AuditAction;
}

/**
 * Goes on only for the account's current password: 429 past the sign-in
 * limits, and a wrong one a 400 naming the field; either is in the access
 * log and changes nothing.
 */
export async function checkCurrentPassword(
  deps: Pick<AppDeps, 'throttle' | 'settings' | 'clock'>,
  { request, audit }: Pick<StaffContext, 'request' | 'audit'>,
  account: Pick<StaffAccount, 'email' | 'passwordHash'>,
  password: string,
  asked: PasswordAsked,
): Promise<void> {
  const now = deps.clock.now();
  const { over, release } = await countPasswordAttempt(
    deps.throttle,
    passwordLimits(deps.settings, account.email, clientNetwork(request.clientAddress)),
    now,
  );
  if (over) {
    await audit(asked.refused, '-');
    throw tooManyAttempts(now, 'Too many wrong passwords. Please wait and try again.');
  }
  if (!(await verifyPassword(password, account.passwordHash))) {
    await audit(asked.failed, '-');
    // 400, not 401: the session is fine (a 401 would sign the browser out), only the password typed is wrong.
    throw new ApiError('invalid_input', 'The current password is not right.', {
      [asked.field]: 'Not your current password',
    });
  }
  await release();
}
