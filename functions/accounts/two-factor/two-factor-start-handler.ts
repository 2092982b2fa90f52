/**
 * The start of two-factor enrolment: a new secret and its QR code. Apart from
 * the other two-factor routes (two-factor.ts) so that only this one bundles
 * the QR code library.
 */
import type { EnrolmentStart } from '../../../shared/accounts/accounts';
import { enrolStartSchema } from '../../../shared/accounts/accounts-schema';
import { ApiError, parseInput } from '../../platform/http/errors';
import { jsonPayload } from '../../platform/http/request';
import { json } from '../../platform/http/response';
import { type StaffAuthDeps, type StaffContext, staffHandler } from '../staff-auth/staff';
import type { AppDeps } from '../../deps';
import { hasTwoFactor, newTotpSecret, sealTotpSecret, startAsksPassword, totpUri } from './two-factor';
import { qrDataUrl } from './two-factor-qr';
import { ownAccountChangedMeanwhile, ownWholeAccount, updateAccount } from '../staff-admin/account-update';
import { checkCurrentPassword } from '../passwords/current-password';

type StartDeps = StaffAuthDeps & Pick<AppDeps, 'totpSealer' | 'throttle'>;

/**
 * The account's password, from an ordinary session: whoever finds a
 * signed-in browser unattended cannot put their own authenticator on the
 * account. An enrolment link's session is not asked again: its page took the
 * password (enrol-link-handler.ts), or set it (an invitation's welcome page).
 */
async function passwordChecked(deps: StartDeps, context: StaffContext) {
  const { request, staff } = context;
  const password = startAsksPassword(staff.scope)
    ? parseInput(enrolStartSchema, jsonPayload(request)).password
    : undefined;
  const account = await ownWholeAccount(deps.staff, staff.email);
  if (hasTwoFactor(account)) throw new ApiError('conflict', 'Two-factor sign-in is on already. An admin can reset it.');
  if (password !== undefined)
    await checkCurrentPassword(deps, context, account, password, {
      field: 'password',
      failed: 'twofactor.start_failed',
      refused: 'twofactor.start_refused',
    });
  return account;
}

/**
 * `POST /api/two-factor/start`: `{ data: { password } }` (an enrolment
 * link's session sends none) -> a new secret, kept sealed as pending until
 * confirmed and answered in clear this once; 409 while two-factor is on (an
 * admin resets it). The password is asked here rather than at the
 * confirmation, so nobody without it is ever shown a secret, nor can replace
 * the one the owner is setting up.
 */
export function makeStartTwoFactorHandler(deps: StartDeps) {
  return staffHandler(deps, async (context) => {
    const account = await passwordChecked(deps, context);
    const secret = newTotpSecret();
    const pendingTotpSecretSealed = await sealTotpSecret(deps, account.email, secret);
    const changed = await updateAccount(deps.staff, account, {
      ...account,
      pendingTotpSecretSealed,
      updatedAt: new Date(deps.clock.now()).toISOString(),
    });
    if (!changed) throw ownAccountChangedMeanwhile();
    const uri = totpUri(account.email, secret);
    await context.audit('twofactor.start', '-');
    const answer: EnrolmentStart = { secret, uri, qr: await qrDataUrl(uri) };
    return json(200, answer);
  });
}
