/**
 * `POST /api/welcome`: takes up an invitation. `{ data: { token, password } }`
 * from the welcome page (the token from the link's fragment) sets the
 * account's password, once: the stored hash goes with it, so the link works
 * no more, and neither does one past its 24 hours. Answers a token, so the
 * page goes straight on to two-factor enrolment (a token that opens only
 * that, while the policy requires two-factor: the mailed link was the second
 * channel). Public: refused from other sites, and limited per address like
 * sign-in (link-page.ts).
 */
import { welcomeSchema } from '../../shared/accounts/accounts-schema';
import { ApiError, parseInput } from '../platform/http/errors';
import { httpHandler } from '../platform/http/handler';
import { jsonPayload } from '../platform/http/request';
import { accessLogger } from '../audit/access-log';
import { assertSameSite } from '../platform/http/same-site';
import { hashPassword } from './passwords/passwords';
import { invitationMatches, withPasswordSet } from './staff-admin/staff-accounts';
import { updateAccount } from './staff-admin/account-update';
import { readAccountLinkToken } from './account-links';
import { type LinkPageDeps, linkSession, startLinkAttempt } from './link-page';
import { readOrLogRefusal } from './sign-in/refused-before-check';

export type WelcomeDeps = LinkPageDeps;

const invalid = () =>
  new ApiError(
    'invalid_invitation',
    'This invitation link is not valid: it was used, has expired, or was replaced by a newer one. Ask an admin for a new one.',
  );

export function makeWelcomeHandler(deps: WelcomeDeps) {
  return httpHandler(deps, async ({ request }) => {
    const log = accessLogger(deps.accessLog, request, () => deps.clock.now());
    const { token, password } = await readOrLogRefusal(log, 'welcome', () => {
      assertSameSite(request);
      return parseInput(welcomeSchema, jsonPayload(request));
    });
    const { now, audit, release } = await startLinkAttempt(deps, log, request, 'welcome', 'auth.welcome.refused');
    const invitation = readAccountLinkToken(token);
    const account = invitation ? await deps.staff.get(invitation.email) : undefined;
    if (!invitation || !invitationMatches(account, invitation.hash, now)) {
      await audit('auth.welcome.failed', account?.email ?? '-');
      throw invalid();
    }
    const at = new Date(now).toISOString();
    const taken = await updateAccount(deps.staff, account, {
      ...withPasswordSet(account, await hashPassword(password)),
      updatedAt: at,
      lastSignInAt: at,
    });
    // Another request took it up (or an admin changed the account) in the meantime: this link is spent.
    if (!taken) {
      await audit('auth.welcome.failed', account.email);
      throw invalid();
    }
    await release();
    await audit('auth.welcome', account.email);
    return linkSession(deps, account, request, now);
  });
}
