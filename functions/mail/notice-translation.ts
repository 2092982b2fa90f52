/**
 * A staff notice and the machine translation of what it tells of:
 * the staff notification of a new enquiry, and the owner's notice of a
 * visitor's message. A notice of a text in another language than Korean
 * waits a while for its translation (NOTICE_TRANSLATION_WAIT_SECONDS): it is
 * queued due at the end of the wait instead of sent at once; the translation
 * job sends it as soon as it has tried the translation, with the Korean text
 * or where the translation stands (functions/translation/translation-work.ts);
 * the retry job sends it at the end of the wait if the job has not. Whoever
 * sends it, the outbox sends it once. The translation is read as the notice
 * is composed, so it goes with the latest.
 */
import type { TranslationView } from '../../shared/translation/staff-translation';
import type { Settings } from '../platform/config';
import type { AppDeps } from '../deps';
import type { StoredEnquiry } from '../enquiries/ports';
import { toTranslationView } from '../translation/staff/staff-translations';
import { messageSource } from '../translation/translation-queue';
import type { OutboxMail } from './ports';

type WaitSettings = Pick<Settings, 'NOTICE_TRANSLATION_WAIT_SECONDS'>;

/** How long a notice carrying this translation waits for it; 0 (goes at once) when it carries none. */
export function noticeWaitMs(settings: WaitSettings, translationSource: string | undefined): number {
  return translationSource ? settings.NOTICE_TRANSLATION_WAIT_SECONDS * 1000 : 0;
}

/** Whether a notice just queued (or found queued) is left to wait for its translation rather than sent now. */
export function waitsForTranslation(settings: WaitSettings, mail: OutboxMail, now: number): boolean {
  return (
    settings.NOTICE_TRANSLATION_WAIT_SECONDS > 0 &&
    mail.translationSource !== undefined &&
    mail.status === 'pending' &&
    mail.attempts === 0 &&
    (mail.nextAt ?? 0) > now
  );
}

/**
 * The translation of what a notice tells of, as it stands now: the enquiry's
 * texts for the staff notification; for a visitor's notice, the enquiry's
 * latest message (its first words are what the notice shows), which may
 * have come after the one the notice was queued for. A notice goes without
 * one rather than not at all: a failure to read it is logged.
 */
export async function translationOfNotice(
  deps: Pick<AppDeps, 'log'> & Partial<Pick<AppDeps, 'translations'>>,
  mail: OutboxMail,
  enquiry: Pick<StoredEnquiry, 'LAST_VISITOR_EVENT'> | undefined,
): Promise<TranslationView | undefined> {
  const source =
    mail.kind === 'visitor'
      ? enquiry?.LAST_VISITOR_EVENT && messageSource(enquiry.LAST_VISITOR_EVENT)
      : mail.translationSource;
  if (!mail.translationSource || !source || !deps.translations) return undefined;
  try {
    const job = await deps.translations.get(mail.postIndex, source);
    return job && toTranslationView(job);
  } catch (error) {
    deps.log.warn('notice goes without its translation: it could not be read', {
      postIndex: mail.postIndex,
      kind: mail.kind,
      errorName: error instanceof Error ? error.name : typeof error,
    });
    return undefined;
  }
}
