/** Request bodies of the visitor's page and of the staff route that replaces a visitor's link (constants in visitor-page.ts). */
import { FILL_TIME_FIELD, HONEYPOT_FIELD } from '../intake/form-fields';
import { fillTimeField, honeypotField, wholeNumberField } from '../intake/field-schemas';
import { MAX_ENQUIRY_INDEX } from '../work/enquiry-work';
import * as z from '../zod';
import { VISITOR_LINK_MAX, VISITOR_MESSAGE_MAX } from './visitor-page';

/**
 * The link from the page's fragment. Its form is checked by the route, after
 * the attempt is counted: a malformed link is answered as a wrong one.
 */
const link = z
  .string({ error: 'The link from the address' })
  .check(z.minLength(1, 'The link from the address'), z.maxLength(VISITOR_LINK_MAX, 'The link from the address'));

/** `POST /api/visitor/enquiry`. */
export const visitorReadSchema = z.object({ link });

export type VisitorReadRequest = z.output<typeof visitorReadSchema>;

/**
 * `POST /api/visitor/message`: the visitor's words, with the enquiry form's
 * defences: its size limit, its hidden field, its fill time; `message_id`, a
 * UUID the page makes once per message, makes a resend store nothing new.
 */
export const visitorMessageSchema = z.object({
  link,
  text: z
    .string({ error: 'Required' })
    .check(
      z.trim(),
      z.minLength(1, 'Required'),
      z.maxLength(VISITOR_MESSAGE_MAX, `At most ${VISITOR_MESSAGE_MAX} characters`),
    ),
  message_id: z.uuid('A UUID'),
  [HONEYPOT_FIELD]: honeypotField(),
  [FILL_TIME_FIELD]: fillTimeField(),
});

export type VisitorMessageRequest = z.output<typeof visitorMessageSchema>;

/** `POST /api/enquiry/visitor-link`: which enquiry, and the VERSION the staff member saw. */
export const visitorLinkReplaceSchema = z.object({
  index: wholeNumberField(1, MAX_ENQUIRY_INDEX, 'An enquiry number'),
  version: wholeNumberField(0, Number.MAX_SAFE_INTEGER, 'The version you read'),
});

export type VisitorLinkReplaceRequest = z.output<typeof visitorLinkReplaceSchema>;
