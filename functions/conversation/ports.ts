/**
 * What the conversation keeps: the received mail (raw messages and the
 * attachments of visitors' messages, in the private inbound bucket), the
 * received mail kept apart from the threads, and the Message-IDs SES gave
 * the mails sent to visitors. Adapters implement these ports; unit tests
 * pass in-memory fakes (fakes.ts).
 */
import type { KeptBox, ListedAttachment, Verdicts } from '../../shared/conversation/visitor-messages';

/** The private bucket of received mail. */
export interface InboundBucket {
  /** Stores a raw message as it arrived (the local SMTP door; in production SES receiving writes it). */
  putRaw(key: string, bytes: Uint8Array): Promise<void>;
  /**
   * A raw message's bytes, or `too_large` with its size when it is larger
   * than `maxBytes` (never read whole); throws when it is not there.
   */
  getRaw(key: string, maxBytes: number): Promise<Uint8Array | { tooLarge: number }>;
  /**
   * Stores an attachment under a key made from its message, so a retry writes
   * the same object again (which drops its tags, as any S3 put does: it is
   * then scanned again).
   */
  putAttachment(key: string, bytes: Uint8Array, type: string): Promise<void>;
  /**
   * The malware scan's result on an attachment: its `GuardDutyMalwareScanStatus`
   * tag (kept-mail/attachment-scans.ts), `undefined` while it has none (not
   * scanned yet) or when the object is not there.
   */
  scanResult(key: string): Promise<string | undefined>;
  /**
   * A presigned GET of one attachment that works for `expiresSeconds`: it
   * answers with the disposition and type given, whatever the object was
   * stored with (attachment-download.ts chooses them).
   */
  downloadUrl(key: string, response: { disposition: string; type: string }, expiresSeconds: number): Promise<string>;
  /** Removes objects (an enquiry's erasure: its messages' raw copies and attachments); a key that is not there is no error. */
  remove(keys: readonly string[]): Promise<void>;
}

/** A received mail that did not go into a thread, kept so that nothing is dropped: who, to whom, why, and where its raw message is (never its text). */
export interface KeptMail {
  /** `kept#<messageKey>` (`kept#undated#m<hash>` for an unreadable one without a usable Date): the same message received again is kept once. */
  key: string;
  box: KeptBox;
  /** Why: `no_match`, `forged`, `address_replaced`, `enquiry_gone`, `verdict`, `auto_reply` (by its headers), `auto_reply_subject` (by its subject's marker alone), `too_large`, `unreadable`, `sender_limit`, `enquiry_limit`, `unverified_limit`. */
  reason: string;
  receivedAt: string;
  rawKey: string;
  recipients: string[];
  from?: string;
  subject?: string;
  /** The enquiry it was matched to (an auto-reply, a quarantined message, one past the enquiry's limit, an answer to a replaced address). */
  postIndex?: number;
  /** A reference found in the subject (`MT-000123`): a suggestion for staff only, never used to file it. */
  suggestedIndex?: number;
  verdicts: Verdicts;
  attachments?: Omit<ListedAttachment, 'key'>[];
  /** Epoch seconds: the table's TTL. */
  expiresAt: number;
  /** A staff member began attaching it to this enquiry (functions/conversation/kept-mail/kept-mail.ts): only this enquiry may take it now. */
  attachingTo?: number;
}

/**
 * What stays of a kept mail once a staff member attached or discarded it:
 * its key, what was done, by whom and when, never who sent it or why, and no
 * box, so no box lists it. Kept until the mail's own expiry, so the same
 * message received again (a sender's retry) is not kept a second time.
 */
export interface HandledMail {
  key: string;
  handled: 'attached' | 'discarded';
  handledAt: string;
  handledBy: string;
  /** The enquiry it was attached to. */
  postIndex?: number;
  expiresAt: number;
}

/** Where a page of a box starts: just after this message (the box is ordered by when its messages arrived). */
export interface KeptMailPlace {
  receivedAt: string;
  key: string;
}

export interface KeptMailPageQuery {
  limit: number;
  after?: KeptMailPlace;
  /** Lower case; matched against `searchText`. */
  search?: string;
}

/** The most messages one search page reads before it answers (what it found so far, and where to go on). */
export const KEPT_MAIL_SEARCH_READ = 2_000;

/** What a kept mail is found by in its box: its sender and subject, lower case (kept with it). */
export function keptMailSearchText(mail: Pick<KeptMail, 'from' | 'subject'>): string {
  return `${mail.from ?? ''}\n${mail.subject ?? ''}`.toLowerCase();
}

export interface KeptMailStore {
  /** Keeps a message once; `false` when it was kept already (a retry). */
  keep(mail: KeptMail): Promise<boolean>;
  /**
   * One page of a box, newest first: at most `limit` messages, after the
   * place `after` names (a page's `next`), those whose sender or subject
   * holds `search` (any case) when it is given; expired ones left out. `next`
   * says where the following page starts, absent at the box's end. A search
   * reads at most KEPT_MAIL_SEARCH_READ messages per page, so a page may hold
   * fewer than `limit` and still have a `next`.
   */
  inBox(box: KeptBox, page: KeptMailPageQuery): Promise<{ mails: KeptMail[]; next?: KeptMailPlace }>;
  /** How many messages one box holds now (expired ones left out). */
  countBox(box: KeptBox): Promise<number>;
  /** One kept mail, or what stays of it once handled; `undefined` when there is none (never kept, or expired). */
  get(key: string): Promise<KeptMail | HandledMail | undefined>;
  /** Marks a kept mail as being attached to `postIndex`; `false` when it is no longer in its box or another enquiry claimed it. */
  claim(key: string, postIndex: number): Promise<boolean>;
  /** Replaces a kept mail by what stays of it; `false` when it was handled already (no longer in a box), or another enquiry claimed it (a discard: any). */
  settle(handled: HandledMail): Promise<boolean>;
  /** Where the oldest messages of one box that arrived before `before` (ISO instant) are, at most `limit`: the retention job removes them. */
  arrivedBefore(box: KeptBox, before: string, limit: number): Promise<Pick<KeptMail, 'key' | 'rawKey'>[]>;
  /** Every message kept from one address (lower case), newest first, expired ones too until the TTL takes them: the rights of access and erasure. */
  fromSender(address: string): Promise<KeptMail[]>;
  /** Where every message kept about one enquiry (its `postIndex`, else its `suggestedIndex`) is: they go when it goes. */
  aboutEnquiry(postIndex: number): Promise<Pick<KeptMail, 'key' | 'rawKey'>[]>;
  /** Removes messages by key (a key that is not there is no error); their raw messages are the bucket's to remove. */
  remove(keys: readonly string[]): Promise<void>;
}

/** Whether what the store holds under a key is a mail still in its box. */
export const stillKept = (item: KeptMail | HandledMail | undefined): item is KeptMail =>
  item !== undefined && !('handled' in item);

/** A mail sent to a visitor, found by the id SES gave it: its enquiry, and when it went (absent for those recorded before the time was). */
export interface SentMail {
  postIndex: number;
  sentAt?: string;
}

/** The Message-ID SES gave each mail sent to a visitor, its enquiry and when it was sent. */
export interface SentMailIds {
  record(messageId: string, postIndex: number, expiresAt: number, sentAt: string): Promise<void>;
  /** The first of these ids that was recorded, in the order given. */
  find(messageIds: readonly string[]): Promise<SentMail | undefined>;
}
