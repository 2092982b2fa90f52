/**
 * Tags on enquiries: short free labels staff put on an enquiry ("VIP",
 * "insurance", "follow-up") to find it again. The constants and the rules of
 * what one tag is, shared by the functions and the staff app (no schema
 * library here; the request schema is in tags-schema.ts).
 */

/** Characters in one tag: a word or three, never a sentence. */
export const TAG_MAX_LENGTH = 30;
/** Tags on one enquiry: more would stop saying anything. */
export const TAGS_PER_ENQUIRY_MAX = 10;
/** Different tags in use at once: the filter lists them all, and a typo should not grow it for ever. */
export const TAGS_IN_USE_MAX = 500;

/**
 * A tag as it is kept: composed the same way whatever the keyboard (NFC), no
 * spaces around it and one space for each run of spaces inside. Line breaks,
 * other control characters and commas (the separator of the CSV cell and of
 * the tag input) are refused, not removed: a tag is one line, like every
 * one-line field.
 */
export function normaliseTag(text: string): string {
  return text
    .normalize('NFC')
    .trim()
    .replace(/[^\S\r\n\u2028\u2029]+/gu, ' ');
}

export type TagProblem = 'empty' | 'tooLong' | 'control' | 'comma';

/** Why a tag (already normalised) cannot be kept, or `undefined` when it can. The API and the back office each word it. */
export function tagProblem(tag: string): TagProblem | undefined {
  if (tag === '') return 'empty';
  if ([...tag].length > TAG_MAX_LENGTH) return 'tooLong';
  if (/[\p{Cc}\p{Cf}\u2028\u2029]/u.test(tag)) return 'control';
  if (tag.includes(',')) return 'comma';
  return undefined;
}

/** Two spellings of one tag ("VIP" and "vip") are the same tag: the first one kept is how it is written. */
export function sameTag(a: string, b: string): boolean {
  return a.toLocaleLowerCase('und') === b.toLocaleLowerCase('und');
}

/** A tag in use, as `GET /api/tags` lists it: how many enquiries carry it now. */
export interface TagInUse {
  tag: string;
  count: number;
}

/** The tag in use this spelling names ("vip" names "VIP" once "VIP" is in use), or the spelling itself for a tag not in use. */
export function inUseSpelling(tag: string, inUse: readonly TagInUse[]): string {
  return inUse.find((candidate) => sameTag(candidate.tag, tag))?.tag ?? tag;
}
