/** The outbox's retry timings, apart from the sending step (mail-sending.ts) because the retry job's tests and the translation queue's back-off use them too. */

/** After this many failed tries (about three days of hourly retries) the mail is marked failed. */
export const MAX_MAIL_ATTEMPTS = 72;

/** A send still recorded as under way after this long was cut off (the function stopped): uncertain. */
export const STALE_SENDING_MS = 15 * 60 * 1000;

/** Back-off before try `attempts + 1`: 1, 2, 4, ... minutes, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}
