/**
 * The enquiry as staff read it (docs/contract.md, 'The staff record', plus
 * additive fields), and the staff list query and export filter. How a public
 * form sends it is in ./enquiry-submission-schema.ts.
 */
import * as z from '../zod';
import type { TranslationView } from '../translation/staff-translation';
import { SECTION_VALUES, type Section } from './enums';
import type { ContactChannel } from '../intake/contact-channels';
import {
  ENQUIRY_STATUSES,
  type EnquiryStatus,
  OWNER_FILTERS,
  STATUS_CHOICES,
  parseReference,
} from '../work/enquiry-work';
import { parseKoreaDateTime } from '../korea-time';
import type { LocaleCode } from '../locales';
import { LIST_HEADERS, PAGE_SIZE } from './pagination';
import { checkbox, emptyToUndefined, wholeNumber, wholeNumberField } from '../intake/field-schemas';
import { tagField } from '../tags/tags-schema';

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
