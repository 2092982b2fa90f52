/**
 * The custom terminology the engine is given: the product's own
 * labels in the six page languages (the four sections, the medical subjects,
 * the interpreter languages and the centre's name), so a visitor's "Ортопедия"
 * is always 정형외과 to staff and a staff member's 종합검진 is the words the
 * visitor's page uses. One row a label, one column a language; MULTI, so any
 * column translates to any other. "Other" (기타) is left out: as a term it
 * would turn every "other" in a sentence into a label.
 *
 * The file is tab-separated (Translate's TSV): labels hold commas, never tabs.
 */
import { createHash } from 'node:crypto';
import { DETAIL_SECTIONS, LANGUAGES, SECTIONS } from '../../../shared/enquiries/enums';
import { RECEIPT_TEXT } from '../../../shared/intake/receipt-text';
import { LOCALE_CODES, type LocaleCode } from '../../../shared/locales';

const LEFT_OUT: readonly string[] = ['기타'];

export interface Terminology {
  /** The file's first row: a language code a column. */
  languages: readonly LocaleCode[];
  rows: string[][];
}

export function productTerminology(): Terminology {
  const labelled = [...SECTIONS, ...DETAIL_SECTIONS, ...LANGUAGES].filter((entry) => !LEFT_OUT.includes(entry.value));
  const rows = labelled.map((entry) => LOCALE_CODES.map((code) => (entry.labels as Record<LocaleCode, string>)[code]));
  // The centre's name as the mails give it (a test keeps it the page copy's `meta.siteName`), without loading every page's copy.
  rows.push(LOCALE_CODES.map((code) => RECEIPT_TEXT[code].centreName));
  return { languages: LOCALE_CODES, rows };
}

/** The TSV file Translate imports. */
export function terminologyFile(terminology: Terminology = productTerminology()): string {
  for (const cell of terminology.rows.flat())
    if (/[\t\r\n]/.test(cell) || cell.trim() === '')
      throw new Error(`A terminology label must be one line of text: ${JSON.stringify(cell)}`);
  return [terminology.languages, ...terminology.rows].map((row) => row.join('\t')).join('\n') + '\n';
}

/** A short digest of the file: kept as the imported terminology's description, so an unchanged one is not imported again. */
export function terminologyVersion(file: string): string {
  return `labels ${createHash('sha256').update(file).digest('hex').slice(0, 16)}`;
}
