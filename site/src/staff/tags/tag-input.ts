/**
 * What a staff member typed in the tag input, read as the tags to add: split
 * at commas, each normalised and checked as the API does (so a problem shows
 * in Korean before anything is sent), the ones the enquiry has left out.
 * Pure, so it is unit-tested.
 */
import { TAGS_PER_ENQUIRY_MAX, normaliseTag, sameTag, tagProblem } from '../../../../shared/tags/tags';
import { TAGS_TEXT } from './words';

export type TagInput = { tags: string[] } | { problem: string };

export function readTagInput(text: string, current: readonly string[]): TagInput {
  const tags: string[] = [];
  for (const tag of text.split(',').map(normaliseTag)) {
    const problem = tagProblem(tag);
    if (problem === 'empty') continue;
    if (problem === 'tooLong') return { problem: TAGS_TEXT.tooLong(tag) };
    if (problem) return { problem: TAGS_TEXT.unusable(tag) };
    if (![...current, ...tags].some((known) => sameTag(known, tag))) tags.push(tag);
  }
  if (current.length + tags.length > TAGS_PER_ENQUIRY_MAX) return { problem: TAGS_TEXT.tooMany };
  return { tags };
}
