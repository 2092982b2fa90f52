/**
 * What the routes behind the one-time link pages share (the welcome page of
 * an invitation, the enrolment page of a two-factor set-up), after their
 * same-site check and their input's: counted per client network with
 * sign-in's counting (password-limits.ts; each try hashes a password), and a session for the account at the end, with the
 * browser remembered as one the owner signed in from.
 */
import type { AuditAction } from '../../shared/audit-actions';
import { ENROL_SCOPE, type TokenScope } from '../../shared/accounts/accounts';
import type { AppDeps } from '../deps';
import type { AccessLogger } from '../audit/access-log';
import type { ApiRequest } from '../platform/http/request';
import { type ApiResponse, json, withCookies } from '../platform/http/response';
import { signStaffToken } from './staff-auth/staff-tokens';
import type { StaffRole } from '../../shared/auth';
import type { StaffAccount } from './staff-account';
import { deviceCookieHeader, newDeviceCookie } from './sign-in/sign-in-device';
import { hasTwoFactor, twoFactorRequired } from './two-factor/two-factor';
import { TOO_MANY_LINK_TRIES, countLinkTry, tooManyAttempts } from './sign-in/password-limits';

export type LinkPageDeps = Pick<
  AppDeps,
  'staff' | 'throttle' | 'accessLog' | 'settings' | 'clock' | 'log' | 'policies'
>;

export interface LinkAttempt {
  now: number;
  audit: (action: AuditAction, actor: string) => Promise<void>;
  /** Takes the attempt's count back (it succeeded). */
  release: () => Promise<void>;
}

/** Counts a well-formed request against its network's limit (429 past it, the refusal logged as `refused`, counted like every refusal). */
export async function startLinkAttempt(
  deps: LinkPageDeps,
  log: AccessLogger,
  request: ApiRequest,
  page: 'welcome' | 'enrol',
  refused: AuditAction,
): Promise<LinkAttempt> {
  const now = deps.clock.now();
  const audit = (action: AuditAction, actor: string) => log(actor, action, '-');
  const { over, release } = await countLinkTry(deps, page, request.clientAddress, now);
  if (over) {
    await audit(refused, '-');
    throw tooManyAttempts(now, TOO_MANY_LINK_TRIES);
  }
  return { now, audit, release };
}

/**
 * The session a link page ends in: one that opens only the enrolment while
 * the policy requires two-factor and the account has none, else a full one;
 * the browser gets the device cookie of the account.
 */
export async function linkSession(
  deps: LinkPageDeps,
  account: StaffAccount & { role: StaffRole },
  request: ApiRequest,
  now: number,
): Promise<ApiResponse> {
  const scope: TokenScope = !hasTwoFactor(account) && (await twoFactorRequired(deps)) ? ENROL_SCOPE : 'full';
  const signed = await signStaffToken(
    deps.settings,
    account.email,
    account.tokenVersion ?? 0,
    now,
    account.role,
    scope,
  );
  return withCookies(json(200, signed), [
    deviceCookieHeader(newDeviceCookie(deps.settings.TOKEN_SECRET, account.email), request.viaCdn),
  ]);
}
