/**
 * Staff sign-in facts the browser relies on. No schema library here (the
 * staff app imports this file); the login payload's schema is in login-schema.ts.
 */

/** localStorage key of the staff token (docs/contract.md, 'Business constants'). */
export const TOKEN_STORAGE_KEY = 'login_T';

/** How long a staff token is valid. */
export const TOKEN_LIFETIME_SECONDS = 8 * 60 * 60;

export const STAFF_PASSWORD_MIN_LENGTH = 12;

/**
 * What a staff account may do: `admin` everything (accounts, the access log,
 * erasure, retention included), `staff` the enquiries (read, work, reply,
 * export), `editor` the BEST 3 packages only. The route table says which
 * role may call which route.
 */
export const STAFF_ROLES = ['admin', 'staff', 'editor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Staff e-mail addresses are compared case-insensitively. */
export function normaliseStaffEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The cookie a browser gets on a successful sign-in (HttpOnly, only sent to
 * the sign-in route): with it, that browser signs in to that account even
 * while the account as a whole waits under a wide attack (OWASP's device
 * cookies), so a stranger cannot keep the owner out.
 */
export const SIGN_IN_DEVICE_COOKIE = 'mt_signin_device';

/** The token version after a change that must end an account's sessions (password, disable, enable, role). */
export function nextTokenVersion(account: { tokenVersion?: number } | undefined): number {
  return (account?.tokenVersion ?? 0) + 1;
}
