/** Request bodies of the routes that work an enquiry (the constants are in enquiry-work.ts). */
import {
  ENQUIRY_STATUSES,
  MAX_ENQUIRY_INDEX,
  STATUS_CHOICES,
  NOTE_MAX,
  REPLY_BODY_MAX,
  REPLY_ENGINE_MAX,
  REPLY_SUBJECT_MAX,
  TEMPLATE_BODY_MAX,
  TEMPLATE_SUBJECT_MAX,
} from './enquiry-work';
import { SECTION_VALUES } from '../enquiries/enums';
import { DEFAULT_REVISION } from './template-versions';
import { wholeNumberField } from '../intake/field-schemas';
import { LOCALE_CODES } from '../locales';
import * as z from '../zod';

export const enquiryIndex = wholeNumberField(1, MAX_ENQUIRY_INDEX, 'An enquiry number');
const index = enquiryIndex;
/** The VERSION the staff member saw: a change made meanwhile by someone else is not overwritten. */
const version = wholeNumberField(0, Number.MAX_SAFE_INTEGER, 'The version you read');
/** One line of printable text: no control characters (it may become a mail subject). */
const line = (max: number) =>
  z.string().check(
    z.trim(),
    z.minLength(1, 'Required'),
    z.maxLength(max, `At most ${max} characters`),
    z.refine((text) => !/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(text), 'One line, without control characters'),
  );
/** Text of several lines, without control characters but the line breaks and tabs. */
export const text = (max: number) =>
  z.string().check(
    z.trim(),
    z.minLength(1, 'Required'),
    z.maxLength(max, `At most ${max} characters`),
    z.refine((value) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value), 'Without control characters'),
  );

export const workChangeSchema = z
  .object({
    index,
    version,
    status: z.optional(z.enum(ENQUIRY_STATUSES, { error: STATUS_CHOICES })),
    /** A staff address, or '' for nobody. */
    owner: z.optional(
      z.string().check(
        z.trim(),
        z.maxLength(254),
        z.refine((value) => value === '' || /^[^\s@]+@[^\s@]+$/.test(value), 'A staff address, or empty for nobody'),
      ),
    ),
  })
  .check(
    z.refine((change) => change.status !== undefined || change.owner !== undefined, {
      path: ['status'],
      message: 'Give a status, an owner, or both',
    }),
  );

export type WorkChangeRequest = z.output<typeof workChangeSchema>;

export const noteSchema = z.object({ index, text: text(NOTE_MAX) });

/**
 * `body` is what the visitor is mailed, in their language. A reply written in
 * Korean and machine-translated names its `original` (the staff
 * member's own words) and the `translation` that made `body` from it: the
 * engine, and whether the staff member edited its text. A translation without
 * the original it was made from is refused.
 */
export const replySchema = z
  .object({
    index,
    version,
    subject: line(REPLY_SUBJECT_MAX),
    body: text(REPLY_BODY_MAX),
    original: z.optional(text(REPLY_BODY_MAX)),
    translation: z.optional(
      z.object({ engine: line(REPLY_ENGINE_MAX), edited: z.boolean({ error: 'true or false' }) }),
    ),
  })
  .check(
    z.refine((reply) => reply.translation === undefined || reply.original !== undefined, {
      path: ['original'],
      message: 'A translated reply names the original it was made from',
    }),
  );

export type ReplyRequest = z.output<typeof replySchema>;

/**
 * The owner opened the enquiry: `unreadAt` is the UNREAD_VISITOR_AT the
 * page read, so a message that came in after it stays unread.
 */
export const seenSchema = z.object({
  index,
  unreadAt: z
    .string()
    .check(
      z.refine(
        (value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value) && !Number.isNaN(Date.parse(value)),
        'An ISO instant as the record gave it',
      ),
    ),
});

export type SeenRequest = z.output<typeof seenSchema>;

/** Which template: an enquiry section in a page language. */
const templateKey = {
  section: z.enum(SECTION_VALUES, { error: 'One of the four enquiry types' }),
  locale: z.enum(LOCALE_CODES, { error: 'One of en, ko, zh, ru, vi, ja' }),
};
/** A template's revision (0: its default text, never saved). */
const revision = (message: string) => wholeNumberField(DEFAULT_REVISION, Number.MAX_SAFE_INTEGER, message);
/** The revision the staff member read: a save made meanwhile by someone else is not overwritten. */
const revisionRead = revision('The revision you read');

export const templateSchema = z.object({
  ...templateKey,
  revision: revisionRead,
  subject: line(TEMPLATE_SUBJECT_MAX),
  body: text(TEMPLATE_BODY_MAX),
});

export type TemplateRequest = z.output<typeof templateSchema>;

/** `POST /api/templates/restore`: brings back the text of revision `restore` as a new revision. */
export const templateRestoreSchema = z.object({
  ...templateKey,
  revision: revisionRead,
  restore: revision('A revision of this template'),
});

export type TemplateRestoreRequest = z.output<typeof templateRestoreSchema>;

/** `GET /api/templates/history?section=&locale=&before=`: a page of the template's versions, newest first, below `before`. */
export const templateHistoryQuerySchema = z.object({
  ...templateKey,
  before: z.optional(revision('A revision of this template')),
});

export type TemplateHistoryQuery = z.output<typeof templateHistoryQuerySchema>;

/** `GET /api/templates/version?section=&locale=&revision=`: one version, whole. */
export const templateVersionQuerySchema = z.object({
  ...templateKey,
  revision: revision('A revision of this template'),
});

export type TemplateVersionQuery = z.output<typeof templateVersionQuerySchema>;

/** A reply template as `GET /api/templates` answers it: the one saved in the back office, or its section's default text. */
export interface TemplateView extends TemplateRequest {
  /** Whether someone saved it (otherwise it is the default). */
  edited: boolean;
  updatedAt?: string;
  updatedBy?: string;
  /** The revision a restore brought back. */
  restoredFrom?: number;
}
