/**
 * Which language a visitor's text is translated from: the page's, unless the
 * text's script says otherwise (English on the Vietnamese page, Russian on
 * the English one), when the engine is asked to find it (`auto`). Telling a
 * language by its script is rough (kanji alone reads as Chinese, Latin
 * without Vietnamese letters as English), which is why it only decides
 * whether to trust the page, never the language itself.
 */
import type { LocaleCode } from '../locales';
import type { TranslationLanguage } from './translation';

/** The page language whose script a text is written in: Hangul, kana, Han, Cyrillic, Vietnamese letters, else English. */
export function languageByScript(text: string): LocaleCode {
  if (/[\uac00-\ud7af]/.test(text)) return 'ko';
  if (/[\u3040-\u30ff]/.test(text)) return 'ja';
  if (/[\u4e00-\u9fff]/.test(text)) return 'zh';
  if (/[\u0400-\u04ff]/.test(text)) return 'ru';
  if (/[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/i.test(text)) return 'vi';
  return 'en';
}

export function sourceLanguageFor(text: string, pageLanguage: TranslationLanguage): TranslationLanguage | 'auto' {
  return languageByScript(text) === pageLanguage ? pageLanguage : 'auto';
}
