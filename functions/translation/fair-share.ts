/**
 * Each enquiry's and each sender's share of the day's machine translation: a
 * tenth of TRANSLATE_DAILY_CHARS each (at least 5,000 characters), per Korea-time day, counted before the
 * engine is asked (beside the day's own count, daily-chars.ts). One sender
 * writing long mail, to one enquiry or many, cannot use up every patient's
 * translations: past a share the translation waits for the next day, marked
 * so for staff (`capped`, problem `share_cap`), and a staff member who asks
 * for it again has it made within the day's own cap.
 *
 * The counts are fixed windows in the throttle table (they expire by
 * themselves); a sender is counted under a hash of their address, so the
 * table holds no address.
 */
import { createHash } from 'node:crypto';
import type { AppDeps } from '../deps';

/** The share of the day's characters one enquiry, and one sender, may use without a staff member asking. */
export const TRANSLATION_SHARE = 0.1;
/** But never less than this: an ordinary long answer (a few pages) is never held back by its share. */
export const TRANSLATION_SHARE_MIN_CHARS = 5_000;
/** The problem a translation past its share waits with (staff see it; asking again lifts it). */
export const SHARE_CAP = 'share_cap';
const DAY_SECONDS = 24 * 60 * 60;
/** The throttle's windows start at the epoch's midnight; read nine hours ahead, they are Korea's days. */
const KOREA_AHEAD_MS = 9 * 60 * 60 * 1000;

export type FairShareDeps = Pick<AppDeps, 'throttle' | 'settings'>;

/**
 * Who a translation is counted against: its enquiry, and the address that
 * sent the text when there is one (a kept mail matched to no enquiry: its
 * sender alone).
 */
export interface ShareHolder {
  postIndex?: number;
  sender?: string;
}

const senderKey = (address: string) =>
  `translate-share:sender:${createHash('sha256').update(address.trim().toLowerCase()).digest('hex').slice(0, 32)}`;

/**
 * Counts `chars` against the holder's shares of the Korea-time day of `now`:
 * `undefined`, counting nothing, when that would pass a share; otherwise a
 * function that gives them back (for a call that translated nothing, or the
 * day's own cap refusing it).
 */
export async function reserveShares(
  deps: FairShareDeps,
  holder: ShareHolder,
  chars: number,
  now: number,
): Promise<(() => Promise<void>) | undefined> {
  const max = Math.max(
    TRANSLATION_SHARE_MIN_CHARS,
    Math.floor(deps.settings.TRANSLATE_DAILY_CHARS * TRANSLATION_SHARE),
  );
  const keys = [
    ...(holder.postIndex !== undefined ? [`translate-share:enquiry:${holder.postIndex}`] : []),
    ...(holder.sender ? [senderKey(holder.sender)] : []),
  ];
  const at = now + KOREA_AHEAD_MS;
  const counted: string[] = [];
  const giveBack = async () => {
    await Promise.all(counted.map((key) => deps.throttle.release(key, DAY_SECONDS, at, chars)));
  };
  for (const key of keys) {
    const count = await deps.throttle.hit(key, DAY_SECONDS, at, chars);
    counted.push(key);
    if (count > max) {
      await giveBack();
      return undefined;
    }
  }
  return giveBack;
}
