/**
 * How often an account's password may be tried. Sign-in and a staff member's
 * own password change count against the same counters, so guesses at one
 * password cannot be spread over the two routes to get twice the tries.
 */
import type { Settings } from '../../platform/config';
import { ApiError } from '../../platform/http/errors';
import type { ThrottleStore } from '../../platform/ports';
import type { AppDeps } from '../../deps';
import { clientNetwork } from '../../platform/http/client-network';

/** Attempts are counted in fixed windows of this length (aligned to the clock: a quarter hour). */
export const LOGIN_WINDOW_SECONDS = 15 * 60;
/** An account as a whole waits only after this many times its per-address limit. */
const ACCOUNT_WIDE_FACTOR = 10;

interface Limit {
  key: string;
  limit: number;
}

/**
 * The counters one password attempt counts against. A browser that signed in
 * to this account before (its device cookie, sent only to sign-in) counts
 * against itself alone. Any other attempt counts per account and address
 * (someone guessing at one account is slowed alone), per address (across
 * accounts), and per account as a whole only at ten times the first, for a
 * wide, distributed attack.
 */
export function passwordLimits(
  settings: Pick<Settings, 'LOGIN_FAILURES_PER_ACCOUNT' | 'LOGIN_FAILURES_PER_ADDRESS'>,
  email: string,
  client: string,
  device?: string,
): Limit[] {
  if (device) return [{ key: `login:device:${device}`, limit: settings.LOGIN_FAILURES_PER_ACCOUNT }];
  return [
    { key: `login:account:${email}:from:${client}`, limit: settings.LOGIN_FAILURES_PER_ACCOUNT },
    { key: `login:address:${client}`, limit: settings.LOGIN_FAILURES_PER_ADDRESS },
    { key: `login:account:${email}`, limit: settings.LOGIN_FAILURES_PER_ACCOUNT * ACCOUNT_WIDE_FACTOR },
  ];
}

/**
 * Counts one attempt against every limit, before the slow password check, so
 * parallel guesses cannot all slip under a limit. `over`: a limit is passed,
 * and the count is taken back at once (the attempt checked nothing).
 * `release` takes a checked attempt back: a right password is no failure.
 */
export async function countPasswordAttempt(
  throttle: ThrottleStore,
  limits: readonly Limit[],
  now: number,
): Promise<{ over: boolean; release: () => Promise<void> }> {
  const attempts = await Promise.all(limits.map(({ key }) => throttle.hit(key, LOGIN_WINDOW_SECONDS, now)));
  const release = async () => {
    await Promise.all(limits.map(({ key }) => throttle.release(key, LOGIN_WINDOW_SECONDS, now)));
  };
  const over = attempts.some((count, i) => count > (limits[i]?.limit ?? 0));
  if (over) await release();
  return { over, release };
}

/**
 * Counts one try of a link page (a one-time link, the visitor's page link)
 * per client network, in sign-in's window and against its per-address
 * limit, before the link is checked: links cannot be guessed at speed.
 */
export function countLinkTry(
  deps: Pick<AppDeps, 'throttle' | 'settings'>,
  page: string,
  clientAddress: string,
  now: number,
): Promise<{ over: boolean; release: () => Promise<void> }> {
  const limit = {
    key: `${page}:address:${clientNetwork(clientAddress)}`,
    limit: deps.settings.LOGIN_FAILURES_PER_ADDRESS,
  };
  return countPasswordAttempt(deps.throttle, [limit], now);
}

/** What a link page answers past its limit (with tooManyAttempts' Retry-After). */
export const TOO_MANY_LINK_TRIES = 'Too many tries. Please wait and try again.';

/** The 429 of too many tries, with how long until the window ends. */
export function tooManyAttempts(now: number, message: string): ApiError {
  const retryAfter = LOGIN_WINDOW_SECONDS - (Math.floor(now / 1000) % LOGIN_WINDOW_SECONDS);
  return new ApiError('rate_limited', message, undefined, { 'Retry-After': String(retryAfter) });
}
