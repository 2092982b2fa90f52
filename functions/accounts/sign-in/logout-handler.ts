import type { AppDeps } from '../../deps';
import { json } from '../../platform/http/response';
import { type StaffAuthDeps, staffHandler } from '../staff-auth/staff';

/** `GET /api/logout`: revokes the token on the server and answers `true`. */
export function makeLogoutHandler(deps: StaffAuthDeps & Pick<AppDeps, 'revokedTokens'>) {
  const { revokedTokens } = deps;
  return staffHandler(deps, async ({ staff, audit }) => {
    await revokedTokens.revoke(staff.jti, staff.exp);
    await audit('auth.logout', '-');
    return json(200, true);
  });
}
