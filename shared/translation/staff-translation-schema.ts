/** The request that asks again for a translation staff read (staff-translation.ts). */
import { wholeNumberField } from '../intake/field-schemas';
import { MAX_ENQUIRY_INDEX } from '../work/enquiry-work';
import * as z from '../zod';

/** `POST /api/enquiry/translate`: ask again for an original's translation (or for its first, when it has none). */
export const translateAgainSchema = z.object({
  index: wholeNumberField(1, MAX_ENQUIRY_INDEX, 'An enquiry number'),
  // A message by its event's time: an ISO instant and the event's unique tail (`#m<hash>`, …).
  source: z
    .string()
    .check(
      z.refine(
        (value) =>
          value === 'enquiry' || /^message#\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z(#[\w-]{1,40})?$/.test(value),
        "'enquiry' or 'message#<the message's time>'",
      ),
    ),
});
export type TranslateAgainRequest = z.output<typeof translateAgainSchema>;
