/**
 * Making the translations staff read, never on the path that
 * stores an enquiry or a message: storing one queues its translation
 * (translation-queue.ts), and the translation job makes what is due
 * (`translateDue`). The queue holds no copy of the visitor's
 * words: the original is read when it is translated, so an erased enquiry
 * leaves nothing behind here.
 *
 * One translation, made once whatever the retries: a worker claims a job by
 * moving it on from the state it read (attempts + 1, due again after the
 * back-off, so a worker cut off mid-way leaves it to a later run), and only
 * the claim's holder may finish it. It is made within the day's budget
 * (budgeted-translation.ts: TRANSLATE_DAILY_CHARS per Korea-time day, and the
 * enquiry's and the sender's shares of it); past either the job waits for
 * the next day (`capped`).
 */
import { formatKoreaDate, startOfKoreaDay } from '../../shared/korea-time';
import { TRANSLATION_QUEUE } from '../../shared/tables';
import type { AppDeps } from '../deps';
import type { SendDeps } from '../mail/outbox/mail-deps';
import { retryDelayMs } from '../mail/outbox/mail-timings';
import { sendWaitingNotice } from './waiting-notice';
import { SHARE_CAP } from './fair-share';
import { translateWithinBudget } from './budgeted-translation';
import type { TranslatedTexts, TranslationJob } from './ports';
import { ENQUIRY_SOURCE, textsOfEnquiry } from './translation-queue';

/** The job translates, and sends the staff notices that wait for its translations (waiting-notice.ts). */
export type TranslationDeps = Pick<
  AppDeps,
  'translations' | 'translator' | 'enquiries' | 'events' | 'counters' | 'throttle' | 'settings' | 'clock' | 'log'
> &
  SendDeps;

/** After this many failed tries (about a day of hourly retries) a translation is given up; staff may ask again. */
export const MAX_TRANSLATION_ATTEMPTS = 30;

/** The original's texts as they are now, and who wrote them; `undefined` when it is gone (erased, removed). */
async function originalTexts(
  deps: TranslationDeps,
  job: TranslationJob,
): Promise<{ texts: TranslatedTexts; sender?: string } | undefined> {
  if (job.source === ENQUIRY_SOURCE) {
    const enquiry = await deps.enquiries.get(job.postIndex);
    return enquiry && { texts: textsOfEnquiry(enquiry), sender: enquiry.EMAIL };
  }
  const at = job.source.slice('message#'.length);
  const event = (await deps.events.list(job.postIndex)).find((candidate) => candidate.at === at);
  // A message by mail names the address it came from; one written on the visitor's page counts against its enquiry alone.
  const sender = event?.actor?.includes('@') ? event.actor : undefined;
  return event?.text ? { texts: { text: event.text }, ...(sender ? { sender } : {}) } : undefined;
}

export type TranslationOutcome = 'done' | 'refused' | 'capped' | 'retry' | 'failed' | 'gone' | 'busy' | 'not_due';

/** Makes one translation, if it is due and no other worker has it. */
export async function translateOne(
  deps: TranslationDeps,
  postIndex: number,
  source: string,
): Promise<TranslationOutcome> {
  const now = deps.clock.now();
  const job = await deps.translations.get(postIndex, source);
  if (!job || (job.state !== 'pending' && job.state !== 'capped') || job.nextAt === undefined || job.nextAt > now)
    return 'not_due';
  const claimed = { state: 'pending' as const, attempts: job.attempts + 1 };
  if (
    !(await deps.translations.transition(postIndex, source, job, {
      ...claimed,
      queue: TRANSLATION_QUEUE,
      nextAt: now + retryDelayMs(claimed.attempts),
    }))
  )
    return 'busy';
  const finish = (
    change: Omit<Parameters<TranslationDeps['translations']['transition']>[3], 'state' | 'attempts'> & {
      state: TranslationJob['state'];
    },
  ) => deps.translations.transition(postIndex, source, claimed, { attempts: claimed.attempts, ...change });

  const original = await originalTexts(deps, job);
  if (!original) {
    await finish({ state: 'failed', problem: 'original_gone' });
    return 'gone';
  }
  const { texts } = original;
  const tomorrow = startOfKoreaDay(formatKoreaDate(now + 24 * 60 * 60 * 1000));
  const outcome = await translateWithinBudget(
    deps,
    {
      holder: { postIndex, ...(original.sender ? { sender: original.sender } : {}) },
      texts,
      from: job.from,
      to: job.to,
      ...(job.staffAsked ? { staffAsked: true } : {}),
    },
    now,
  );
  switch (outcome.state) {
    case 'done':
      await finish({
        state: 'done',
        texts: outcome.texts,
        engine: outcome.engine,
        detected: outcome.detected,
        translatedAt: new Date(now).toISOString(),
        chars: outcome.chars,
      });
      return 'done';
    case 'capped':
      await finish({ state: 'capped', queue: TRANSLATION_QUEUE, nextAt: tomorrow, problem: outcome.problem });
      deps.log.warn(
        outcome.problem === SHARE_CAP
          ? 'translation waits for the next day: its enquiry or sender used its share of the day'
          : 'translation waits for the next day: the daily cap is reached',
        { postIndex, source, chars: outcome.chars, cap: deps.settings.TRANSLATE_DAILY_CHARS },
      );
      return 'capped';
    case 'refused':
      await finish({ state: 'refused', problem: outcome.problem });
      return 'refused';
    case 'failed':
      deps.log.warn('translation failed', {
        postIndex,
        source,
        attempts: claimed.attempts,
        error: outcome.error instanceof Error ? outcome.error.message : String(outcome.error),
      });
      if (claimed.attempts < MAX_TRANSLATION_ATTEMPTS) return 'retry';
      await finish({ state: 'failed', problem: 'engine_failed' });
      return 'failed';
  }
}

/**
 * Makes the translations that are due, oldest first, at most `limit`; how
 * each went. After each try, the staff notice waiting for it goes.
 */
export async function translateDue(
  deps: TranslationDeps,
  limit = 50,
): Promise<Partial<Record<TranslationOutcome, number>>> {
  const outcomes: Partial<Record<TranslationOutcome, number>> = {};
  for (const { postIndex, source } of await deps.translations.due(deps.clock.now(), limit)) {
    const outcome = await translateOne(deps, postIndex, source);
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    if (outcome !== 'busy' && outcome !== 'not_due') await sendWaitingNotice(deps, postIndex, source);
  }
  return outcomes;
}
