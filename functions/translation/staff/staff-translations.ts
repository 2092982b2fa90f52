/**
 * Translations as staff see them: read beside the enquiry's
 * detail and its thread (one Query of the enquiry's partition), and asked
 * for again by a staff member. Asking again puts a given-up, refused or
 * capped translation back in the queue with a fresh count of tries, or
 * queues the first one of an original that has none (stored before
 * translation existed, or its queueing failed); a pending or made one is
 * answered as it is. The translation job makes it, never this route.
 */
import { ASKABLE_AGAIN, type TranslationView } from '../../../shared/translation/staff-translation';
import { TRANSLATION_QUEUE } from '../../../shared/tables';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../platform/http/errors';
import type { StoredEnquiry } from '../../enquiries/ports';
import type { TranslatedTexts, TranslationJob } from '../ports';
import { ENQUIRY_SOURCE, messageSource, textsOfEnquiry, translationJob } from '../translation-queue';
import { SHARE_CAP } from '../fair-share';

export const toTranslationView = ({
  source,
  state,
  texts,
  engine,
  translatedAt,
  problem,
}: TranslationJob): TranslationView => ({
  source,
  state,
  ...(state === 'done' ? { texts, engine, translatedAt } : {}),
  ...(state === 'capped' && problem === SHARE_CAP ? { overShare: true } : {}),
});

/** An enquiry's translations by source (`enquiry`, `message#<at>`): one Query. */
export async function translationsOf(
  deps: Pick<AppDeps, 'translations'>,
  postIndex: number,
): Promise<Map<string, TranslationView>> {
  const jobs = await deps.translations.ofEnquiry(postIndex);
  return new Map(jobs.map((job) => [job.source, toTranslationView(job)]));
}

/**
 * A page of the message box with each enquiry's texts' translation once made
 * (its summary in Korean): one BatchGetItem. The list is worth more than its
 * summaries' translation: a failure to read them is logged, and the page goes
 * without them.
 */
export async function withTextTranslations<Row extends { POST_INDEX: number }>(
  deps: Pick<AppDeps, 'translations' | 'log'>,
  rows: Row[],
): Promise<(Row & { translation?: TranslationView })[]> {
  try {
    const made = new Map(
      (await deps.translations.ofEnquiryTexts(rows.map((row) => row.POST_INDEX)))
        .filter((job) => job.state === 'done')
        .map((job) => [job.postIndex, toTranslationView(job)]),
    );
    return rows.map((row) => {
      const translation = made.get(row.POST_INDEX);
      return translation ? { ...row, translation } : row;
    });
  } catch (error) {
    deps.log.warn('the list goes without its translations', {
      errorName: error instanceof Error ? error.name : typeof error,
    });
    return rows;
  }
}

export type AskAgainDeps = Pick<AppDeps, 'translations' | 'enquiries' | 'events' | 'clock'>;

/** The texts of an original as they are now: the enquiry's, or a visitor's message by its event's time. */
async function originalOf(
  deps: AskAgainDeps,
  enquiry: StoredEnquiry,
  source: string,
): Promise<TranslatedTexts | undefined> {
  if (source === ENQUIRY_SOURCE) return textsOfEnquiry(enquiry);
  const event = (await deps.events.list(enquiry.POST_INDEX)).find(
    (candidate) => candidate.type === 'visitorMessage' && messageSource(candidate.at) === source,
  );
  return event?.text ? { text: event.text } : undefined;
}

/** Asks again for an original's translation; answers where it stands now. */
export async function askAgain(deps: AskAgainDeps, postIndex: number, source: string): Promise<TranslationView> {
  const job = await deps.translations.get(postIndex, source);
  if (!job) return toTranslationView(await queueFirst(deps, postIndex, source));
  if (!ASKABLE_AGAIN.includes(job.state)) return toTranslationView(job);
  const now = deps.clock.now();
  const again = { state: 'pending' as const, attempts: 0, queue: TRANSLATION_QUEUE, nextAt: now, staffAsked: true };
  if (await deps.translations.transition(postIndex, source, job, again)) return toTranslationView({ ...job, ...again });
  // Someone else moved it meanwhile (the job, another staff member): where it stands now.
  return toTranslationView((await deps.translations.get(postIndex, source)) ?? job);
}

async function queueFirst(deps: AskAgainDeps, postIndex: number, source: string): Promise<TranslationJob> {
  const enquiry = await deps.enquiries.get(postIndex);
  // Suspected spam is never translated (translation-queue.ts).
  const texts = enquiry && !enquiry.SPAM ? await originalOf(deps, enquiry, source) : undefined;
  if (!enquiry || !texts || Object.keys(texts).length === 0)
    throw new ApiError('not_found', `Enquiry ${postIndex} has no text to translate under ${source}.`);
  const job = translationJob(postIndex, source, texts, enquiry.LOCALE ?? 'en', deps.clock.now());
  if (!job)
    throw new ApiError('invalid_input', 'This text is Korean already: it needs no translation.', {
      source: 'A text in another language than Korean',
    });
  if (await deps.translations.add(job)) return job;
  return (await deps.translations.get(postIndex, source)) ?? job;
}
