/**
 * The kept mail box: what the back office reads of the
 * received mail kept apart from the threads, and the rules both sides apply
 * before a staff member attaches one to an enquiry. No schema here: the
 * staff app imports this file (the request schemas: kept-mail-schema.ts).
 */
import type { TranslationView } from '../translation/staff-translation';
import type { KeptBox, ListedAttachment, Verdicts, VisitorMessage } from './visitor-messages';

/** The most kept mails one page of a box answers, newest first (`next` names the following page). */
export const KEPT_MAIL_LIST_MAX = 100;
/** The longest search a box takes (a sender's address, words of a subject). */
export const KEPT_MAIL_SEARCH_MAX = 100;

/** A kept mail as the box lists it: who, to whom, when, why, the checks and the attachments by name; never its text. */
export interface KeptMailEntry {
  key: string;
  box: KeptBox;
  /** Why it was kept apart (`no_match`, `forged`, `address_replaced`, `enquiry_gone`, `verdict`, `auto_reply` (by its headers), `auto_reply_subject` (by its subject's marker alone), `too_large`, `unreadable`, `sender_limit`, `enquiry_limit`, `unverified_limit`). */
  reason: string;
  /** When it was received (ISO instant): the back office shows it in Korea time. */
  receivedAt: string;
  from?: string;
  subject?: string;
  recipients: string[];
  /** The enquiry it was matched to (an auto-reply, a quarantined message, one past the enquiry's limit, an answer to a replaced address). */
  postIndex?: number;
  /** A reference found in its subject: a suggestion only. */
  suggestedIndex?: number;
  verdicts: Verdicts;
  attachments: Omit<ListedAttachment, 'key'>[];
  /** An attach that stopped half-way named this enquiry: it can be finished there only. */
  attachingTo?: number;
  /**
   * Its sender against the address of the enquiry the box suggests
   * (`suggestedEnquiryOf`): `different` (a warning: someone else may be
   * writing as the visitor), `same`, or `unchecked` (the enquiry could not be
   * read just now). Absent when it suggests none, or that enquiry is gone.
   */
  senderMatch?: SenderMatch;
}

export type SenderMatch = 'same' | 'different' | 'unchecked';

/** The enquiry the box suggests for a kept mail, prefilled when attaching it: one an attach began with, else the one its subject names, else the one it was matched to. */
export const suggestedEnquiryOf = (mail: Pick<KeptMailEntry, 'attachingTo' | 'suggestedIndex' | 'postIndex'>) =>
  mail.attachingTo ?? mail.suggestedIndex ?? mail.postIndex;

export interface KeptMailList {
  box: KeptBox;
  mails: KeptMailEntry[];
  /** There are more (older, or not yet searched): ask again with `after` set to `next`. */
  more: boolean;
  next?: string;
  /** How many mails each box holds now: the tabs show them. */
  counts: Record<KeptBox, number>;
}

/** `GET /api/kept-mail/text`: the new text of a kept mail, read from its raw message as the thread would keep it. */
export interface KeptMailText extends Pick<
  VisitorMessage,
  'cut' | 'whole' | 'wholeCut' | 'shownInFull' | 'textUnreadable'
> {
  key: string;
  /** Its new text, as the thread would keep it (cut to VISITOR_TEXT_MAX characters, the whole beside it when that says more). */
  text: string;
}

/**
 * `POST /api/kept-mail/translate`: a kept mail's new text in Korean, made
 * when a staff member reads it (never stored), or where it stands (`capped`
 * past the day's cap or the sender's share, `failed`, `refused`);
 * `translation` absent when the text is Korean already or empty.
 */
export interface KeptMailTranslation {
  key: string;
  translation?: TranslationView;
}

/** `POST /api/kept-mail/attach` and `/discard`: `firstTime` false when an earlier call did it already. */
export interface KeptMailAttached {
  key: string;
  postIndex: number;
  firstTime: boolean;
}
export interface KeptMailDiscarded {
  key: string;
  firstTime: boolean;
}

/**
 * Why a kept mail can never go into a thread: `too_large`, never read (its
 * size was past INBOUND_MAX_BYTES), `unreadable`, a message the parser gave
 * up on (its raw message is kept as it came), or `virus`, a virus found by
 * the receiving side. They can only be discarded (or left to expire).
 */
export type AttachBar = 'too_large' | 'unreadable' | 'virus';

export function attachBar(mail: Pick<KeptMailEntry, 'reason' | 'verdicts'>): AttachBar | undefined {
  if (mail.reason === 'too_large') return 'too_large';
  if (mail.reason === 'unreadable') return 'unreadable';
  if (mail.verdicts.virus === 'FAIL') return 'virus';
  return undefined;
}

/**
 * Whether attaching needs the staff member's explicit confirmation
 * (`confirmQuarantine`): a quarantined mail failed a spam or authentication
 * check, so its sender may not be who it says.
 */
export const needsConfirmation = (mail: Pick<KeptMailEntry, 'box'>): boolean => mail.box === 'quarantine';
