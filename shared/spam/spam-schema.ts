/** The request body of marking a suspected-spam enquiry genuine (the enquiry is the path's `{index}`). */
import { wholeNumberField } from '../intake/field-schemas';
import * as z from '../zod';

/** The enquiry's VERSION as staff read it, so a change meanwhile refuses the mark. */
export const genuineSchema = z.object({
  version: wholeNumberField(0, Number.MAX_SAFE_INTEGER, "The enquiry's VERSION as read"),
});
export type GenuineRequest = z.output<typeof genuineSchema>;
