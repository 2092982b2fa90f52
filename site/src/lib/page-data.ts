/**
 * What every public page is built from: its locale, its copy, and helpers for
 * contact values (shown without placeholder markers).
 */
import { type Copy, copyFor } from '../../../shared/content/copy';
import { displayText } from '../../../shared/content/placeholders';
import { type Locale, type LocaleCode, localeByCode } from '../../../shared/locales';

export interface PageData {
  locale: Locale;
  t: Copy;
}

export function pageData(code: LocaleCode): PageData {
  return { locale: localeByCode(code), t: copyFor(code) };
}

export { displayText };
