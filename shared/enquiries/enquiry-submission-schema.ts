/**
 * The enquiry as a public form sends it (the wire names of docs/contract.md,
 * 'The enquiry as sent'). How staff read it is in ./enquiry.ts.
 */
import * as z from '../zod';
import {
  DETAIL_SECTION_VALUES,
  FREE_LANGUAGE_MAX_LENGTH,
  HOSPITAL_SECTION,
  HOTEL_SECTION,
  SECTION_VALUES,
  SECTIONS_WITH_DESTINATION,
  normaliseLanguage,
} from './enums';
import {
  ENQUIRY_LIMITS,
  FILL_TIME_FIELD,
  HONEYPOT_FIELD,
  OTHER_LANGUAGE_FIELD,
  OTHER_LANGUAGE_VALUE,
  normaliseEmail,
} from '../intake/form-fields';
import { CONTACT_CHANNELS, isValidAccount } from '../intake/contact-channels';
import { parseKoreaDateTime } from '../korea-time';
import { LOCALE_CODES } from '../locales';
import {
  checkbox,
  emptyToUndefined,
  fillTimeField,
  honeypotField,
  oneLine,
  wholeNumber,
} from '../intake/field-schemas';

const optionalText = (max: number, tooLong = `At most ${max} characters`) =>
  z.preprocess(emptyToUndefined, z.optional(z.string().check(z.trim(), z.maxLength(max, tooLong))));
/** A place or hotel name: one line. */
const optionalLine = (max: number) =>
  z.preprocess(
    emptyToUndefined,
    z.optional(z.string().check(z.trim(), z.maxLength(max, `At most ${max} characters`), oneLine())),
  );

/** A browser's date-time input posts `YYYY-MM-DDTHH:mm` when JavaScript is off; the wire format has a space. */
const reservationTime = z.preprocess(
  (value) => {
    const present = emptyToUndefined(value);
    return typeof present === 'string'
      ? present.trim().replace(/^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/, '$1 $2')
      : present;
  },
  z.optional(
    z.string().check(
      z.trim(),
      z.refine((text) => parseKoreaDateTime(text) !== undefined, 'A date as YYYY-MM-DD HH:mm or YYYY-MM-DD'),
    ),
  ),
);

const uuid = z.preprocess(emptyToUndefined, z.optional(z.uuid('A UUID')));

/** A plain form post names the other language in its own field; JSON clients send the words as `user_language`. */
function takeOtherLanguage(input: unknown): unknown {
  if (typeof input !== 'object' || input === null) return input;
  const fields = input as Record<string, unknown>;
  if (
    typeof fields['user_language'] !== 'string' ||
    fields['user_language'].trim().toLowerCase() !== OTHER_LANGUAGE_VALUE
  )
    return input;
  const { [OTHER_LANGUAGE_FIELD]: words, ...rest } = fields;
  return { ...rest, user_language: typeof words === 'string' ? words : '' };
}

/** The enquiry as the public forms send it (`{ data: {...} }` or a form post). */
export const enquirySubmissionSchema = z.preprocess(
  takeOtherLanguage,
  z
    .object({
      user_name: z
        .string({ error: 'Required' })
        .check(
          z.trim(),
          z.minLength(1, 'Required'),
          z.maxLength(ENQUIRY_LIMITS.nameMax, `At most ${ENQUIRY_LIMITS.nameMax} characters`),
          oneLine(),
        ),
      user_email: z.pipe(
        z
          .string({ error: 'Required' })
          .check(
            z.trim(),
            z.minLength(1, 'Required'),
            z.maxLength(ENQUIRY_LIMITS.emailMax, `At most ${ENQUIRY_LIMITS.emailMax} characters`),
          ),
        z.transform((value: string, context) => {
          const address = normaliseEmail(value);
          if (address) return address;
          context.issues.push({
            code: 'custom',
            message: 'A plain e-mail address such as name@example.com',
            input: value,
          });
          return z.NEVER;
        }),
      ),
      phone: z.preprocess(
        emptyToUndefined,
        z.optional(
          z.string().check(
            z.trim(),
            z.maxLength(ENQUIRY_LIMITS.phoneMax, `At most ${ENQUIRY_LIMITS.phoneMax} characters`),
            // Spaces, not any white space: a line break would make a phone number two lines of a mail.
            z.regex(/^[0-9+()\-. /]*$/, 'Digits, spaces and + ( ) - . / only'),
          ),
        ),
      ),
      section: z.enum(SECTION_VALUES, { error: 'One of the four enquiry types' }),
      detail_section: z.preprocess(
        emptyToUndefined,
        z.optional(z.enum(DETAIL_SECTION_VALUES, { error: 'One of the listed medical subjects' })),
      ),
      // Refused whole, never cut: the visitor shortens it (counted as messageLength counts, which the page shows).
      message: optionalText(
        ENQUIRY_LIMITS.messageMax,
        `At most ${ENQUIRY_LIMITS.messageMax.toLocaleString('en')} characters; nothing was stored or cut, shorten it and send it again`,
      ),
      user_count: wholeNumber(ENQUIRY_LIMITS.partyMin, ENQUIRY_LIMITS.partyMax, 1),
      user_Room: wholeNumber(ENQUIRY_LIMITS.roomsMin, ENQUIRY_LIMITS.roomsMax, 1),
      start: reservationTime,
      finish: reservationTime,
      user_language: z.preprocess(
        (value) => (typeof value === 'string' ? normaliseLanguage(value) || undefined : value),
        z.optional(
          z
            .string()
            .check(z.maxLength(FREE_LANGUAGE_MAX_LENGTH, `At most ${FREE_LANGUAGE_MAX_LENGTH} characters`), oneLine()),
        ),
      ),
      destination: optionalLine(ENQUIRY_LIMITS.placeMax),
      hotel: optionalLine(ENQUIRY_LIMITS.placeMax),
      consent_privacy: checkbox.check(
        z.refine((given) => given, 'Consent to the collection and use of personal data is required'),
      ),
      consent_health: z.optional(checkbox),
      submission_id: uuid,
      /** Additive: the language of the page the enquiry was sent from (the acknowledgement and replies use it). */
      page_locale: z.preprocess(
        emptyToUndefined,
        z._default(z.enum(LOCALE_CODES, { error: 'One of en, ko, zh, ru, vi, ja' }), 'en'),
      ),
      /** Additive: how the visitor prefers to be contacted, and the account or number there. */
      contact_channel: z.preprocess(
        emptyToUndefined,
        z.optional(z.enum(CONTACT_CHANNELS, { error: 'One of the listed contact channels' })),
      ),
      contact_account: z.preprocess(emptyToUndefined, z.optional(z.string().check(z.trim()))),
      [HONEYPOT_FIELD]: honeypotField(),
      [FILL_TIME_FIELD]: fillTimeField(),
    })
    .check(
      z.superRefine((enquiry, context) => {
        const problem = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
        if (enquiry.section === HOSPITAL_SECTION && enquiry.consent_health !== true) {
          problem(
            'consent_health',
            'Consent to the processing of health information is required for a hospital reservation',
          );
        }
        if (enquiry.destination !== undefined && !SECTIONS_WITH_DESTINATION.includes(enquiry.section)) {
          problem('destination', 'Only for concierge and interpretation enquiries');
        }
        if (enquiry.section !== HOTEL_SECTION) {
          if (enquiry.hotel !== undefined) problem('hotel', 'Only for hotel reservations');
          if (enquiry.finish !== undefined) problem('finish', 'Only for hotel reservations');
        }
        if (enquiry.contact_account !== undefined && enquiry.contact_channel === undefined) {
          problem('contact_channel', 'Choose the app or service of this account');
        }
        if (
          enquiry.contact_channel !== undefined &&
          !isValidAccount(enquiry.contact_channel, enquiry.contact_account ?? '')
        ) {
          problem('contact_account', 'Not an account or number of this app');
        }
        if (enquiry.start !== undefined && enquiry.finish !== undefined) {
          const start = parseKoreaDateTime(enquiry.start);
          const finish = parseKoreaDateTime(enquiry.finish);
          if (start !== undefined && finish !== undefined && finish < start) problem('finish', 'Not before the start');
        }
      }),
    ),
);

export type EnquirySubmission = z.output<typeof enquirySubmissionSchema>;
