import { ROLE_OF_ACCOUNTS_WITHOUT_ONE, type StaffRole } from '../../shared/auth';
import { roleMayCall, routeOf } from '../../shared/routes';
import type { AppDeps } from '../deps';
import { type StaffClaims, verifyStaffToken } from '../services/tokens';
import { ApiError } from './errors';
import { type LambdaHttpHandler, type RequestContext, httpHandler } from './handler';
import { bearerToken } from './request';
import type { ApiResponse } from './response';

export type StaffAuthDeps = Pick<AppDeps, 'settings' | 'clock' | 'log' | 'revokedTokens' | 'staff' | 'accessLog'>;

/** The signed-in staff member: the token's claims and the account's role now. */
export interface StaffIdentity extends StaffClaims {
  role: StaffRole;
}

export interface StaffContext extends RequestContext {
  staff: StaffIdentity;
  /** Writes the access-log record of this staff read, export or change. */
  audit(action: string, target: string): Promise<void>;
}

const unauthorized = () => new ApiError('unauthorized', 'Please sign in again.');

/** Checks the bearer token on the server before every staff route. */
export async function authenticateStaff(deps: StaffAuthDeps, token: string | undefined): Promise<StaffIdentity> {
  if (!token) throw unauthorized();
  const now = deps.clock.now();
  const claims = await verifyStaffToken(deps.settings, token, now);
  if (!claims) throw unauthorized();
  const [revoked, account] = await Promise.all([
    deps.revokedTokens.isRevoked(claims.jti, Math.floor(now / 1000)),
    deps.staff.get(claims.email),
  ]);
  if (revoked || !account || account.disabled) throw unauthorized();
  // A password change, disable or enable since the token was signed ends its session.
  if (claims.ver !== (account.tokenVersion ?? 0)) throw unauthorized();
  return { ...claims, role: account.role ?? ROLE_OF_ACCOUNTS_WITHOUT_ONE };
}

const forbidden = () => new ApiError('forbidden', 'Your role does not allow this.');

export function staffHandler(deps: StaffAuthDeps, handle: (context: StaffContext) => Promise<ApiResponse>): LambdaHttpHandler {
  return httpHandler(deps, async (context) => {
    const staff = await authenticateStaff(deps, bearerToken(context.request)).catch(async (error: unknown) => {
      // A refused staff call is in the access log too: who tried what, from where.
      await deps.accessLog.record({
        actor: '-',
        action: 'auth.refused',
        target: `${context.request.method} ${context.request.path}`,
        clientAddress: context.request.clientAddress,
        requestId: context.request.requestId,
        at: deps.clock.now(),
      });
      throw error;
    });
    // The role check, from the route table: the account's role now, not what a token once said.
    const route = routeOf(context.request.method, context.request.path);
    if (!route || !roleMayCall(route, staff.role)) {
      await deps.accessLog.record({
        actor: staff.email,
        action: 'auth.forbidden',
        target: `${context.request.method} ${context.request.path}`,
        clientAddress: context.request.clientAddress,
        requestId: context.request.requestId,
        at: deps.clock.now(),
      });
      throw forbidden();
    }
    const audit = (action: string, target: string) =>
      deps.accessLog.record({
        actor: staff.email,
        action,
        target,
        clientAddress: context.request.clientAddress,
        requestId: context.request.requestId,
        at: deps.clock.now(),
      });
    return handle({ ...context, staff, audit });
  });
}
