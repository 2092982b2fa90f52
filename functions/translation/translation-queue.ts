/**
 * Queueing a translation when an original is stored: an
 * enquiry's texts, a visitor's message. Small on purpose, as the routes that
 * store originals hold it; the translation job's code is
 * translation-work.ts. A job is added once however often it is asked.
 *
 * Queueing is part of storing an original, like queueing its mails: a
 * failure to add the job (DynamoDB refusing) throws, and the caller's retry,
 * which every path has, adds it: the mail receiver is run again (SES's retry,
 * the sender's after the local door's 451), the visitor's page and form send
 * the same message or submission again. The engine is another matter: its
 * failures are the job's, never the visitor's. (The load run found a mail
 * whose job was lost when a failure here was only logged.)
 */
import { sourceLanguageFor } from '../../shared/translation/source-language';
import { ENQUIRY_TEXT_FIELDS } from '../../shared/translation/staff-translation';
import { STAFF_LANGUAGE, type TranslationLanguage } from '../../shared/translation/translation';
import { TRANSLATION_QUEUE } from '../../shared/tables';
import type { AppDeps } from '../deps';
import type { StoredEnquiry } from '../enquiries/ports';
import type { TranslatedTexts, TranslationJob } from './ports';

export type QueueDeps = Pick<AppDeps, 'translations' | 'clock' | 'log'>;

/** The source of an enquiry's own texts, and of a visitor's message (by its event's time). */
export const ENQUIRY_SOURCE = 'enquiry';
export const messageSource = (at: string) => `message#${at}`;

export const textsOfEnquiry = (enquiry: StoredEnquiry): TranslatedTexts =>
  Object.fromEntries(
    ENQUIRY_TEXT_FIELDS.flatMap((field) =>
      typeof enquiry[field] === 'string' && enquiry[field].trim() ? [[field, enquiry[field]]] : [],
    ),
  );

/** The job of an original: from the page's language, or `auto` when the text's script says otherwise; `undefined` when the text is Korean already. */
export function translationJob(
  postIndex: number,
  source: string,
  texts: TranslatedTexts,
  pageLanguage: TranslationLanguage,
  now: number,
): TranslationJob | undefined {
  const from = sourceLanguageFor(Object.values(texts).join('\n'), pageLanguage);
  if (from === STAFF_LANGUAGE || Object.keys(texts).length === 0) return undefined;
  return {
    postIndex,
    source,
    from,
    to: STAFF_LANGUAGE,
    state: 'pending',
    attempts: 0,
    createdAt: now,
    queue: TRANSLATION_QUEUE,
    nextAt: now,
  };
}

/** The translation storing this enquiry queues (`ENQUIRY_SOURCE`), or `undefined` when it queues none (Korean, no text, suspected spam). */
export function enquiryTranslationSource(enquiry: StoredEnquiry): string | undefined {
  if (enquiry.SPAM) return undefined;
  return (
    translationJob(enquiry.POST_INDEX, ENQUIRY_SOURCE, textsOfEnquiry(enquiry), enquiry.LOCALE ?? 'en', 0) &&
    ENQUIRY_SOURCE
  );
}

/** The translation storing a visitor's message (its event's `at`) queues, or `undefined` when it queues none. */
export function messageTranslationSource(
  postIndex: number,
  at: string,
  text: string,
  pageLanguage: TranslationLanguage,
): string | undefined {
  const source = messageSource(at);
  if (!text.trim()) return undefined;
  return translationJob(postIndex, source, { text }, pageLanguage, 0) && source;
}

/**
 * Queues the translation of an enquiry's texts (`ENQUIRY_SOURCE`) or a
 * message: added once, however often it is asked. Whether it is added or
 * fails is the caller's to weigh: the original is stored already.
 */
export async function queueTranslation(
  deps: Pick<QueueDeps, 'translations' | 'clock'>,
  postIndex: number,
  source: string,
  texts: TranslatedTexts,
  pageLanguage: TranslationLanguage,
): Promise<boolean> {
  const job = translationJob(postIndex, source, texts, pageLanguage, deps.clock.now());
  return job ? deps.translations.add(job) : false;
}

/** Queues the translation of a stored enquiry's texts (none for suspected spam); throws when the job cannot be added. */
export async function queueEnquiryTranslation(deps: QueueDeps, enquiry: StoredEnquiry): Promise<void> {
  if (!enquiry.SPAM)
    await queueTranslation(deps, enquiry.POST_INDEX, ENQUIRY_SOURCE, textsOfEnquiry(enquiry), enquiry.LOCALE ?? 'en');
}

/** Queues the translation of a visitor's message stored in the thread (by mail or on their page), from the enquiry's language; throws when the job cannot be added. */
export async function queueMessageTranslation(
  deps: QueueDeps & Pick<AppDeps, 'enquiries'>,
  postIndex: number,
  at: string,
  text: string,
): Promise<void> {
  const enquiry = await deps.enquiries.get(postIndex);
  if (enquiry && !enquiry.SPAM && text.trim())
    await queueTranslation(deps, postIndex, messageSource(at), { text }, enquiry.LOCALE ?? 'en');
}
