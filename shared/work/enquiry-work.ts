/**
 * Working an enquiry in the back office, the constants everyone agrees on:
 * its human reference, its statuses, owner filters, and the limits of notes,
 * replies and templates. No schema library here (the staff app imports this
 * file); the request schemas are in enquiry-work-schema.ts.
 */
import type { VisitorMessage } from '../conversation/visitor-messages';

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
 * no status. `new` and `in_progress` are open: they wait for staff.
 */
export const ENQUIRY_STATUSES = ['new', 'in_progress', 'answered', 'closed'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];
export const OPEN_STATUSES: readonly EnquiryStatus[] = ['new', 'in_progress'];

/** The status names the back office shows (it speaks Korean). */
export const STATUS_LABELS: Record<EnquiryStatus, string> = { new: '신규', in_progress: '처리 중', answered: '답변 완료', closed: '종료' };

/** Owner filters besides one staff member's address. */
export const OWNER_FILTERS = { mine: 'mine', unassigned: 'unassigned' } as const;

export const NOTE_MAX = 4_000;
export const REPLY_SUBJECT_MAX = 200;
export const REPLY_BODY_MAX = 10_000;
export const TEMPLATE_SUBJECT_MAX = REPLY_SUBJECT_MAX;
export const TEMPLATE_BODY_MAX = REPLY_BODY_MAX;

/** Placeholders a reply template may use; filled when a reply starts from it. */
export const TEMPLATE_PLACEHOLDERS = { reference: '{reference}', name: '{name}' } as const;

/** What happened to an enquiry, in its history (who, what, when); `visitor-message` is the visitor writing to us (an answer by mail). */
export const EVENT_TYPES = ['received', 'status', 'owner', 'note', 'reply', 'tags', 'visitor-message'] as const;
export type EnquiryEventType = (typeof EVENT_TYPES)[number];

/** One line of an enquiry's thread as `GET /api/thread/{index}` answers it, oldest first: who did what, when. */
export interface ThreadEntry {
  /** ISO instant plus a unique tail, so two events in one millisecond both stay (and sort by time). */
  at: string;
  type: EnquiryEventType;
  actor: string;
  /** For status and owner changes; a tag change's tags before and after, comma-separated. */
  from?: string;
  to?: string;
  /** A note's text, a reply's subject, or a visitor's message (its new text, without the quoted history). */
  text?: string;
  /** A reply's mail in the outbox, and its delivery state. */
  mailId?: string;
  mailStatus?: string;
  /** A visitor's message: its subject, verdicts, attachments (`actor` is the address it came from). */
  visitor?: VisitorMessage;
}
