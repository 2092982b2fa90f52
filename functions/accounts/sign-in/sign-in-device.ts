/**
 * Device cookies (OWASP, "Slow down online guessing attacks with device
 * cookies"): a browser that signed in to an account successfully gets a
 * cookie naming that account, signed with a key derived from the token
 * secret. A sign-in that presents it is counted against that device alone,
 * so a stranger's failed guesses at the account, from any address, cannot
 * keep the owner's own browser out.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SIGN_IN_DEVICE_COOKIE } from '../../../shared/auth';

/** How long a browser stays known: a year of signing in now and then. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const signature = (secret: string, email: string, nonce: string) =>
  createHmac('sha256', `sign-in-device:${secret}`).update(`${email}\n${nonce}`).digest('base64url');

/** The cookie value for an account: a random device id and its signature. */
export function newDeviceCookie(secret: string, email: string): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${nonce}.${signature(secret, email, nonce)}`;
}

/** The device id of a cookie issued for this account, or `undefined` for none, a forged one or another account's. */
export function deviceOf(secret: string, email: string, cookie: string | undefined): string | undefined {
  const [nonce, given] = (cookie ?? '').split('.');
  if (!nonce || !given || !/^[\w-]{22}$/.test(nonce)) return undefined;
  const expected = Buffer.from(signature(secret, email, nonce));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? nonce : undefined;
}

/** The Set-Cookie value: only ever sent back to the sign-in route, never readable by scripts. */
export function deviceCookieHeader(value: string, secure: boolean): string {
  return [
    `${SIGN_IN_DEVICE_COOKIE}=${value}`,
    'Path=/api/login',
    `Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
