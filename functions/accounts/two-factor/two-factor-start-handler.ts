/**
 * The start of two-factor enrolment: a new secret and its QR code. Apart from
 * the other two-factor routes (two-factor.ts) so that only this one bundles
 * the QR code library.
 */
import type { EnrolmentStart } from '../../../shared/accounts/accounts';
import { ApiError } from '../../platform/http/errors';
import { json } from '../../platform/http/response';
import { type StaffAuthDeps, staffHandler } from '../staff-auth/staff';
import type { AppDeps } from '../../deps';
import { hasTwoFactor, newTotpSecret, sealTotpSecret, totpUri } from './two-factor';
import { qrDataUrl } from './two-factor-qr';
import { ownAccountChangedMeanwhile, updateAccount } from '../staff-admin/account-update';

/**
 * `POST /api/two-factor/start`: a new secret, kept sealed as pending until
 * confirmed and answered in clear this once; 409 while two-factor is on (an
 * admin resets it).
 */
export function makeStartTwoFactorHandler(deps: StaffAuthDeps & Pick<AppDeps, 'totpSealer'>) {
  return staffHandler(deps, async ({ staff, audit }) => {
    const { account } = staff;
    if (hasTwoFactor(account))
      throw new ApiError('conflict', 'Two-factor sign-in is on already. An admin can reset it.');
    const secret = newTotpSecret();
    const pendingTotpSecretSealed = await sealTotpSecret(deps, account.email, secret);
    const changed = await updateAccount(deps.staff, account, {
      ...account,
      pendingTotpSecretSealed,
      updatedAt: new Date(deps.clock.now()).toISOString(),
    });
    if (!changed) throw ownAccountChangedMeanwhile();
    const uri = totpUri(account.email, secret);
    await audit('twofactor.start', '-');
    const answer: EnrolmentStart = { secret, uri, qr: await qrDataUrl(uri) };
    return json(200, answer);
  });
}
