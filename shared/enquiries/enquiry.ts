/**
 * The enquiry: as a public form sends it (the wire names of docs/contract.md,
 * 'The enquiry as sent') and as staff read it (docs/contract.md, 'The staff
 * record', plus additive fields).
 */
import * as z from '../zod';
import type { TranslationView } from '../translation/staff-translation';
import {
  DETAIL_SECTION_VALUES,
  FREE_LANGUAGE_MAX_LENGTH,
  HOSPITAL_SECTION,
  HOTEL_SECTION,
  SECTION_VALUES,
  SECTIONS_WITH_DESTINATION,
  type Section,
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

export { ENQUIRY_LIMITS, OTHER_LANGUAGE_FIELD, OTHER_LANGUAGE_VALUE };
import { CONTACT_CHANNELS, type ContactChannel, isValidAccount } from '../intake/contact-channels';
import {
  ENQUIRY_STATUSES,
  type EnquiryStatus,
  OWNER_FILTERS,
  STATUS_CHOICES,
  parseReference,
} from '../work/enquiry-work';
import { parseKoreaDateTime } from '../korea-time';
import { LOCALE_CODES, type LocaleCode } from '../locales';
import { LIST_HEADERS, PAGE_SIZE } from './pagination';
import { emptyToUndefined, fillTimeField, honeypotField, oneLine, wholeNumberField } from '../intake/field-schemas';
import { tagField } from '../tags/tags-schema';

/** Values a checkbox or a JSON client may send for "yes". */
const TRUE_WORDS = new Set(['true', 'on', 'yes', '1']);

const optionalText = (max: number) =>
  z.preprocess(emptyToUndefined, z.optional(z.string().check(z.trim(), z.maxLength(max, `At most ${max} characters`))));
/** A place or hotel name: one line. */
const optionalLine = (max: number) =>
  z.preprocess(
    emptyToUndefined,
    z.optional(z.string().check(z.trim(), z.maxLength(max, `At most ${max} characters`), oneLine())),
  );

const checkbox = z.preprocess(
  (value) => (typeof value === 'string' ? TRUE_WORDS.has(value.trim().toLowerCase()) : value === true),
  z.boolean(),
);

const wholeNumber = (min: number, max: number, fallback: number) => {
  const message = `A whole number from ${min} to ${max}`;
  return z.preprocess(
    (value) => {
      const present = emptyToUndefined(value);
      if (present === undefined) return fallback;
      return typeof present === 'string' && /^\s*\d+\s*$/.test(present) ? Number(present) : present;
    },
    z.number({ error: message }).check(z.int(message), z.minimum(min, message), z.maximum(max, message)),
  );
};

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
      message: optionalText(ENQUIRY_LIMITS.messageMax),
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

/**
 * The staff mail's state: waiting for a send or a retry, being sent, sent,
 * given up, not sent for suspected spam, held for the daily digest (the daily
 * cap was reached), or uncertain (the send was cut off after SES may have
 * accepted it; it is not sent again, staff check the inbox).
 */
export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed', 'skipped', 'held', 'uncertain'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** The enquiry record as staff read it. Upper-case names are the contract; the rest are additive. */
export type EnquiryRecord = {
  /** A positive whole number, the enquiry's place in the order received. */
  POST_INDEX: number;
  NAME: string;
  CONTACT_NUMBER: string;
  EMAIL: string;
  LANG_PREFERENCE: string;
  MEDICAL_SECTION: Section;
  DETAIL_SECTION: string;
  /** When the enquiry was received, Korea time `YYYY-MM-DD HH:mm`. */
  DATE: string;
  /** Requested start, as sent. */
  REGISTRATION_DATE: string;
  /** Requested end (hotel stays), as sent. */
  REGISTRATION_END: string;
  HOTEL: string;
  NUMBER_PEOPLE: number;
  ROOM: number;
  DESTINATION: string;
  CONTEXT: string;
  /** Additive: when received, as an ISO-8601 instant. */
  RECEIVED_AT: string;
  /** Additive: whether the staff mail went out. */
  MAIL_STATUS: MailStatus;
  /** Additive: suspected spam, stored apart instead of dropped. */
  SPAM: boolean;
  SPAM_REASON?: string;
  /** Additive: the consent notice version the visitor agreed to, and when. */
  CONSENT_VERSION: string;
  CONSENT_AT: string;
  CONSENT_HEALTH: boolean;
  /** Additive: the human reference (`MT-000123`), from POST_INDEX. */
  REFERENCE: string;
  /** Additive: the language of the page it was sent from. */
  LOCALE: LocaleCode;
  /** Additive: the preferred contact channel and account, when given. */
  CONTACT_CHANNEL?: ContactChannel;
  CONTACT_ACCOUNT?: string;
  /** Additive: where staff stand with it (absent for suspected spam), who handles it ('' for nobody), its change count. */
  STATUS?: EnquiryStatus;
  OWNER: string;
  VERSION: number;
  UPDATED_AT: string;
  /** Additive: when staff first replied from the back office, and last did. */
  FIRST_REPLY_AT?: string;
  LAST_REPLY_AT?: string;
  /** Additive: when the visitor's latest message after the enquiry came in (by mail or on their page), when they wrote again. */
  LAST_VISITOR_AT?: string;
  /** Additive: the time of the visitor's latest message its owner (anyone, while nobody owns it) has not opened yet; absent once opened. */
  UNREAD_VISITOR_AT?: string;
  /** Additive: why an admin holds it (kept whatever retention or an erasure request says), when held. */
  LEGAL_HOLD?: string;
  /** Additive: the tags staff put on it, in the order added (absent when none). */
  TAGS?: readonly string[];
};

/** `GET /api/detail/{index}`'s one record: the enquiry, and its texts' translation when it has one (none for Korean). */
export type EnquiryDetail = EnquiryRecord & { translation?: TranslationView };

/** Staff list query (`POST /api/view` body) and export filter (`GET /api/export.csv` query). */
export const LIST_PAGE_MAX = 100;
/** Without a limit the list answers one message-box page. */
export const LIST_PAGE_DEFAULT = PAGE_SIZE;

const day = z
  .string()
  .check(
    z.refine(
      (text) => /^\d{4}-\d{2}-\d{2}$/.test(text) && parseKoreaDateTime(text) !== undefined,
      'A day as YYYY-MM-DD',
    ),
  );

export const enquiryFilterSchema = z
  .object({
    section: z.preprocess(
      (value) => (value === '' || value === 'ALL' ? undefined : value),
      z.optional(z.enum(SECTION_VALUES, { error: 'ALL or one of the four enquiry types' })),
    ),
    from: z.preprocess(emptyToUndefined, z.optional(day)),
    to: z.preprocess(emptyToUndefined, z.optional(day)),
    /** Additive: list the enquiries flagged as suspected spam instead of the others. */
    spam: z.optional(checkbox),
    /** Additive: one status, and/or an owner (`mine`, `unassigned` or a staff address); not with section, dates or spam. */
    status: z.preprocess(emptyToUndefined, z.optional(z.enum(ENQUIRY_STATUSES, { error: STATUS_CHOICES }))),
    owner: z.preprocess(
      emptyToUndefined,
      z.optional(
        z.string().check(
          z.trim(),
          z.maxLength(254),
          z.refine(
            (value) =>
              value === OWNER_FILTERS.mine || value === OWNER_FILTERS.unassigned || /^[^\s@]+@[^\s@]+$/.test(value),
            'mine, unassigned or a staff address',
          ),
        ),
      ),
    ),
    /** Additive: the enquiries that carry one tag (any spelling of it); on its own, with no other filter. */
    tag: z.preprocess(emptyToUndefined, z.optional(tagField)),
  })
  .check(
    z.refine((filter) => !filter.from || !filter.to || filter.from <= filter.to, {
      path: ['to'],
      message: 'Not before from',
    }),
    z.refine(
      (filter) => !(filter.status || filter.owner) || !(filter.section || filter.from || filter.to || filter.spam),
      {
        path: ['status'],
        message: 'Filter by status and owner, or by section, dates and spam, not both',
      },
    ),
    z.refine(
      (filter) =>
        !filter.tag || !(filter.status || filter.owner || filter.section || filter.from || filter.to || filter.spam),
      {
        path: ['tag'],
        message: 'A tag filter stands alone, without status, owner, section, dates or spam',
      },
    ),
  );

export type EnquiryFilter = z.output<typeof enquiryFilterSchema>;

export const enquiryListQuerySchema = z.intersection(
  enquiryFilterSchema,
  z.object({
    cursor: z.preprocess(emptyToUndefined, z.optional(z.string().check(z.maxLength(200)))),
    limit: wholeNumber(1, LIST_PAGE_MAX, LIST_PAGE_DEFAULT),
    /** Additive: jump straight to a 1-based page of `limit` rows (used by the page links). */
    page: z.preprocess(emptyToUndefined, z.optional(wholeNumberField(1, 1_000_000, 'A page number from 1'))),
    /** Additive: find one enquiry by its reference (`MT-000123`, or its number). */
    reference: z.preprocess(
      emptyToUndefined,
      z.optional(
        z.string().check(
          z.maxLength(40),
          z.refine((text) => parseReference(text) !== undefined, 'A reference such as MT-000123'),
        ),
      ),
    ),
  }),
);

export type EnquiryListQuery = z.output<typeof enquiryListQuerySchema>;

export { LIST_HEADERS };
