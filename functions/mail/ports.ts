/**
 * The outbox (every mail sent exactly once) and the mailer that sends one.
 * Adapters implement these ports; unit tests pass in-memory fakes.
 */
import type { MailStatus } from '../../shared/enquiries/enquiry';

/**
 * What an outbox mail is: the staff notification, the visitor's
 * acknowledgement and the owner's notice of a visitor's message (`visitor`)
 * are composed from the enquiry when sent; a reply carries the content staff
 * wrote; a new link to the visitor's page (staff replaced the old one)
 * carries it sealed.
 */
export type OutboxKind = 'staff' | 'ack' | 'reply' | 'visitor' | 'visitorLink' | AccountMailKind;

/**
 * Mails to a staff account, which belong to no enquiry (postIndex 0): an
 * invitation and an enrolment in two-factor carry a one-time link and wait
 * sealed (sealed-content.ts); a notice (two-factor turned on, reset, a
 * recovery code used, codes locked) carries its words like a reply.
 */
export const ACCOUNT_MAIL_KINDS = ['invite', 'enrol', 'notice'] as const;
export type AccountMailKind = (typeof ACCOUNT_MAIL_KINDS)[number];

/** The kinds whose words hold a bearer secret: stored only sealed, and forgotten once the mail is sent or given up. */
export const SEALED_KINDS: readonly OutboxKind[] = ['invite', 'enrol', 'visitorLink'];

/**
 * Where a visitor's answer goes and which conversation a mail belongs to: a
 * mail to a visitor has its enquiry's reply address as Reply-To, names the
 * enquiry's thread (and the visitor's latest message) in References, and
 * answers that message (In-Reply-To). SES replaces any Message-ID with its
 * own, so a mail's own id is the one SES answers the send with.
 */
export interface Threading {
  replyTo?: string;
  /** A message id with its angle brackets. */
  inReplyTo?: string;
  references?: string[];
}

export interface MailContent extends Threading {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** One mail to send, exactly once. */
export interface OutboxMail {
  /** `{POST_INDEX}:{kind}`, with more after it for a kind an enquiry has several of (a reply, a notice of a visitor's message). */
  mailId: string;
  kind: OutboxKind;
  postIndex: number;
  status: MailStatus;
  attempts: number;
  createdAt: number;
  /** The queue it waits in (the sparse index), and from when; absent once nothing more happens to it. */
  queue?: string;
  nextAt?: number;
  /** When the current or last send began (recorded before the call). */
  startedAt?: number;
  /** A random id the worker that began the current send wrote with it: a retried write of that claim is still recognised as its own. */
  claim?: string;
  sentAt?: number;
  /** Sent as part of a daily digest. */
  inDigest?: boolean;
  /**
   * The owner's notice this one was gathered into (functions/mail/visitor-notice/notice-gathering.ts):
   * `skipped`, its message told of in that notice, whose state is its own.
   */
  gatheredInto?: string;
  /** The id SES gave the mail when it accepted it (its Message-ID header is `<messageId@…amazonses.com>`). */
  messageId?: string;
  /** A reply's or a notice's own content (staff and acknowledgement mails are composed from the enquiry). */
  content?: MailContent;
  /** The content of a mail of SEALED_KINDS, sealed (sealed-content.ts); never `content`. */
  sealedContent?: string;
  /**
   * A staff notice's machine translation, by its original (`enquiry`, or
   * `message#<at>`): put in when the mail is composed, once made. While the
   * notice waits for it, `nextAt` is the most it waits
   * (functions/mail/notice-translation.ts).
   */
  translationSource?: string;
  /** DynamoDB's time to live (epoch seconds): a mail to a staff account and a notice of a visitor's message go after a while; an enquiry's other mails go with it. */
  expiresAt?: number;
}

export type OutboxChange = Pick<OutboxMail, 'status' | 'attempts'> &
  Partial<
    Pick<OutboxMail, 'queue' | 'nextAt' | 'startedAt' | 'claim' | 'sentAt' | 'inDigest' | 'messageId' | 'gatheredInto'>
  > & {
    /** Removes the mail's words, sealed or not, with the change (a one-time link is kept only until it is sent or given up). */
    forgetContent?: true;
  };

export interface OutboxStore {
  /** Adds a new mail; `false` when one with this id exists already. */
  add(mail: OutboxMail): Promise<boolean>;
  get(mailId: string): Promise<OutboxMail | undefined>;
  /**
   * Changes a mail only if it is still in the state the caller read (status
   * and attempts), so of two workers only one ever starts a send. Fields left
   * out of `change` keep their value; `queue` undefined takes it off every queue.
   */
  transition(mailId: string, expected: Pick<OutboxMail, 'status' | 'attempts'>, change: OutboxChange): Promise<boolean>;
  /** Ids of the mails in a queue whose time has come, oldest first. */
  due(queue: string, now: number, limit: number): Promise<string[]>;
  /** Removes a mail and its content (an erasure). */
  remove(mailId: string): Promise<void>;
}

export type Mail = MailContent;

export interface Mailer {
  /** Sends one mail; answers the id SES gave it (absent where the sender gives none). */
  send(mail: Mail): Promise<{ messageId?: string }>;
}
