/** The requests of the kept mail box's routes (what they answer: kept-mail.ts). */
import { MAX_ENQUIRY_INDEX } from '../work/enquiry-work';
import { wholeNumberField } from '../intake/field-schemas';
import * as z from '../zod';
import { KEPT_BOXES } from './visitor-messages';
import { KEPT_MAIL_SEARCH_MAX } from './kept-mail';

/** A kept mail's key as the box lists it (`kept#…`, printable ASCII). */
const key = z
  .string({ error: 'A kept mail key' })
  .check(z.maxLength(600, 'At most 600 characters'), z.regex(/^kept#[\x21-\x7e]{1,595}$/, 'A kept mail key (kept#…)'));

export const keptMailListQuerySchema = z.object({
  box: z.enum(KEPT_BOXES, { error: `One of ${KEPT_BOXES.join(', ')}` }),
  /** Where the page starts: the `next` of the page before (opaque). */
  after: z.optional(
    z
      .string({ error: 'As given in next' })
      .check(z.maxLength(900, 'As given in next'), z.regex(/^[A-Za-z0-9_-]+$/, 'As given in next')),
  ),
  /** Words of a sender's address or a subject, any case. */
  search: z.optional(
    z
      .string({ error: 'Text to search for' })
      .check(z.maxLength(KEPT_MAIL_SEARCH_MAX, `At most ${KEPT_MAIL_SEARCH_MAX} characters`)),
  ),
});

export const keptMailKeyQuerySchema = z.object({ key });

export const keptMailAttachSchema = z.object({
  key,
  index: wholeNumberField(1, MAX_ENQUIRY_INDEX, 'An enquiry number'),
  /** Required (true) to attach a quarantined mail: the staff member saw the warning. */
  confirmQuarantine: z.optional(z.boolean({ error: 'true or false' })),
});

export const keptMailDiscardSchema = z.object({ key });

export const keptMailRawSchema = z.object({ key });

export const keptMailTranslateSchema = z.object({
  key,
  /** A staff member asks again (after a cap or a failure): the sender's share does not hold it back. */
  again: z.optional(z.boolean({ error: 'true or false' })),
});

export type KeptMailTranslateRequest = z.output<typeof keptMailTranslateSchema>;

export type KeptMailAttachRequest = z.output<typeof keptMailAttachSchema>;
