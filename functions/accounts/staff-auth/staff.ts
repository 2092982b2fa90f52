import type { AuditAction } from '../../../shared/audit-actions';
import { ENROL_SCOPE } from '../../../shared/accounts/accounts';
import type { StaffRole } from '../../../shared/auth';
import { roleMayCall, routeOf } from '../../../shared/routes';
import type { AppDeps } from '../../deps';
import type { StaffProfile } from '../staff-profile';
import { hasTwoFactor, twoFactorRequired } from '../two-factor/two-factor';
import { type StaffClaims, verifyStaffToken } from './staff-tokens';
import { accessLogger, routeTarget } from '../../audit/access-log';
import { ApiError } from '../../platform/http/errors';
import { type LambdaHttpHandler, type RequestContext, httpHandler } from '../../platform/http/handler';
import { bearerToken } from '../../platform/http/request';
import type { ApiResponse } from '../../platform/http/response';

export type StaffAuthDeps = Pick<
  AppDeps,
  'settings' | 'clock' | 'log' | 'revokedTokens' | 'staff' | 'accessLog' | 'policies'
>;

/** The signed-in staff member: the token's claims and the account's role now. */
export interface StaffIdentity extends StaffClaims {
  role: StaffRole;
  /** The account's profile as read for this request (no credential: a route that needs one reads the account itself). */
  account: StaffProfile;
  /** The account must enrol in two-factor before anything else (an enrolment token, or the policy requires it and it has not). */
  mustEnrol: boolean;
}

export interface StaffContext extends RequestContext {
  staff: StaffIdentity;
  /** Writes the access-log record of this staff read, export or change. */
  audit(action: AuditAction, target: string): Promise<void>;
}

const unauthorized = () => new ApiError('unauthorized', 'Please sign in again.');

/** A valid token of an account that may not be used as it is: refused as any other, and logged under its own action and the account's address. */
class AccountRefused extends ApiError {
  constructor(
    readonly actor: string,
    readonly action: AuditAction,
  ) {
    super('unauthorized', 'Please sign in again.');
  }
}

/** Checks the bearer token on the server before every staff route. */
export async function authenticateStaff(deps: StaffAuthDeps, token: string | undefined): Promise<StaffIdentity> {
  if (!token) throw unauthorized();
  const now = deps.clock.now();
  const claims = await verifyStaffToken(deps.settings, token, now);
  if (!claims) throw unauthorized();
  const [revoked, account] = await Promise.all([
    deps.revokedTokens.isRevoked(claims.jti, Math.floor(now / 1000)),
    deps.staff.profile(claims.email),
  ]);
  if (revoked || !account || account.disabled) throw unauthorized();
  // A password change, disable or enable since the token was signed ends its session.
  if (claims.ver !== (account.tokenVersion ?? 0)) throw unauthorized();
  // An account without a role (from before roles existed) opens nothing until one is given: a missing role is never read as a role.
  if (!account.role) {
    deps.log.warn(
      'staff token of an account without a role refused: give it a role (npm run staff -- role, or the accounts page)',
    );
    throw new AccountRefused(account.email, 'auth.no_role');
  }
  // The policy is read only for an account without two-factor: it applies to open sessions too, not only at the next sign-in.
  const mustEnrol = claims.scope === ENROL_SCOPE || (!hasTwoFactor(account) && (await twoFactorRequired(deps)));
  return { ...claims, role: account.role, account, mustEnrol };
}

const forbidden = () => new ApiError('forbidden', 'Your role does not allow this.');

export function staffHandler(
  deps: StaffAuthDeps,
  handle: (context: StaffContext) => Promise<ApiResponse>,
): LambdaHttpHandler {
  return httpHandler(deps, async (context) => {
    const { request } = context;
    const log = accessLogger(deps.accessLog, request, () => deps.clock.now());
    const staff = await authenticateStaff(deps, bearerToken(request)).catch(async (error: unknown) => {
      // A refused staff call is in the access log too, counted: from where, for which route, how often. A real
      // account refused (one without a role) is counted under its address: its token was good.
      if (error instanceof AccountRefused) await log(error.actor, error.action, routeTarget(request));
      else await log('-', 'auth.refused', routeTarget(request));
      throw error;
    });
    // The role check, from the route table: the account's role now, not what a token once said. Its refusals are
    // counted as well, under the account and the route's template: a script in a signed-in browser can send them
    // at will, to paths it makes new each time.
    const route = routeOf(request.method, request.path);
    if (!route || !roleMayCall(route, staff.role)) {
      await log(staff.email, 'auth.forbidden', routeTarget(request));
      throw forbidden();
    }
    // An account that must enrol first reaches only the enrolment routes (and logout).
    if (staff.mustEnrol && !route.enrolment) {
      await log(staff.email, 'auth.enrolment_required', routeTarget(request));
      throw new ApiError('two_factor_required', 'Set up two-factor sign-in first.');
    }
    const audit = (action: AuditAction, target: string) => log(staff.email, action, target);
    return handle({ ...context, staff, audit });
  });
}
