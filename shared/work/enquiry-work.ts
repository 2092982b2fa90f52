/**
 * Working an enquiry in the back office, the constants everyone agrees on:
 * its human reference, its statuses, owner filters, and the limits of notes,
 * replies and templates. No schema library here (the staff app imports this
 * file); the request schemas are in enquiry-work-schema.ts.
 */
import type { VisitorMessage } from '../conversation/visitor-messages';
import type { EnquiryEventType } from '../history-kinds';
import type { TranslationView } from '../translation/staff-translation';

/** `MT-000123`: short enough to read out on the phone, derived from POST_INDEX (so it is never stored apart). */
export function formatReference(postIndex: number): string {
  return `MT-${String(postIndex).padStart(6, '0')}`;
}

/** The largest enquiry number a request may name (twelve digits, as a reference carries). */
export const MAX_ENQUIRY_INDEX = 999_999_999_999;

/** The POST_INDEX of a reference as people type it (`MT-000123`, `mt 123`, `#123`, `123`), or `undefined`. */
export function parseReference(text: string): number | undefined {
  const match = /^\s*(?:mt[\s-]*|#)?0*(\d{1,12})\s*$/i.exec(text);
  if (!match?.[1]) return undefined;
  const index = Number(match[1]);
  return index > 0 ? index : undefined;
}

/**
 * Where an enquiry stands. Suspected spam stays apart (its own list) and has
 * no status. `new`, `in_progress` and `visitor_replied` are open: they wait
 * for staff. `visitor_replied` is "waiting for us": the visitor wrote again
 * after staff had taken the enquiry up (functions/work/visitor-wrote.ts).
 */
export const ENQUIRY_STATUSES = ['new', 'in_progress', 'visitor_replied', 'answered', 'closed'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];
export const OPEN_STATUSES: readonly EnquiryStatus[] = ['new', 'in_progress', 'visitor_replied'];

/** What a request naming a status is told when it names none of them. */
export const STATUS_CHOICES = `One of ${ENQUIRY_STATUSES.join(', ')}`;

/** The status names the back office shows (it speaks Korean). */
export const STATUS_LABELS: Record<EnquiryStatus, string> = {
  new: '신규',
  in_progress: '처리 중',
  visitor_replied: '방문자 답장',
  answered: '답변 완료',
  closed: '종료',
};

/** Where a visitor's message after the enquiry came from: an answer by mail, or their page. */
export const VISITOR_CHANNELS = ['mail', 'page'] as const;
export type VisitorChannel = (typeof VISITOR_CHANNELS)[number];

/**
 * Whether a visitor's message is unread for this staff member: its owner's
 * until the owner opens the enquiry, everyone's while nobody owns it.
 */
export function isUnreadFor(enquiry: { UNREAD_VISITOR_AT?: string; OWNER?: string }, reader: string): boolean {
  const owner = enquiry.OWNER ?? '';
  return enquiry.UNREAD_VISITOR_AT !== undefined && (owner === '' || owner === reader);
}

/**
 * Since when the enquiry has waited for a staff reply, or `undefined` when
 * staff answered the visitor's latest message: the visitor's latest message
 * (the enquiry itself until they write again), unless a staff reply came
 * after it. The dashboard's reply time counts from it, and the message box's
 * "waited".
 */
export function waitingSince(enquiry: {
  RECEIVED_AT: string;
  LAST_VISITOR_AT?: string;
  LAST_REPLY_AT?: string;
  FIRST_REPLY_AT?: string;
}): string | undefined {
  const latest =
    enquiry.LAST_VISITOR_AT !== undefined && enquiry.LAST_VISITOR_AT > enquiry.RECEIVED_AT
      ? enquiry.LAST_VISITOR_AT
      : enquiry.RECEIVED_AT;
  // An enquiry answered before LAST_REPLY_AT was kept has only its first reply's time.
  const lastReply = enquiry.LAST_REPLY_AT ?? enquiry.FIRST_REPLY_AT;
  return lastReply === undefined || latest > lastReply ? latest : undefined;
}

/** Owner filters besides one staff member's address. */
export const OWNER_FILTERS = { mine: 'mine', unassigned: 'unassigned' } as const;

export const NOTE_MAX = 4_000;
export const REPLY_SUBJECT_MAX = 200;
export const REPLY_BODY_MAX = 10_000;
/** A translation engine's name, as a translated reply names it. */
export const REPLY_ENGINE_MAX = 100;
export const TEMPLATE_SUBJECT_MAX = REPLY_SUBJECT_MAX;
export const TEMPLATE_BODY_MAX = REPLY_BODY_MAX;

/** Placeholders a reply template may use; filled when a reply starts from it. */
export const TEMPLATE_PLACEHOLDERS = { reference: '{reference}', name: '{name}' } as const;

/** The instant (ISO) a thread event's key starts with: `<ISO instant>#<tail>`. */
export const eventInstant = (at: string) => at.split('#')[0] ?? at;

/** What happened to an enquiry, in its history: each kind declared by the feature that writes it (../history-kinds.ts). */
export type { EnquiryEventType } from '../history-kinds';

/**
 * A reply written in one language and sent in the visitor's: the
 * thread keeps both texts. `body` is always the text sent; `original` is what
 * the staff member wrote, mailed below it only when `originalMailed`.
 */
export interface ReplyTranslation {
  original: string;
  /** The engine that translated it; absent when the staff member wrote both texts themselves. */
  engine?: string;
  /** Whether the staff member changed the machine's text before sending. */
  edited?: boolean;
  originalMailed: boolean;
}

/** One line of an enquiry's thread as `GET /api/thread/{index}` answers it, oldest first: who did what, when. */
export interface ThreadEntry {
  /** ISO instant plus a unique tail, so two events in one millisecond both stay (and sort by time). */
  at: string;
  type: EnquiryEventType;
  actor: string;
  /** For status and owner changes; a tag change's tags before and after, comma-separated. */
  from?: string;
  to?: string;
  /** A note's text, a reply's subject, or the visitor's message (an answer by mail: its new text, without the quoted history). */
  text?: string;
  /** A reply's words, as mailed (kept in the thread since the visitor's page shows them; absent on replies sent before). */
  body?: string;
  /** Where the visitor's message came from: their page (a mail, once answers by mail land in the thread). */
  channel?: 'page' | 'mail';
  /** Why a visitor's message looks automated (the form's hidden field, a fill too fast): kept, but nothing reacts to it. */
  spamReason?: string;
  /** A machine-translated reply: the staff member's own words, and how `body`, the text sent, was made from them. */
  reply?: ReplyTranslation;
  /** A reply's mail in the outbox, and its delivery state. */
  mailId?: string;
  mailStatus?: string;
  /** A visitor's message: its subject, verdicts, attachments (`actor` is the address it came from). */
  visitor?: VisitorMessage;
  /** An event moved here by a merge: the number of the enquiry it was written in (an undo moves it back). */
  mergedFrom?: number;
  /** A visitor's message in another language than Korean: its machine translation, or where it stands. */
  translation?: TranslationView;
}
