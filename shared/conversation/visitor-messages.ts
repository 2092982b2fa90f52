/**
 * A visitor's message in an enquiry's thread, as the back office reads it
 * (`GET /api/thread/{index}`, a `visitor-message` entry), and the words both
 * sides agree on: the receiving side's verdicts, an attachment as listed, the
 * boxes a received mail is kept in when it does not go into a thread. No
 * schema here: the staff app imports this file.
 */

/** How a received mail reached us: always by mail (a message written on the visitor's page is stored with `channel: 'page'`, functions/visitor/visitor-page.ts). */
export type VisitorChannel = 'mail';

/**
 * A check the receiving side made (SES's receipt verdicts): `PASS`, `FAIL`,
 * `GRAY` (no verdict either way), `PROCESSING_FAILED`, `DISABLED` (the check
 * was turned off), or, on the local SMTP door, `NOT_CHECKED_LOCALLY`: nobody
 * checked, and the message is not quarantined for it.
 */
export const VERDICT_STATUSES = [
  'PASS',
  'FAIL',
  'GRAY',
  'PROCESSING_FAILED',
  'DISABLED',
  'NOT_CHECKED_LOCALLY',
] as const;
export type VerdictStatus = (typeof VERDICT_STATUSES)[number];

export const VERDICT_NAMES = ['spam', 'virus', 'spf', 'dkim', 'dmarc'] as const;
export type VerdictName = (typeof VERDICT_NAMES)[number];
export type Verdicts = Record<VerdictName, VerdictStatus>;

/** What the local SMTP door passes: no check ran on this machine, and nothing is quarantined for it. */
export const NOT_CHECKED_LOCALLY: Verdicts = {
  spam: 'NOT_CHECKED_LOCALLY',
  virus: 'NOT_CHECKED_LOCALLY',
  spf: 'NOT_CHECKED_LOCALLY',
  dkim: 'NOT_CHECKED_LOCALLY',
  dmarc: 'NOT_CHECKED_LOCALLY',
};

/**
 * Why an attachment was not kept (it is still listed, by its name and size):
 * `type`, a type no clinic needs (programs, installers, web pages, SVG,
 * scripts, archives, a compound file that is no Word, Excel or HWP document);
 * `inflation`, an Office document that would inflate far past its size (a
 * zip bomb); `active_content`, an Office document with macros, ActiveX or an
 * embedded program; `unreadable`, an Office document whose structure cannot
 * be read; `too_large`; `too_many`.
 */
export type AttachmentRefusal = 'type' | 'inflation' | 'active_content' | 'unreadable' | 'too_large' | 'too_many';

/**
 * Where a kept attachment's malware scan stands, read from the scan's own
 * result on the stored object (GuardDuty Malware Protection for S3's tag) each
 * time the thread is read: `clean` (no threat found: the only state that may
 * be downloaded), `pending` (not scanned yet), `infected` (a threat found),
 * `unscannable` (the scan could not read it: password-protected, damaged,
 * failed).
 */
export const ATTACHMENT_SCAN_STATES = ['clean', 'pending', 'infected', 'unscannable'] as const;
export type AttachmentScan = (typeof ATTACHMENT_SCAN_STATES)[number];

/** An attachment as the thread lists it: kept in the private inbound bucket under `key`, or refused and not kept. */
export interface ListedAttachment {
  /**
   * The file name the sender gave (one line, cut short, without format or
   * bidi controls), or a name made from its position; a kept one's extension
   * is its type's (functions/conversation/kept-mail/attachment-names.ts).
   */
  name: string;
  /** The type its bytes show (never the type the sender claimed); absent when the bytes show none. */
  type?: string;
  size: number;
  key?: string;
  refused?: AttachmentRefusal;
  /** A kept attachment's malware scan, as `GET /api/thread/{index}` answers it (never stored with the message). */
  scan?: AttachmentScan;
}

/** What a visitor's message carries besides its text (the entry's `text`) and sender (the entry's `actor`). */
export interface VisitorMessage {
  channel: VisitorChannel;
  subject: string;
  /** When we received it (ISO instant): the back office shows it in Korea time. */
  receivedAt: string;
  verdicts: Verdicts;
  attachments: ListedAttachment[];
  /**
   * Whether its From names the enquiry's own address: a claim, which anyone
   * can write. It is the visitor's own mail only when `senderVerified` too
   * (fromVerifiedEnquiryAddress).
   */
  fromEnquiryAddress: boolean;
  /**
   * Whether the sender is the From's address: SPF or DKIM passing for the
   * From's domain, or DMARC passing, as SES wrote them
   * (functions/conversation/receiving/sender-authentication.ts). Never on
   * the local SMTP door, which checks nothing; absent on messages stored
   * before it was checked, read as not verified.
   */
  senderVerified?: boolean;
  /** The text was cut to VISITOR_TEXT_MAX characters (the whole message stays in the inbound bucket). */
  cut?: boolean;
  /**
   * The whole text as received, when the entry's text leaves something of it
   * out (the quoted mail answered, a signature): staff open it with one
   * click, so nothing the visitor sent is lost to them.
   */
  whole?: string;
  /** The whole text was cut to WHOLE_TEXT_MAX characters (the raw message stays in the inbound bucket). */
  wholeCut?: boolean;
  /** No new text was found in the message (it only quotes, or we could not tell): the entry's text is the whole message. */
  shownInFull?: boolean;
  /** Its only text was HTML too long or too deeply nested to read as text: the raw message stays in the inbound bucket. */
  textUnreadable?: boolean;
  /** Its Message-ID header: our next mail to the visitor answers it (In-Reply-To). */
  messageId?: string;
  /** Where the raw message is, in the private inbound bucket. */
  rawKey?: string;
  /** It matched no enquiry by itself: this staff member attached it from the kept mail box. */
  attachedBy?: string;
}

/** Where the inbound bucket keeps raw messages as they arrived, and the attachments of the visitors' messages in a thread. */
export const INBOUND_RAW_PREFIX = 'raw/';
export const INBOUND_ATTACHMENT_PREFIX = 'attachments/';
/**
 * What the malware scan covers in the inbound bucket: the attachments staff
 * download, and the raw messages an admin may download when the receiver
 * could not read one (the kept mail box).
 */
export const INBOUND_SCANNED_PREFIXES = [INBOUND_ATTACHMENT_PREFIX, INBOUND_RAW_PREFIX] as const;

/** The most characters of a visitor's text the thread keeps (a DynamoDB item holds 400 KB). */
export const VISITOR_TEXT_MAX = 20_000;
/** The most characters of a message's whole text kept beside its new text (with it, well inside an item's 400 KB in any script). */
export const WHOLE_TEXT_MAX = 60_000;

/**
 * Where a received mail that does not go into a thread is kept (never
 * dropped): `unmatched` (no enquiry, or a forged reply address), `quarantine`
 * (a failing spam, virus or authentication verdict), `auto-reply` (an
 * out-of-office, a bounce), `refused` (too large, past a limit).
 */
export const KEPT_BOXES = ['unmatched', 'quarantine', 'auto-reply', 'refused'] as const;
export type KeptBox = (typeof KEPT_BOXES)[number];

/** Whether a message is the visitor's own by its sender: from the enquiry's address, and authenticated as it. */
export const fromVerifiedEnquiryAddress = (message: Pick<VisitorMessage, 'fromEnquiryAddress' | 'senderVerified'>) =>
  message.fromEnquiryAddress && message.senderVerified === true;

/** The checks worth a warning beside a message in its thread: failed (without quarantining it, as SPF alone may) or not made. */
export function verdictWarnings(verdicts: Verdicts): VerdictName[] {
  return VERDICT_NAMES.filter((name) => verdicts[name] === 'FAIL' || verdicts[name] === 'PROCESSING_FAILED');
}
