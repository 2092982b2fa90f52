/**
 * `POST /api/enrol`: the enrolment link's page. `{ data: { token, password } }`
 * (the token from the link's fragment, the account's current password) opens
 * two-factor enrolment, once: the link's hash goes, so it works no more, and
 * neither does one past its hour or one an admin's change replaced. A wrong
 * password leaves the link as it was (it counts like a failed sign-in).
 * Public: refused from other sites, limited per address (link-page.ts).
 */
import { enrolLinkSchema } from '../../../shared/accounts/accounts-schema';
import { ApiError, parseInput } from '../../platform/http/errors';
import { httpHandler } from '../../platform/http/handler';
import { jsonPayload } from '../../platform/http/request';
import { assertSameSite } from '../../platform/http/same-site';
import { accessLogger } from '../../audit/access-log';
import { readOrLogRefusal } from '../sign-in/refused-before-check';
import { hasTwoFactor } from './two-factor';
import { linkMatches, readAccountLinkToken } from '../account-links';
import { type LinkPageDeps, linkSession, startLinkAttempt } from '../link-page';
import { verifyPassword } from '../passwords/passwords';
import { accountState } from '../staff-admin/staff-accounts';
import { updateAccount } from '../staff-admin/account-update';

const invalid = () =>
  new ApiError(
    'invalid_link',
    'This link is not valid: it was used, has expired, or a newer one was mailed. Sign in again for a new one.',
  );

export function makeEnrolLinkHandler(deps: LinkPageDeps) {
  return httpHandler(deps, async ({ request }) => {
    const log = accessLogger(deps.accessLog, request, () => deps.clock.now());
    const { token, password } = await readOrLogRefusal(log, 'enrol_link', () => {
      assertSameSite(request);
      return parseInput(enrolLinkSchema, jsonPayload(request));
    });
    const { now, audit, release } = await startLinkAttempt(deps, log, request, 'enrol', 'auth.enrol_link.refused');
    const link = readAccountLinkToken(token);
    const account = link ? await deps.staff.get(link.email) : undefined;
    // An account without a role cannot sign in at all, so neither can its link open anything.
    const role = account?.role;
    const usable = account !== undefined && accountState(account) === 'active' && !hasTwoFactor(account);
    if (
      !link ||
      !role ||
      !usable ||
      !linkMatches({ hash: account.enrolmentHash, expiresAt: account.enrolmentExpiresAt }, link.hash, now)
    ) {
      await audit('auth.enrol_link.failed', account?.email ?? '-');
      throw invalid();
    }
    if (!(await verifyPassword(password, account.passwordHash))) {
      await audit('auth.enrol_link.failed', account.email);
      throw new ApiError('invalid_credentials', 'The password is not right.');
    }
    const spent = await updateAccount(deps.staff, account, {
      ...account,
      enrolmentHash: undefined,
      enrolmentExpiresAt: undefined,
      enrolmentMailedAt: undefined,
      updatedAt: new Date(now).toISOString(),
    });
    // Another request used it (or an admin changed the account) in the meantime.
    if (!spent) {
      await audit('auth.enrol_link.failed', account.email);
      throw invalid();
    }
    await release();
    await audit('auth.enrol_link', account.email);
    return linkSession(deps, { ...account, role }, request, now);
  });
}
