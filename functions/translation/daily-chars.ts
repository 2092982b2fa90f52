/**
 * The day's machine-translation use: the translation job counts the characters
 * it sends per Korea-time day against TRANSLATE_DAILY_CHARS, and the dashboard
 * reads the same counter, so the figure staff see is the one the cap is
 * checked against. Its own file so the dashboard's bundle takes none of the job.
 */
import { formatKoreaDate } from '../../shared/korea-time';
import type { AppDeps } from '../deps';

/** A Korea-time day's count of characters sent to the engine (the counters table). */
export const translatedCharsCounter = (koreaDay: string) => `translate-chars#${koreaDay}`;

/** What a reservation of the day's characters needs. */
export type DailyCharsDeps = Pick<AppDeps, 'counters' | 'settings'>;

/**
 * Counts `chars` against the Korea-time day of `now` before the engine is
 * called (the job and the reply preview alike): `undefined`, counting
 * nothing, when they would pass TRANSLATE_DAILY_CHARS; otherwise a function
 * that gives them back, for a call that failed (it translated nothing).
 */
export async function reserveDailyChars(
  deps: DailyCharsDeps,
  chars: number,
  now: number,
): Promise<(() => Promise<void>) | undefined> {
  const counter = translatedCharsCounter(formatKoreaDate(now));
  const giveBack = async () => {
    await deps.counters.add(counter, -chars);
  };
  if ((await deps.counters.add(counter, chars)) <= deps.settings.TRANSLATE_DAILY_CHARS) return giveBack;
  await giveBack();
  return undefined;
}
