/**
 * The small interfaces the services use to reach storage, mail and files.
 * Adapters implement them with the AWS SDK; unit tests pass in-memory fakes.
 */
import type { AuditAction } from '../shared/audit-actions';
import type { BestPackage } from '../shared/best-package';
import type { EnquiryRecord, MailStatus } from '../shared/enquiry';
import type { StaffRole } from '../shared/auth';
import type { EnquiryEventType } from '../shared/enquiry-work';
import type { EnquiryFilter } from '../shared/enquiry';
import type { ExportJobFailure, ExportJobState } from '../shared/export-jobs';
import type { ImageContentType } from '../shared/uploads';

/** Which newest-first list an enquiry belongs to: every enquiry, or one section's. */
export interface EnquiryList {
  /** `ALL`, `SPAM`, `ALL#병원예약`, `SPAM#호텔예약`, ... */
  partition: string;
  bySection: boolean;
}

/** An enquiry as stored: the staff record (its reference is derived) plus the bookkeeping the list indexes use. */
export interface StoredEnquiry extends Omit<EnquiryRecord, 'REFERENCE'> {
  LIST: string;
  LIST_SEQ: number;
  SECTION_LIST: string;
  SECTION_SEQ: number;
  /** The address in lower case, the key of one visitor's enquiries (the rights of access and erasure). */
  EMAIL_KEY?: string;
  /** Kept whatever the retention period and any erasure request, while set (a legal hold), with its reason. */
  LEGAL_HOLD?: string;
  /** Keys of the work lists (enquiries/enquiry-lists.ts `workListKeys`); absent for suspected spam. */
  STATUS_LIST?: string;
  OWNER_LIST?: string;
  STATUS_OWNER?: string;
  /** A copy of its staff mail's state in the outbox, for the message box. */
  MAIL_ATTEMPTS: number;
  SUBMISSION_ID?: string;
}

export type WorkIndex = 'byStatus' | 'byOwner' | 'byStatusOwner';

/** What an export reads: a newest-first list (by its sequence), or a work list (by POST_INDEX). */
export type ExportSource = { kind: 'list'; list: EnquiryList } | { kind: 'work'; index: WorkIndex; key: string };

/** The stored fields an export reads (enquiries/enquiry-record.ts turns them into a CSV row's fields). */
export const EXPORTED_FIELDS = [
  'POST_INDEX',
  'NAME',
  'CONTACT_NUMBER',
  'EMAIL',
  'LANG_PREFERENCE',
  'MEDICAL_SECTION',
  'DETAIL_SECTION',
  'REGISTRATION_DATE',
  'REGISTRATION_END',
  'HOTEL',
  'NUMBER_PEOPLE',
  'ROOM',
  'SPAM',
  'STATUS',
  'OWNER',
  'CONTACT_CHANNEL',
  'CONTACT_ACCOUNT',
  'LOCALE',
  'CONTEXT',
  'RECEIVED_AT',
] as const satisfies readonly (keyof StoredEnquiry)[];

export type ExportedEnquiry = Pick<StoredEnquiry, (typeof EXPORTED_FIELDS)[number]>;

/** What a work change sets on the enquiry (its list keys follow its status and owner). */
export type WorkChange = Required<Pick<StoredEnquiry, 'STATUS_LIST' | 'OWNER_LIST' | 'STATUS_OWNER' | 'OWNER' | 'UPDATED_AT'>> &
  Pick<StoredEnquiry, 'STATUS' | 'FIRST_REPLY_AT'>;

/** One line of an enquiry's history: who did what, when. */
export interface EnquiryEvent {
  postIndex: number;
  /** ISO instant plus a unique tail, so two events in one millisecond both stay (and sort by time). */
  at: string;
  type: EnquiryEventType;
  actor: string;
  /** For status and owner changes. */
  from?: string;
  to?: string;
  /** A note's text, or a reply's subject. */
  text?: string;
  /** A reply's mail in the outbox (its delivery state). */
  mailId?: string;
}

export interface EventStore {
  add(event: EnquiryEvent): Promise<void>;
  /** Oldest first. */
  list(postIndex: number): Promise<EnquiryEvent[]>;
  /** Every event of an enquiry (its erasure). */
  removeAll(postIndex: number): Promise<void>;
}

/** What an erasure leaves: when, why, by whom, how many; the address only as a hash. */
export interface ErasureTombstone {
  erasureId: string;
  at: string;
  actor: string;
  reason: string;
  /** `request` (the visitor asked) or `retention` (the period ran out). */
  kind: 'request' | 'retention';
  count: number;
  subjectHash?: string;
}

export interface ErasureStore {
  record(tombstone: ErasureTombstone): Promise<void>;
}

export interface ReplyTemplate {
  /** `{section}#{locale}`. */
  templateId: string;
  subject: string;
  body: string;
  updatedAt: string;
  updatedBy: string;
}

export interface TemplateStore {
  /** The templates that exist among these ids. */
  getMany(templateIds: string[]): Promise<ReplyTemplate[]>;
  put(template: ReplyTemplate): Promise<void>;
}

export interface MailUpdate {
  status: MailStatus;
  attempts: number;
}

/**
 * What an outbox mail is: the staff notification and the visitor's
 * acknowledgement are composed from the enquiry when sent; a reply carries
 * the content staff wrote.
 */
export type OutboxKind = 'staff' | 'ack' | 'reply'
  // A staff invitation: its content (with the one-time link) is stored on the item, like a reply's; it belongs to no enquiry (postIndex 0).
  | 'invite';

export interface MailContent {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
}

/** One mail to send, exactly once. */
export interface OutboxMail {
  /** `{POST_INDEX}:{kind}`. */
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
  /** A reply's own content (other kinds are composed from the enquiry). */
  content?: MailContent;
}

export type OutboxChange = Pick<OutboxMail, 'status' | 'attempts'> & Partial<Pick<OutboxMail, 'queue' | 'nextAt' | 'startedAt' | 'claim' | 'sentAt' | 'inDigest'>>;

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

/**
 * The export's reading of the enquiries table, apart from EnquiryStore so
 * only the export route and worker carry it (every route that reads or
 * writes enquiries does not).
 */
export interface EnquiryExportReader {
  /**
   * Every enquiry of an export's source from `highest` down to `lowest` (list
   * sequences, or POST_INDEX in a work list), newest first, with only the
   * fields a CSV row needs.
   */
  exportRange(source: ExportSource, highest: number, lowest: number): Promise<ExportedEnquiry[]>;
}

export interface EnquiryStore {
  /** Stores a new enquiry; `false` when one with this POST_INDEX already exists. */
  create(enquiry: StoredEnquiry): Promise<boolean>;
  get(postIndex: number): Promise<StoredEnquiry | undefined>;
  /** Newest first, sequences from `highest` down to `lowest`, at most `limit` items. */
  page(list: EnquiryList, highest: number, lowest: number, limit: number): Promise<StoredEnquiry[]>;
  /** Lowest and highest sequence of the list's enquiries received in [fromIso, toIso]. */
  sequenceBounds(list: EnquiryList, fromIso: string, toIso: string): Promise<{ lowest: number; highest: number } | undefined>;
  /** Copies the staff mail's state onto the enquiry (the message box shows it). */
  updateMail(postIndex: number, update: MailUpdate): Promise<void>;
  /** Newest first, POST_INDEX below `below` (or from the newest), in one work list (an index and its key). */
  workPage(index: WorkIndex, key: string, below: number | undefined, limit: number): Promise<StoredEnquiry[]>;
  /**
   * Changes the work fields of an enquiry only if its VERSION is still
   * `expectedVersion` (adding one to it); the changed item, or `undefined`
   * when someone else changed it first.
   */
  changeWork(postIndex: number, expectedVersion: number, change: WorkChange): Promise<StoredEnquiry | undefined>;
  /** Marks activity that changes nothing else (a note), so retention counts from it. */
  touch(postIndex: number, at: string): Promise<void>;
  /** Sets (a reason) or lifts (undefined) a legal hold. */
  setHold(postIndex: number, reason: string | undefined): Promise<void>;
  /** The POST_INDEXes of one address's enquiries. */
  byEmail(emailKey: string): Promise<number[]>;
  /** Up to `limit` of a list's enquiries not under a legal hold whose last activity is before `beforeIso`, oldest first. */
  inactive(list: 'ALL' | 'SPAM', beforeIso: string, limit: number): Promise<number[]>;
  /** How many enquiries of a list have been inactive since before `beforeIso` and are not held. */
  countInactive(list: 'ALL' | 'SPAM', beforeIso: string): Promise<number>;
  remove(postIndex: number): Promise<void>;
}

export interface CounterStore {
  /** Atomically adds one and returns the new value. */
  increment(name: string): Promise<number>;
  /** Atomically adds `delta` (which may be negative) and returns the new value. */
  add(name: string, delta: number): Promise<number>;
  /** Current value; 0 for a counter never incremented. */
  read(name: string): Promise<number>;
}

/** One item of the aggregates table: its counters and its lists of numbers, by attribute name. */
export interface AggregateItem {
  counters: Record<string, number>;
  lists: Record<string, number[]>;
}

export interface AggregateChange {
  /** Atomically added to each counter (a counter never written starts at 0). */
  add?: Record<string, number>;
  /** Appended to each list (a list never written starts empty). */
  append?: Record<string, number[]>;
}

/** Figures kept on write (the dashboard's): items by key, changed by adding and appending only. */
export interface AggregateStore {
  /** One write to the item `key`, which is made if it does not exist. */
  update(key: string, change: AggregateChange): Promise<void>;
  /** The items among `keys` that exist, by key (any number of keys; read in batches). */
  getMany(keys: readonly string[]): Promise<Map<string, AggregateItem>>;
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
  remove(submissionId: string): Promise<void>;
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
  /** What the account may do; an account from before roles existed is an admin (ROLE_OF_ACCOUNTS_WITHOUT_ONE). */
  role?: StaffRole;
  createdAt: string;
  updatedAt: string;
  /**
   * The version every token of this account carries. A password change, a
   * disable, an enable (and a role change) add one, which ends every session
   * signed before, whenever in the same second it was signed.
   */
  tokenVersion?: number;
  // Accounts, invitations and two-factor (accounts/staff-accounts.ts, accounts/two-factor.ts).
  /** Counts every change made through `replace`, so two admins' changes never overwrite each other. */
  revision?: number;
  /** ISO instant of the last successful sign-in. */
  lastSignInAt?: string;
  /** An invited account (its password is '' until the invitation is taken up): the SHA-256 of its link's secret, and until when it works (epoch ms). */
  invitationHash?: string;
  invitationExpiresAt?: number;
  invitedBy?: string;
  /** The TOTP secret (base32) once two-factor is on, and the last time step a code was accepted for (each code works once). */
  totpSecret?: string;
  totpLastStep?: number;
  /** A secret being enrolled: it becomes `totpSecret` when a code from it is confirmed. */
  pendingTotpSecret?: string;
  twoFactorSince?: string;
  /** SHA-256 of each unused recovery code (a string set; gone once all are used). */
  recoveryCodeHashes?: Set<string>;
}

export interface StaffStore {
  get(email: string): Promise<StaffAccount | undefined>;
  put(account: StaffAccount): Promise<void>;
  /** Every account (a Scan: the table stays tiny). */
  list(): Promise<StaffAccount[]>;
  /**
   * Writes the whole account only if its `revision` is still `expectedRevision`
   * (0 for an account never replaced, or one that does not exist yet), with
   * the revision one higher; `false` when someone changed it first.
   */
  replace(account: StaffAccount, expectedRevision: number): Promise<boolean>;
  /** Sets `lastSignInAt` alone (a sign-in never overwrites an admin's change). */
  recordSignIn(email: string, at: string): Promise<void>;
  /** Records a TOTP step as used, only if it is later than the last used one; `false` for a code used already. */
  useTotpStep(email: string, step: number): Promise<boolean>;
  /** Takes one recovery code's hash out of the account's set; `false` when it is not there (wrong, or used). */
  useRecoveryCode(email: string, codeHash: string): Promise<boolean>;
}

/** Settings admins change in the back office. */
export interface StaffPolicy {
  /** Every account must sign in with two-factor (without a stored policy: the REQUIRE_TWO_FACTOR setting). */
  requireTwoFactor: boolean;
  updatedAt: string;
  updatedBy: string;
}

export interface PolicyStore {
  get(): Promise<StaffPolicy | undefined>;
  put(policy: StaffPolicy): Promise<void>;
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
  action: AuditAction;
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
  /** Copies an object to another key, with this content type (and the immutable cache headers). */
  copy(fromKey: string, toKey: string, contentType: string): Promise<void>;
}

export interface ExportStore {
  /** Streams the body to the private bucket. */
  upload(key: string, body: AsyncIterable<string> | Iterable<string>, fileName: string): Promise<void>;
  /** Short-lived download link that makes the browser save the file under `fileName`. */
  downloadUrl(key: string, fileName: string, expiresSeconds: number): Promise<string>;
  /** Whether a finished file is there (an erasure removes every export file). */
  exists(key: string): Promise<boolean>;
  /** Deletes every export file (they hold many visitors' data; an erasure leaves none behind). */
  removeAll(): Promise<number>;
}

/** A CSV export made in the background (shared/export-jobs.ts has its states). */
export interface ExportJob {
  jobId: string;
  /** Who started it: the only one who may read it. */
  owner: string;
  filter: EnquiryFilter;
  fileName: string;
  status: ExportJobState;
  rowsTotal: number;
  rowsWritten: number;
  /** Epoch milliseconds: started, and the last sign of life (each progress report). */
  createdAt: number;
  updatedAt: number;
  /** Epoch seconds: the table's TTL. */
  expiresAt: number;
  /** When ready: the object in the export bucket. */
  fileKey?: string;
  failure?: ExportJobFailure;
}

export type ExportJobChange = Partial<Pick<ExportJob, 'status' | 'rowsWritten' | 'rowsTotal' | 'updatedAt' | 'fileKey' | 'failure'>>;

export interface ExportJobStore {
  create(job: ExportJob): Promise<void>;
  /** The job, or `undefined` when there is none or it has expired. */
  get(jobId: string): Promise<ExportJob | undefined>;
  /**
   * Changes a job only while it is still in `expected` state (and, when
   * given, still at `expectedUpdatedAt`), so a worker and a stall check never
   * both decide its end; `false` when it was not.
   */
  transition(jobId: string, expected: { status: ExportJobState; updatedAt?: number }, change: ExportJobChange): Promise<boolean>;
}

/** Starts the export worker on a job and returns without waiting for it. */
export interface ExportWorker {
  start(jobId: string): Promise<void>;
}

export interface Clock {
  now(): number;
}
