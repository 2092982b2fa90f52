import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { ENROL_SCOPE, type TokenScope } from '../../../shared/accounts/accounts';
import { type StaffRole, TOKEN_LIFETIME_SECONDS } from '../../../shared/auth';

export interface TokenSettings {
  TOKEN_SECRET: string;
  TOKEN_ISSUER: string;
  TOKEN_AUDIENCE: string;
}

export interface StaffClaims {
  email: string;
  jti: string;
  /** Issued at, epoch seconds. */
  iat: number;
  /** Expiry, epoch seconds. */
  exp: number;
  /** The account's token version when the token was signed. */
  ver: number;
  /** `enrol`: the account must enrol in two-factor first, and the token opens only the enrolment routes. */
  scope: TokenScope;
}

const key = (secret: string) => new TextEncoder().encode(secret);

/** How far apart the clocks of the functions that sign and check a token may be (a token just signed is never "from the future"). */
const CLOCK_TOLERANCE_SECONDS = 5;

/**
 * A staff token. `role` is only for the back office to show what the account
 * may use; the server checks the account's role on every call.
 */
export async function signStaffToken(
  settings: TokenSettings,
  email: string,
  tokenVersion: number,
  nowMs: number,
  role: StaffRole,
  scope: TokenScope = 'full',
): Promise<string> {
  const issuedAt = Math.floor(nowMs / 1000);
  return new SignJWT({ ver: tokenVersion, role, ...(scope === ENROL_SCOPE ? { scope } : {}) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(email)
    .setIssuer(settings.TOKEN_ISSUER)
    .setAudience(settings.TOKEN_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + TOKEN_LIFETIME_SECONDS)
    .setJti(randomUUID())
    .sign(key(settings.TOKEN_SECRET));
}

/** The token's claims, or `undefined` when it is malformed, expired, not ours or wrongly signed. */
export async function verifyStaffToken(
  settings: TokenSettings,
  token: string,
  nowMs: number,
): Promise<StaffClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, key(settings.TOKEN_SECRET), {
      algorithms: ['HS256'],
      issuer: settings.TOKEN_ISSUER,
      audience: settings.TOKEN_AUDIENCE,
      currentDate: new Date(nowMs),
      requiredClaims: ['sub', 'jti', 'exp', 'iat', 'ver'],
    });
    if (!payload.sub || !payload.jti || payload.exp === undefined || payload.iat === undefined) return undefined;
    // jose checks iat only against a maximum age: a token issued in the future (not valid yet) is refused here.
    if (payload.iat > Math.floor(nowMs / 1000) + CLOCK_TOLERANCE_SECONDS) return undefined;
    if (typeof payload['ver'] !== 'number' || !Number.isInteger(payload['ver'])) return undefined;
    // No scope is a full token; a scope we do not know opens nothing.
    const scope = payload['scope'];
    if (scope !== undefined && scope !== ENROL_SCOPE) return undefined;
    return {
      email: payload.sub,
      jti: payload.jti,
      iat: payload.iat,
      exp: payload.exp,
      ver: payload['ver'],
      scope: scope === ENROL_SCOPE ? ENROL_SCOPE : 'full',
    };
  } catch {
    return undefined;
  }
}
