/**
 * The small interfaces the services use to reach storage, mail and files.
 * Adapters implement them with the AWS SDK; unit tests pass in-memory fakes.
 */
import type { BestPackage } from '../shared/best-package';
import type { EnquiryRecord, MailStatus } from '../shared/enquiry';
import type { ImageContentType } from '../shared/uploads';

/** Which newest-first list an enquiry belongs to: every enquiry, or one section's. */
export interface EnquiryList {
  /** `ALL`, `SPAM`, `ALL#병원예약`, `SPAM#호텔예약`, ... */
  partition: string;
  bySection: boolean;
}

/** An enquiry as stored: the staff record plus the bookkeeping the indexes and the mail queue use. */
export interface StoredEnquiry extends EnquiryRecord {
  LIST: string;
  LIST_SEQ: number;
  SECTION_LIST: string;
  SECTION_SEQ: number;
  /** Present (`DUE`) only while the staff mail still has to go out. */
  MAIL_QUEUE?: string;
  MAIL_NEXT_AT?: number;
  MAIL_ATTEMPTS: number;
  SUBMISSION_ID?: string;
}

export interface MailUpdate {
  status: MailStatus;
  attempts: number;
  /** When the retry job should try again; absent once the mail is sent or given up. */
  nextAttemptAt?: number;
}

export interface EnquiryStore {
  /** Stores a new enquiry; `false` when one with this POST_INDEX already exists. */
  create(enquiry: StoredEnquiry): Promise<boolean>;
  get(postIndex: number): Promise<StoredEnquiry | undefined>;
  /** Newest first, sequences from `highest` down to `lowest`, at most `limit` items. */
  page(list: EnquiryList, highest: number, lowest: number, limit: number): Promise<StoredEnquiry[]>;
  /** Lowest and highest sequence of the list's enquiries received in [fromIso, toIso]. */
  sequenceBounds(list: EnquiryList, fromIso: string, toIso: string): Promise<{ lowest: number; highest: number } | undefined>;
  updateMail(postIndex: number, update: MailUpdate): Promise<void>;
  /** POST_INDEXes whose mail is due at or before `now`, oldest due first. */
  mailDue(now: number, limit: number): Promise<number[]>;
}

export interface CounterStore {
  /** Atomically adds one and returns the new value. */
  increment(name: string): Promise<number>;
  /** Current value; 0 for a counter never incremented. */
  read(name: string): Promise<number>;
}

export interface SubmissionClaim {
  postIndex: number;
  /** When the first request with this id claimed it, epoch milliseconds. */
  claimedAt: number;
}

export interface SubmissionStore {
  find(submissionId: string): Promise<SubmissionClaim | undefined>;
  /** Records which enquiry a submission stores; `false` if another request claimed it first. */
  claim(submissionId: string, claim: SubmissionClaim, expiresAtSeconds: number): Promise<boolean>;
}

export interface PackageStore {
  list(): Promise<BestPackage[]>;
  get(index: number): Promise<BestPackage | undefined>;
  /** Overwrites the given fields and removes the fields named in `remove`. */
  update(index: number, fields: Partial<BestPackage>, remove?: readonly (keyof BestPackage)[]): Promise<BestPackage>;
  put(pkg: BestPackage): Promise<void>;
}

export interface StaffAccount {
  email: string;
  passwordHash: string;
  disabled: boolean;
  createdAt: string;
  updatedAt: string;
  /**
   * The version every token of this account carries. A password change, a
   * disable, an enable (and a role change) add one, which ends every session
   * signed before, whenever in the same second it was signed.
   */
  tokenVersion?: number;
}

export interface StaffStore {
  get(email: string): Promise<StaffAccount | undefined>;
  put(account: StaffAccount): Promise<void>;
}

export interface RevokedTokenStore {
  revoke(jti: string, expiresAtSeconds: number): Promise<void>;
  isRevoked(jti: string, nowSeconds: number): Promise<boolean>;
}

export interface ThrottleStore {
  /** Adds one to the counter of the current window and returns the new count. */
  hit(key: string, windowSeconds: number, now: number): Promise<number>;
  /** Takes one back from the counter of the current window (never below zero). */
  release(key: string, windowSeconds: number, now: number): Promise<void>;
}

export interface AccessLogEntry {
  actor: string;
  action: string;
  /** Which enquiry or package, or the filter of a list or export. */
  target: string;
  clientAddress: string;
  requestId: string;
  at: number;
}

export interface AccessLogStore {
  record(entry: AccessLogEntry): Promise<void>;
  /** The entries of one Korea-time day, oldest first (for audits and tests). */
  day(day: string): Promise<AccessLogEntry[]>;
}

export interface Mail {
  to: string;
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export interface PresignedUpload {
  url: string;
  fields: Record<string, string>;
}

export interface ImageStore {
  presignUpload(key: string, contentType: ImageContentType, maxBytes: number, expiresSeconds: number): Promise<PresignedUpload>;
  /** Size and first bytes of a stored object, or `undefined` if there is none. */
  inspect(key: string, headBytes: number): Promise<{ size: number; head: Uint8Array } | undefined>;
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
}

export interface ExportStore {
  /** Streams the body to the private bucket. */
  upload(key: string, body: AsyncIterable<string>, fileName: string): Promise<void>;
  /** Short-lived download link that makes the browser save the file under `fileName`. */
  downloadUrl(key: string, fileName: string, expiresSeconds: number): Promise<string>;
}

export interface Clock {
  now(): number;
}
