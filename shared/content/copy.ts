/**
 * Page copy per locale: one flat JSON of dotted keys per language (Starlight
 * style). English is the reference; `checkCopy` refuses a locale that misses a
 * key, has an extra one or leaves one empty, and the site build runs it.
 */
import type { LocaleCode } from '../locales';
import { withRetentionPeriods } from '../privacy/retention';
import { ENQUIRY_LIMITS } from '../intake/form-fields';
import en from './copy/en.json';
import ja from './copy/ja.json';
import ko from './copy/ko.json';
import ru from './copy/ru.json';
import vi from './copy/vi.json';
import zh from './copy/zh.json';

export type CopyKey = keyof typeof en;
export type Copy = Record<CopyKey, string>;

const RAW: Record<LocaleCode, Record<string, unknown>> = { en, ko, zh, ru, vi, ja };

export const COPY_KEYS = Object.keys(en) as CopyKey[];

/** Problems of one locale's copy: missing, extra or empty keys. */
export function copyProblems(locale: LocaleCode, raw: Record<string, unknown> = RAW[locale]): string[] {
  const problems: string[] = [];
  for (const key of COPY_KEYS) {
    const value = raw[key];
    if (typeof value !== 'string') problems.push(`${locale}: ${key} is missing`);
    else if (value.trim() === '') problems.push(`${locale}: ${key} is empty`);
  }
  for (const key of Object.keys(raw))
    if (!(key in en)) problems.push(`${locale}: ${key} is not a key of the English copy`);
  return problems;
}

export function copyFor(locale: LocaleCode): Copy {
  const problems = copyProblems(locale);
  if (problems.length) throw new Error(`Page copy is incomplete:\n${problems.join('\n')}`);
  // The retention periods the privacy text states are the ones the product keeps (shared/privacy/retention.ts);
  // the message's length, the one the send route takes.
  const messageMax = new Intl.NumberFormat(locale).format(ENQUIRY_LIMITS.messageMax);
  return Object.fromEntries(
    Object.entries(RAW[locale]).map(([key, text]) => [
      key,
      withRetentionPeriods(String(text), locale).replaceAll('{messageMax}', messageMax),
    ]),
  ) as Copy;
}
