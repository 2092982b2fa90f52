/**
 * The visitor's page: where a visitor follows an enquiry
 * and writes back, opened by a link that is a capability. The link carries
 * the enquiry's number and a secret in the URL's fragment
 * (`/my-enquiry/ru#123.<secret>`), so no server log and no Referer keeps it;
 * the page sends it in a POST body. The enquiry keeps only the secret's
 * SHA-256. No schema library here (the page's island imports this file);
 * the request schemas are in visitor-page-schema.ts.
 */
import type { Section } from '../enquiries/enums';
import { ENQUIRY_LIMITS } from '../intake/form-fields';
import type { LocaleCode } from '../locales';
import type { EnquiryStatus } from '../work/enquiry-work';

/** The folder of the visitor's page, one page per locale below it (`/my-enquiry/ja`), beside `/privacy/ja`. */
export const VISITOR_PAGE_FOLDER = '/my-enquiry';

/** The page of a locale, without the fragment. */
export function visitorPagePath(locale: LocaleCode): string {
  return `${VISITOR_PAGE_FOLDER}/${locale}`;
}

/** Random bytes of a link's secret: 256 bits, as the staff accounts' one-time links carry. */
export const VISITOR_LINK_SECRET_BYTES = 32;

/**
 * Days a link works without a visit: past them, with no visit to the page and
 * no mail of ours carrying a link since, every link of the enquiry opens
 * nothing (a link left in a browser's history, on a shared computer, does
 * not work for ever). The page says so; our next mail brings a working one.
 */
export const VISITOR_LINK_IDLE_DAYS = 30;

/** The longest link the routes read (a twelve-digit number, a dot, the base64url secret, with room to spare). */
export const VISITOR_LINK_MAX = 120;

/** What follows `#`: the enquiry's number, a dot, the secret (base64url). */
export function formatVisitorLink(postIndex: number, secret: string): string {
  return `${postIndex}.${secret}`;
}

/** The number and secret of a link as the page read it from the fragment, or `undefined` when it is not one. */
export function parseVisitorLink(link: string): { postIndex: number; secret: string } | undefined {
  const match = /^([1-9]\d{0,11})\.([A-Za-z0-9_-]{43,86})$/.exec(link.trim().replace(/^#/, ''));
  if (!match?.[1] || !match[2]) return undefined;
  return { postIndex: Number(match[1]), secret: match[2] };
}

/** A visitor's message: as long as the enquiry form's message may be. */
export const VISITOR_MESSAGE_MAX = ENQUIRY_LIMITS.messageMax;

/**
 * Messages one enquiry takes from its page in a Korea-time day: far more than
 * a conversation needs, few enough that a leaked link cannot flood the thread.
 */
export const VISITOR_MESSAGES_PER_ENQUIRY_PER_DAY = 20;

/**
 * Where the request stands, in the visitor's words: received (nobody has
 * started on it), being worked on, answered, closed. The page words each per
 * locale. Every status of the back office maps to one, or this does not compile.
 */
export const VISITOR_STANDINGS = ['received', 'in_progress', 'answered', 'closed'] as const;
export type VisitorStanding = (typeof VISITOR_STANDINGS)[number];

// The visitor wrote again and staff have yet to answer: for the visitor, their request is being worked on.
const STANDING_OF_STATUS: Record<EnquiryStatus, VisitorStanding> = {
  new: 'received',
  in_progress: 'in_progress',
  visitor_replied: 'in_progress',
  answered: 'answered',
  closed: 'closed',
};

export function standingOf(status: EnquiryStatus | undefined): VisitorStanding {
  return STANDING_OF_STATUS[status ?? 'new'];
}

/** What the visitor sent, as the form took it: our option values, the dates as typed (Korea time), their message. */
export interface VisitorSent {
  /** When it was received, an ISO instant. */
  receivedAt: string;
  section: Section;
  /** The medical field of a hospital reservation (a value of DETAIL_SECTIONS). */
  detailSection?: string;
  /** `YYYY-MM-DD HH:mm` or `YYYY-MM-DD`, Korea time: the preferred date, or a hotel's check-in. */
  start?: string;
  /** A hotel's check-out. */
  finish?: string;
  people: number;
  /** A hotel's rooms. */
  rooms?: number;
  /** What the visitor typed: only once staff have answered (the page is linked from the acknowledgement, which goes to whatever address was typed). */
  message?: string;
}

/** One message of the conversation, oldest first: a reply of the centre's (who wrote it is not said) or one of the visitor's. */
export interface VisitorConversationEntry {
  /** When, an ISO instant. */
  at: string;
  from: 'centre' | 'visitor';
  /** A reply's subject. */
  subject?: string;
  /** The words. A reply sent before replies kept their text in the thread has none: it went to the visitor by mail only. */
  text?: string;
}

/** What the page shows (`POST /api/visitor/enquiry`, and the answer of a message written): nothing staff keep for themselves. */
export interface VisitorEnquiryView {
  reference: string;
  /** The language of the page the enquiry was sent from. */
  locale: LocaleCode;
  standing: VisitorStanding;
  sent: VisitorSent;
  conversation: VisitorConversationEntry[];
}
