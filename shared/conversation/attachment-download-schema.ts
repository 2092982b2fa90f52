/** The request of a staff download of a visitor's attachment: which enquiry, and the attachment's key as its thread lists it. */
import { MAX_ENQUIRY_INDEX } from '../work/enquiry-work';
import { wholeNumberField } from '../intake/field-schemas';
import { INBOUND_ATTACHMENT_PREFIX } from './visitor-messages';
import * as z from '../zod';

/** Longer than any key attachments.ts makes (`attachments/<32 hex>/<position>`), short enough for the access log. */
const KEY_MAX = 200;

export const attachmentLinkSchema = z.object({
  index: wholeNumberField(1, MAX_ENQUIRY_INDEX, 'An enquiry number'),
  // Only the form is checked here; whether the key is one of this enquiry's attachments, the thread says.
  key: z.string({ error: 'An attachment key as the thread lists it' }).check(
    z.maxLength(KEY_MAX, `At most ${KEY_MAX} characters`),
    z.refine(
      (key) => key.startsWith(INBOUND_ATTACHMENT_PREFIX) && /^[\x21-\x7e]+$/.test(key),
      'An attachment key as the thread lists it',
    ),
  ),
});

export type AttachmentLinkRequest = z.output<typeof attachmentLinkSchema>;
