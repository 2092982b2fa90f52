/**
 * The load run's machine translation: the translation job runs
 * while the visitors come in, as its timer does in `npm start` (the scratch
 * stack has no timers), through a Translate outage and DynamoDB's faults
 * (bench/load/fault-timeline.ts); after the load, with the services back, it
 * runs until nothing is due. Then every original that needs a translation
 * (each stored enquiry's texts, each visitor message in a thread, not spam)
 * must have exactly one translation job, done: read straight from the
 * emulator's tables, never through the API under test.
 */
import type { LocalStack } from '../../local/stack-types';
import type { TranslationOutcome } from '../../functions/translation/translation-work';
import {
  ENQUIRY_SOURCE,
  messageSource,
  textsOfEnquiry,
  translationJob,
} from '../../functions/translation/translation-queue';
import type { StoredEnquiry } from '../../functions/enquiries/ports';
import type { TranslationLanguage } from '../../shared/translation/translation';
import { storeReader } from '../../tests/support/fuzz/store-snapshot';
import { countBy } from '../support';
import type { CapturedMail } from '../../tests/support/stack';
import { TRANSLATION_STATE_ROW, translatedRowLabel } from '../../functions/mail/staff-mail';
import { LOCAL_STAND_IN } from '../../shared/translation/translation';

/** Pause between the job's runs during the load (its timer in `npm start` is 5 s; sooner here, so the outage meets work). */
const RUN_EVERY_MS = 1_000;
/** After the load: runs at most, so a job that never leaves the queue ends the loop (and fails the check) instead of hanging. */
const MAX_RUNS_AFTER = 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface TranslationRuns {
  /** The job's runs (during the load and after it). */
  runs: number;
  /** Runs that failed as a whole (DynamoDB refusing under them); the next run picks up what they left. */
  runsFailed: number;
  /** What the runs did, by outcome (done, retry, capped, ...), summed. */
  outcomes: Partial<Record<TranslationOutcome, number>>;
}

export interface TranslationLoop {
  figures: TranslationRuns;
  /** Stops the loop during the load; resolves when its run under way has finished. */
  stop(): Promise<void>;
}

function addOutcomes(figures: TranslationRuns, outcome: Partial<Record<TranslationOutcome, number>>): number {
  let handled = 0;
  for (const [name, count] of Object.entries(outcome) as [TranslationOutcome, number][]) {
    figures.outcomes[name] = (figures.outcomes[name] ?? 0) + count;
    handled += count;
  }
  return handled;
}

async function runOnce(stack: Pick<LocalStack, 'runTranslations'>, figures: TranslationRuns): Promise<number> {
  figures.runs += 1;
  try {
    return addOutcomes(figures, await stack.runTranslations());
  } catch {
    figures.runsFailed += 1;
    return -1;
  }
}

/** The job on a timer while the load runs. */
export function startTranslating(stack: Pick<LocalStack, 'runTranslations'>): TranslationLoop {
  const figures: TranslationRuns = { runs: 0, runsFailed: 0, outcomes: {} };
  let running = true;
  const loop = (async () => {
    while (running) {
      await runOnce(stack, figures);
      await sleep(RUN_EVERY_MS);
    }
  })();
  return {
    figures,
    async stop() {
      running = false;
      await loop;
    },
  };
}

/** After the load, services back and the clock moved past every back-off: runs until a run finds nothing due. */
export async function translateUntilDone(
  stack: Pick<LocalStack, 'runTranslations'>,
  figures: TranslationRuns,
): Promise<void> {
  for (let runs = 0; runs < MAX_RUNS_AFTER; runs += 1) {
    if ((await runOnce(stack, figures)) === 0) return;
  }
}

export interface TranslationCheck {
  /** Originals that need a translation: the enquiries' texts and the visitors' messages. */
  expected: { enquiries: number; messages: number };
  /** Originals without a job (a queueing lost), with a job not done (pending, failed, refused, capped), with more than one. */
  lost: number;
  notDone: Record<string, number>;
  doubled: number;
  /** Jobs whose original is not among those (a message that is not in its thread, an enquiry not stored). */
  stray: number;
  /** Translations per stored enquiry (its texts and its messages), and characters sent per enquiry, means. */
  perEnquiry: { translations: number; chars: number };
  /** Jobs left capped (the day's cap reached): none, with the load's cap set high. */
  capped: number;
  /** The day's counters (`translate-chars#<day>`) summed, against the characters of the done jobs: more means a call was counted again after a lost write. */
  charsCounted: number;
  charsOfDone: number;
  /** Up to 20 originals that went wrong, for the printout. */
  problems: string[];
}

type Item = Record<string, unknown>;
const key = (postIndex: unknown, source: unknown) => `${Number(postIndex)}|${String(source)}`;
const round = (value: number) => Math.round(value * 100) / 100;

/** Every original that needs a translation, by the product's own rule (none for Korean), against the translations table. */
export async function checkTranslations(
  stack: Pick<LocalStack, 'emulators' | 'tableNames'>,
): Promise<TranslationCheck> {
  const reader = storeReader(stack);
  const [enquiries, events, jobs, counters] = await Promise.all([
    reader.items('enquiries'),
    reader.items('enquiryEvents'),
    reader.items('translations'),
    reader.items('counters'),
  ]);
  reader.close();

  const expected = new Map<string, 'enquiry' | 'message'>();
  const localeOf = new Map<number, TranslationLanguage>();
  for (const enquiry of enquiries) {
    if (enquiry['SPAM']) continue;
    const postIndex = Number(enquiry['POST_INDEX']);
    const locale = String(enquiry['LOCALE'] ?? 'en') as TranslationLanguage;
    localeOf.set(postIndex, locale);
    if (translationJob(postIndex, ENQUIRY_SOURCE, textsOfEnquiry(enquiry as unknown as StoredEnquiry), locale, 0))
      expected.set(key(postIndex, ENQUIRY_SOURCE), 'enquiry');
  }
  for (const event of events) {
    const postIndex = Number(event['postIndex']);
    const locale = localeOf.get(postIndex);
    if (event['type'] !== 'visitorMessage' || event['spamReason'] || !event['text'] || !locale) continue;
    const source = messageSource(String(event['at']));
    if (translationJob(postIndex, source, { text: String(event['text']) }, locale, 0))
      expected.set(key(postIndex, source), 'message');
  }

  const jobsByKey = countBy(jobs, (job) => key(job['postIndex'], job['source']));
  const jobOf = new Map(jobs.map((job) => [key(job['postIndex'], job['source']), job]));
  const check: TranslationCheck = {
    expected: { enquiries: 0, messages: 0 },
    lost: 0,
    notDone: {},
    doubled: 0,
    stray: jobs.filter((job) => !expected.has(key(job['postIndex'], job['source']))).length,
    perEnquiry: { translations: 0, chars: 0 },
    capped: jobs.filter((job) => job['state'] === 'capped').length,
    charsCounted: counters
      .filter((item) => String(item['name'] ?? '').startsWith('translate-chars#'))
      .reduce((sum, item) => sum + Number(item['value'] ?? 0), 0),
    charsOfDone: 0,
    problems: [],
  };
  const problem = (text: string) => {
    if (check.problems.length < 20) check.problems.push(text);
  };
  for (const [original, kind] of expected) {
    check.expected[kind === 'enquiry' ? 'enquiries' : 'messages'] += 1;
    const count = jobsByKey.get(original) ?? 0;
    const job = jobOf.get(original) as Item | undefined;
    if (count === 0 || !job) {
      check.lost += 1;
      problem(`${original}: no translation job`);
      continue;
    }
    if (count > 1) {
      check.doubled += 1;
      problem(`${original}: ${count} jobs`);
    }
    if (job['state'] !== 'done') {
      const state = String(job['state']);
      check.notDone[state] = (check.notDone[state] ?? 0) + 1;
      problem(
        `${original}: ${state} after ${String(job['attempts'])} tries${job['problem'] ? ` (${String(job['problem'])})` : ''}`,
      );
    } else check.charsOfDone += Number(job['chars'] ?? 0);
  }
  const stored = localeOf.size || 1;
  check.perEnquiry = { translations: round(expected.size / stored), chars: round(check.charsOfDone / stored) };
  return check;
}

/** Whether the translations came through the load whole: none lost, doubled, stray or unfinished. */
export const translationsWhole = (check: TranslationCheck): boolean =>
  check.lost === 0 &&
  check.doubled === 0 &&
  check.stray === 0 &&
  Object.keys(check.notDone).length === 0 &&
  check.expected.enquiries > 0 &&
  check.expected.messages > 0;

/** The notices mailed to staff (new enquiries, visitors' answers), by whether they carried the Korean text. */
export interface NoticeTranslations {
  /** With the machine translation below the original. */
  translated: number;
  /** Saying where the translation stood (pending while Translate refused, …). */
  stateSaid: number;
  /** With neither: a Korean text, or a notice the retry job sent at the end of its wait. */
  untranslated: number;
}

/** Counts the staff inbox's notices by what they said of the translation, by the rows staff-mail.ts writes (the stand-in is the load's engine). */
export function noticeTranslations(mails: readonly CapturedMail[], staffInbox: string): NoticeTranslations {
  const counts: NoticeTranslations = { translated: 0, stateSaid: 0, untranslated: 0 };
  for (const mail of mails) {
    if (!mail.destination.to.includes(staffInbox)) continue;
    const text = mail.body.text ?? '';
    if (text.includes(translatedRowLabel('', LOCAL_STAND_IN))) counts.translated += 1;
    else if (text.split('\n').some((line) => line.startsWith(`${TRANSLATION_STATE_ROW}: `))) counts.stateSaid += 1;
    else counts.untranslated += 1;
  }
  return counts;
}
