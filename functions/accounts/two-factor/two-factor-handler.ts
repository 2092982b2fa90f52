/**
 * Two-factor enrolment of the signed-in account (every role, and an account
 * that must enrol first): its state, a new secret to scan, and the
 * confirmation with a code from the app, which turns it on, gives the
 * recovery codes once and a new token (the account's other sessions end).
 * The start, which asks the password and makes the QR code, is in
 * two-factor-start-handler.ts.
 */
import type { EnrolmentDone, TwoFactorStatus } from '../../../shared/accounts/accounts';
import { nextTokenVersion } from '../../../shared/auth';
import { enrolConfirmSchema } from '../../../shared/accounts/accounts-schema';
import { ApiError, parseInput } from '../../platform/http/errors';
import { jsonPayload } from '../../platform/http/request';
import { json } from '../../platform/http/response';
import { type StaffAuthDeps, staffHandler } from '../staff-auth/staff';
import type { AccountMailDeps } from '../../mail/outbox/mail-deps';
import { tellOwner } from '../account-mail';
import { ownAccountChangedMeanwhile, ownWholeAccount, updateAccount } from '../staff-admin/account-update';
import { signStaffToken } from '../staff-auth/staff-tokens';
import type { AppDeps } from '../../deps';
import {
  hasTwoFactor,
  matchingStep,
  newRecoveryCodes,
  openTotpSecret,
  recoveryCodeHash,
  startAsksPassword,
  twoFactorRequired,
} from './two-factor';

/** `GET /api/two-factor`. */
export function makeTwoFactorHandler(deps: StaffAuthDeps) {
  return staffHandler(deps, async ({ staff, audit }) => {
    const account = await ownWholeAccount(deps.staff, staff.email);
    const status: TwoFactorStatus = {
      enabled: hasTwoFactor(account),
      required: staff.mustEnrol || (await twoFactorRequired(deps)),
      recoveryCodesLeft: account.recoveryCodeHashes?.size ?? 0,
      startAsksPassword: startAsksPassword(staff.scope),
    };
    await audit('twofactor.status', '-');
    return json(200, status);
  });
}

/** `POST /api/two-factor/confirm`: `{ data: { code } }` -> the recovery codes and a new token. Opens the pending secret to check the code; the sealed value becomes the account's. */
export function makeConfirmTwoFactorHandler(deps: StaffAuthDeps & AccountMailDeps & Pick<AppDeps, 'totpSealer'>) {
  return staffHandler(deps, async ({ request, staff, audit }) => {
    const { code } = parseInput(enrolConfirmSchema, jsonPayload(request));
    const account = await ownWholeAccount(deps.staff, staff.email);
    if (hasTwoFactor(account)) throw new ApiError('conflict', 'Two-factor sign-in is on already.');
    if (!account.pendingTotpSecretSealed) throw new ApiError('conflict', 'Start the set-up first.');
    const now = deps.clock.now();
    const step = matchingStep(
      account.email,
      await openTotpSecret(deps, account.email, account.pendingTotpSecretSealed),
      code,
      now,
    );
    if (step === undefined) {
      await audit('twofactor.confirm_failed', '-');
      // 400, not 401: the session is fine, only the code is wrong.
      throw new ApiError(
        'invalid_input',
        'The code is not right. Check the time on your phone and try the next code.',
        { code: 'Not the current code' },
      );
    }
    const recoveryCodes = newRecoveryCodes();
    const tokenVersion = nextTokenVersion(account);
    const at = new Date(now).toISOString();
    const enrolled = {
      ...account,
      totpSecretSealed: account.pendingTotpSecretSealed,
      // A clear secret from before sealing (none can be here while two-factor is off, but never keep one).
      totpSecret: undefined,
      // The confirming code is used: it cannot sign in as well.
      totpLastStep: step,
      pendingTotpSecretSealed: undefined,
      twoFactorSince: at,
      recoveryCodeHashes: new Set(recoveryCodes.map(recoveryCodeHash)),
      updatedAt: at,
      // Sessions signed in with the password alone end; this one goes on with the new token.
      tokenVersion,
    };
    if (!(await updateAccount(deps.staff, account, enrolled))) throw ownAccountChangedMeanwhile();
    await audit('twofactor.enrol', '-');
    await tellOwner(deps, account.email, { kind: 'twoFactorOn' });
    const answer: EnrolmentDone = {
      recoveryCodes,
      token: await signStaffToken(deps.settings, account.email, tokenVersion, now, staff.role),
    };
    return json(200, answer);
  });
}
