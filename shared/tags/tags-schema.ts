/** The request body of `POST /api/enquiry/tags` (the rules of one tag are in tags.ts). */
import { MAX_ENQUIRY_INDEX } from '../work/enquiry-work';
import { wholeNumberField } from '../intake/field-schemas';
import * as z from '../zod';
import { TAG_MAX_LENGTH, TAGS_PER_ENQUIRY_MAX, type TagProblem, normaliseTag, tagProblem } from './tags';

const PROBLEM_MESSAGES: Record<TagProblem, string> = {
  empty: 'Required',
  tooLong: `At most ${TAG_MAX_LENGTH} characters`,
  control: 'Without control characters',
  comma: 'Without commas (one tag at a time)',
};

/** One tag, normalised; refused with the reason when it cannot be kept. */
export const tagField = z.pipe(
  z.string({ error: 'A tag as text' }).check(z.overwrite(normaliseTag)),
  z.string().check(
    z.superRefine((tag, context) => {
      const problem = tagProblem(tag);
      if (problem) context.issues.push({ code: 'custom', message: PROBLEM_MESSAGES[problem], input: tag });
    }),
  ),
);

const tagList = z.optional(
  z
    .array(tagField, { error: 'A list of tags' })
    .check(z.maxLength(TAGS_PER_ENQUIRY_MAX, `At most ${TAGS_PER_ENQUIRY_MAX} tags at once`)),
);

export const tagsChangeSchema = z
  .object({
    index: wholeNumberField(1, MAX_ENQUIRY_INDEX, 'An enquiry number'),
    /** Tags to put on the enquiry (one it already has is left as it is). */
    add: tagList,
    /** Tags to take off (one it does not have is ignored). */
    remove: tagList,
  })
  .check(
    z.refine((change) => (change.add?.length ?? 0) + (change.remove?.length ?? 0) > 0, {
      path: ['add'],
      message: 'Give a tag to add or to remove',
    }),
  );

export type TagsChangeRequest = z.output<typeof tagsChangeSchema>;
