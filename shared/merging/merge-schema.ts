/** The request bodies of merging, undoing a merge and splitting a message out (the enquiry is the path's `{index}`). */
import { wholeNumberField } from '../intake/field-schemas';
import { MAX_ENQUIRY_INDEX } from '../work/enquiry-work';
import * as z from '../zod';

const version = (what: string) => wholeNumberField(0, Number.MAX_SAFE_INTEGER, `The ${what} VERSION as read`);

/** Merge the path's enquiry into `into`; each version as staff read it, so a change meanwhile refuses the merge. */
export const mergeSchema = z.object({
  into: wholeNumberField(1, MAX_ENQUIRY_INDEX, 'The number of the enquiry to merge into'),
  version: version("merged enquiry's"),
  intoVersion: version("target enquiry's"),
});
export type MergeRequest = z.output<typeof mergeSchema>;

/** Undo the merge of the path's enquiry (the one merged away). */
export const unmergeSchema = z.object({ version: version("target enquiry's") });
export type UnmergeRequest = z.output<typeof unmergeSchema>;

/** Split the visitor's message at `at` (its history key) out of the path's enquiry into a new one. */
export const splitSchema = z.object({
  at: z.string({ error: "The message's history key (`at`)" }).check(z.minLength(1), z.maxLength(100)),
  version: version("enquiry's"),
});
export type SplitRequest = z.output<typeof splitSchema>;
