/**
 * A staff member's reply, machine-translated into the visitor's language
 * before it is sent: on demand, never queued, and never in the way
 * of the reply itself (a failure here leaves the staff member to write in the
 * visitor's language, as before). Its characters count against the same
 * day's cap as the translation job's, so the bill stays bounded whoever asks.
 */
import { languageByScript } from '../../../shared/translation/source-language';
import { STAFF_LANGUAGE } from '../../../shared/translation/translation';
import type { ReplyPreview, ReplyPreviewRequest } from '../../../shared/translation/reply-preview';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../platform/http/errors';
import { workableEnquiry } from '../../work/enquiry-work';
import { TranslationRefused } from '../ports';
import { reserveDailyChars } from '../daily-chars';

export type ReplyPreviewDeps = Pick<AppDeps, 'enquiries' | 'translator' | 'counters' | 'settings' | 'clock' | 'log'>;

/** What staff are told whenever there is no translation: the reply can still go, written by them. */
const WRITE_YOURSELF = "Please write the reply in the visitor's language yourself.";

/**
 * The text in the enquiry's page language. Korean by its script is sent as
 * Korean; anything else lets the engine find the language. A text already in
 * the page language (a template, by its script; never guessed for Latin
 * text, which could be any of several languages) is answered as it is.
 */
export async function previewReply(deps: ReplyPreviewDeps, request: ReplyPreviewRequest): Promise<ReplyPreview> {
  const enquiry = await workableEnquiry(deps, request.index);
  const target = enquiry.LOCALE;
  const script = languageByScript(request.text);
  if (target === STAFF_LANGUAGE || (script === target && target !== 'en'))
    return { text: request.text, source: target, target };

  const giveBack = await reserveDailyChars(deps, request.text.length, deps.clock.now());
  if (!giveBack) {
    throw new ApiError(
      'rate_limited',
      `Today's machine translation is used up (${deps.settings.TRANSLATE_DAILY_CHARS} characters a day). ${WRITE_YOURSELF}`,
      undefined,
      {
        'Retry-After': String(60 * 60),
      },
    );
  }
  try {
    const translated = await deps.translator.translate({
      text: request.text,
      source: script === STAFF_LANGUAGE ? STAFF_LANGUAGE : 'auto',
      target,
    });
    return { text: translated.text, engine: translated.engine, source: translated.source, target };
  } catch (error) {
    // Characters of a call that failed were not translated: the day's count gets them back.
    await giveBack();
    if (error instanceof TranslationRefused) {
      throw new ApiError(
        'invalid_input',
        `The translation engine will not translate this text (${error.reason}). ${WRITE_YOURSELF}`,
        { text: 'A text the engine can translate' },
      );
    }
    deps.log.warn('reply preview: translation failed', {
      postIndex: enquiry.POST_INDEX,
      error: error instanceof Error ? error.name : String(error),
    });
    throw new ApiError('service_unavailable', `Machine translation is unavailable just now. ${WRITE_YOURSELF}`);
  }
}
