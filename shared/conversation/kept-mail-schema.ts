/** The requests of the kept mail box's routes (what they answer: kept-mail.ts). */
import { MAX_ENQUIRY_INDEX } from '../work/enquiry-work';
import { wholeNumberField } from '../intake/field-schemas';
import * as z from '../zod';
import { KEPT_BOXES } from './visitor-messages';

/** A kept mail's key as the box lists it (`kept#…`, printable ASCII). */
const key = z
  .string({ error: 'A kept mail key' })
  .check(z.maxLength(600, 'At most 600 characters'), z.regex(/^kept#[\x21-\x7e]{1,595}$/, 'A kept mail key (kept#…)'));

export const keptMailListQuerySchema = z.object({
  box: z.enum(KEPT_BOXES, { error: `One of ${KEPT_BOXES.join(', ')}` }),
});

export const keptMailKeyQuerySchema = z.object({ key });

export const keptMailAttachSchema = z.object({
  key,
  index: wholeNumberField(1, MAX_ENQUIRY_INDEX, 'An enquiry number'),
  /** Required (true) to attach a quarantined mail: the staff member saw the warning. */
  confirmQuarantine: z.optional(z.boolean({ error: 'true or false' })),
});

export const keptMailDiscardSchema = z.object({ key });

export type KeptMailAttachRequest = z.output<typeof keptMailAttachSchema>;
