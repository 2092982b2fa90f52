/**
 * `POST /api/welcome`: takes up an invitation. `{ data: { token, password } }`
 * from the welcome page (the token from the link's fragment) sets the
 * account's password, once: the stored hash goes with it, so the link works
 * no more, and neither does one past its 24 hours. Answers a token, so the
 * page goes straight on to two-factor enrolment (a token that opens only
 * that, while the policy requires two-factor). Public: refused from other
 * sites, and limited per address like sign-in.
 */
import type { AuditAction } from '../../shared/audit-actions';
import { ENROL_SCOPE } from '../../shared/accounts/accounts';
import { welcomeSchema } from '../../shared/accounts/accounts-schema';
import type { AppDeps } from '../deps';
import { ApiError, parseInput } from '../http/errors';
import { httpHandler } from '../http/handler';
import { jsonPayload } from '../http/request';
import { json } from '../http/response';
import { accessLogger } from '../http/access-log';
import { assertSameSite } from '../http/same-site';
import { clientNetwork } from '../intake/client-network';
import { hashPassword } from './passwords';
import { readOrLogRefusal } from './refused-before-check';
import { deviceCookieHeader, newDeviceCookie } from './sign-in-device';
import { invitationMatches, readInvitationToken, roleOf } from './staff-accounts';
import { signStaffToken } from '../http/staff-tokens';
import { twoFactorRequired } from './two-factor';

const WINDOW_SECONDS = 15 * 60;

export type WelcomeDeps = Pick<AppDeps, 'staff' | 'throttle' | 'accessLog' | 'settings' | 'clock' | 'log' | 'policies'>;

const invalid = () => new ApiError('invalid_invitation', 'This invitation link is not valid: it was used, has expired, or was replaced by a newer one. Ask an admin for a new one.');

export function makeWelcomeHandler(deps: WelcomeDeps) {
  const { staff, throttle, accessLog, settings, clock } = deps;
  return httpHandler(deps, async ({ request }) => {
    const now = clock.now();
    const log = accessLogger(accessLog, request, () => now);
    const { token, password } = await readOrLogRefusal(log, 'welcome', () => {
      assertSameSite(request);
      return parseInput(welcomeSchema, jsonPayload(request));
    });
    const invitation = readInvitationToken(token);
    const audit = (action: AuditAction, actor: string) => log(actor, action, '-');

    // Counted first, like sign-in (the password hash is slow work); a success takes its count back.
    const key = `welcome:address:${clientNetwork(request.clientAddress)}`;
    const attempts = await throttle.hit(key, WINDOW_SECONDS, now);
    if (attempts > settings.LOGIN_FAILURES_PER_ADDRESS) {
      await throttle.release(key, WINDOW_SECONDS, now);
      await audit('auth.welcome.refused', '-');
      const retryAfter = WINDOW_SECONDS - (Math.floor(now / 1000) % WINDOW_SECONDS);
      throw new ApiError('rate_limited', 'Too many tries. Please wait and try again.', undefined, { 'Retry-After': String(retryAfter) });
    }

    const account = invitation ? await staff.get(invitation.email) : undefined;
    if (!invitation || !invitationMatches(account, invitation.hash, now)) {
      await audit('auth.welcome.failed', account?.email ?? '-');
      throw invalid();
    }
    const at = new Date(now).toISOString();
    const taken = await staff.replace(
      { ...account, passwordHash: await hashPassword(password), invitationHash: undefined, invitationExpiresAt: undefined, updatedAt: at, lastSignInAt: at },
      account.revision ?? 0,
    );
    // Another request took it up (or an admin changed the account) in the meantime: this link is spent.
    if (!taken) {
      await audit('auth.welcome.failed', account.email);
      throw invalid();
    }
    await throttle.release(key, WINDOW_SECONDS, now);
    await audit('auth.welcome', account.email);

    const scope = (await twoFactorRequired(deps)) ? ENROL_SCOPE : 'full';
    const signed = await signStaffToken(settings, account.email, account.tokenVersion ?? 0, now, roleOf(account), scope);
    return { ...json(200, signed), cookies: [deviceCookieHeader(newDeviceCookie(settings.TOKEN_SECRET, account.email), request.viaCdn)] };
  });
}
