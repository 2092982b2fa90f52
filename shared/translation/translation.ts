/**
 * Machine translation, as staff and the stored data name it: the
 * languages a translation goes between, and who made it. Staff read Korean;
 * visitors write in their page's language, or another one the engine detects.
 * Amazon Translate names our six page languages by the same codes (`zh` is
 * Simplified Chinese), so a page locale is a translation language as it is.
 */
import { LOCALE_CODES, type LocaleCode } from '../locales';

/** The language staff read and write in. */
export const STAFF_LANGUAGE: LocaleCode = 'ko';

/** A language a translation goes from or to: one of the six page languages. */
export type TranslationLanguage = LocaleCode;

export function isTranslationLanguage(code: string): code is TranslationLanguage {
  return (LOCALE_CODES as readonly string[]).includes(code);
}

/** The engine in production. Shown beside every translation, so nobody takes it for a person's. */
export const AMAZON_TRANSLATE = 'Amazon Translate';

/**
 * The engine locally: an emulator of Translate's API that cannot translate
 * (it has no model). Its output is the original with LOCAL_STAND_IN_MARK
 * before it, and this name beside it: never passed off as a translation.
 */
export const LOCAL_STAND_IN = 'local stand-in (not translated)';

/** What the local stand-in puts before every text it gives back, with the languages. */
export const LOCAL_STAND_IN_MARK = '[local stand-in, not translated';
