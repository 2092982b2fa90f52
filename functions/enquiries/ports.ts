/**
 * What the enquiry features store and count: the enquiries table (its lists
 * and work indexes) and the counters. Adapters implement these ports; unit
 * tests pass in-memory fakes.
 */
import type { EnquiryRecord, MailStatus } from '../../shared/enquiries/enquiry';
import type { VisitorChannel } from '../../shared/work/enquiry-work';

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
  /** The phone number's key (shared/merging/phone-key.ts), when it has one: one visitor's enquiries by number. */
  PHONE_KEY?: string;
  /** Kept whatever the retention period and any erasure request, while set (a legal hold), with its reason. */
  LEGAL_HOLD?: string;
  /** Keys of the work lists (enquiries/enquiry-lists.ts `workListKeys`); absent for suspected spam. */
  STATUS_LIST?: string;
  OWNER_LIST?: string;
  STATUS_OWNER?: string;
  /** A copy of its staff mail's state in the outbox, for the message box. */
  MAIL_ATTEMPTS: number;
  SUBMISSION_ID?: string;
  /** How many times its tags changed: a tag change names the count it read, so two at once never lose one (absent: 0). */
  TAGS_REVISION?: number;
  /** Where the visitor's latest message came from and its first words, for its owner's notice (work/visitor-wrote.ts); the message itself is in the thread. */
  LAST_VISITOR_CHANNEL?: VisitorChannel;
  LAST_VISITOR_PREVIEW?: string;
  /** That message's event in the thread (its `at`), which names its machine translation, for the notice to carry (mail/notice-translation.ts). */
  LAST_VISITOR_EVENT?: string;
  /**
   * The SHA-256 (hex) of each link to the visitor's page that works, one per
   * mail that carried one (a string set); never a link itself. Staff views
   * never show it (enquiry-record.ts picks their fields).
   */
  VISITOR_LINK_HASHES?: ReadonlySet<string>;
  /**
   * When a link last opened the visitor's page, or one was mailed: past
   * VISITOR_LINK_IDLE_DAYS after it the links open nothing
   * (visitor/visitor-links.ts). Absent on enquiries stored before: their
   * last activity counts.
   */
  VISITOR_LINKS_ACTIVE_AT?: string;
  /**
   * How many times staff replaced the visitor's links (absent: 0). The reply
   * address and thread reference of every mail carry it
   * (conversation/reply-address.ts), so replacing the links replaces them
   * too: an answer to an older one is kept apart as `address_replaced`.
   */
  REPLY_GENERATION?: number;
  /** When staff last replaced them: a mail sent before it, and an enquiry merged in before it, lead here no more. */
  LINKS_REPLACED_AT?: string;
  /**
   * Set when staff merged it into another enquiry (functions/merging/): it is
   * a pointer then, in no list (its LIST and SECTION_LIST are MERGED_LIST),
   * and its number leads to that one (merged-enquiry.ts `leadingEnquiry`).
   */
  MERGED_INTO?: number;
  MERGED_AT?: string;
  MERGED_BY?: string;
  /** Where a merge or its undo stands: its history moving over, then moved (the undo: moving back). */
  MERGE_STATE?: 'moving' | 'moved' | 'unmoving';
  /** The steps of the merge done, so a retry after a failure does each once. */
  MERGE_STEPS?: string[];
  /** What each feature's merge hook noted, by the feature's name, for the undo (enquiries/lifecycle.ts). */
  MERGE_MEMO?: Record<string, unknown>;
  /** On the enquiry merged into: the enquiries merged into it, oldest merge first. */
  MERGED_FROM?: number[];
  /**
   * Set when staff marked it, suspected spam, as genuine (functions/spam/):
   * it then joined the message box as received at that moment (RECEIVED_AT,
   * DATE: so its lists stay in the order of arrival, which their date
   * ranges rely on), and SPAM_RECEIVED_AT keeps when it first came.
   */
  MARKED_GENUINE_AT?: string;
  MARKED_GENUINE_BY?: string;
  SPAM_RECEIVED_AT?: string;
  /** An enquiry made of a message split out of another: that one's number. */
  SPLIT_FROM?: number;
  /** The latest split out of this enquiry, `<new enquiry's number> <the message's history key>`: its retry finishes it, or answers the same. */
  LAST_SPLIT?: string;
}

/** The LIST and SECTION_LIST of an enquiry merged away: a partition no list, work list or retention run reads. */
export const MERGED_LIST = 'MERGED';

/** What a versioned change sets and takes off (functions/merging/ moves an enquiry in and out of its lists with it). */
export interface VersionedChange {
  set: Partial<StoredEnquiry>;
  remove?: readonly (keyof StoredEnquiry)[];
}

export type WorkIndex = 'byStatus' | 'byOwner' | 'byStatusOwner';

/**
 * The list a query reads (enquiry-reading.ts `listSourceOf` decides): one enquiry by its reference; a work list (a status
 * and/or an owner, by POST_INDEX); one tag's enquiries (by POST_INDEX, from
 * the tag index); or a newest-first list by section, dates and spam (by its
 * own sequence). The first three page with a cursor, the last also by page
 * number; each counts its total without reading its enquiries.
 */
export type ListSource =
  | { kind: 'reference'; reference: string }
  | { kind: 'work'; index: WorkIndex; key: string }
  | { kind: 'tag'; tag: string }
  | { kind: 'list'; list: EnquiryList };

/** What a work change sets on the enquiry (its list keys follow its status and owner): a staff change, a reply, a visitor's message. */
export type WorkChange = Required<
  Pick<StoredEnquiry, 'STATUS_LIST' | 'OWNER_LIST' | 'STATUS_OWNER' | 'OWNER' | 'UPDATED_AT'>
> &
  Pick<
    StoredEnquiry,
    | 'STATUS'
    | 'FIRST_REPLY_AT'
    | 'LAST_REPLY_AT'
    | 'LAST_VISITOR_AT'
    | 'LAST_VISITOR_CHANNEL'
    | 'LAST_VISITOR_PREVIEW'
    | 'LAST_VISITOR_EVENT'
    | 'UNREAD_VISITOR_AT'
  >;

export interface MailUpdate {
  status: MailStatus;
  attempts: number;
}

export interface EnquiryStore {
  /** Stores a new enquiry; `false` when one with this POST_INDEX already exists. */
  create(enquiry: StoredEnquiry): Promise<boolean>;
  get(postIndex: number): Promise<StoredEnquiry | undefined>;
  /** The enquiries of these numbers that exist, in no particular order. */
  getMany(postIndexes: readonly number[]): Promise<StoredEnquiry[]>;
  /** Newest first, sequences from `highest` down to `lowest`, at most `limit` items. */
  page(list: EnquiryList, highest: number, lowest: number, limit: number): Promise<StoredEnquiry[]>;
  /** Lowest and highest sequence of the list's enquiries received in [fromIso, toIso]. */
  sequenceBounds(
    list: EnquiryList,
    fromIso: string,
    toIso: string,
  ): Promise<{ lowest: number; highest: number } | undefined>;
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
  /** Sets and takes off attributes only if its VERSION is still `expectedVersion` (adding one to it), as `changeWork`. */
  changeAtVersion(
    postIndex: number,
    expectedVersion: number,
    change: VersionedChange,
  ): Promise<StoredEnquiry | undefined>;
  /**
   * Sets the enquiry's tags (none: removes the field) and its last activity
   * only if its TAGS_REVISION is still `expectedRevision` (adding one to it);
   * the changed item, or `undefined` when someone else changed its tags first.
   */
  changeTags(
    postIndex: number,
    expectedRevision: number,
    tags: readonly string[],
    at: string,
  ): Promise<StoredEnquiry | undefined>;
  /**
   * Takes the unread mark off (UNREAD_VISITOR_AT) only if it is no later
   * than `upTo` and the enquiry's owner is still `owner` ('' for nobody);
   * `false` when nothing was taken off (a newer message, another owner, no mark).
   */
  clearUnread(postIndex: number, owner: string, upTo: string): Promise<boolean>;
  /** Adds a link's hash to the enquiry's (adding one twice keeps one), its links active from `at`; `false` when there is no such enquiry. */
  addVisitorLinkHash(postIndex: number, hash: string, at: string): Promise<boolean>;
  /** Marks the visitor's links active at `at` (a visit), changing nothing else; an enquiry gone meanwhile is left gone. */
  markVisitorLinksActive(postIndex: number, at: string): Promise<void>;
  /**
   * Replaces every link's hash with this one (active from `at`) and moves the
   * reply address on a generation (REPLY_GENERATION, LINKS_REPLACED_AT) if the enquiry's
   * VERSION is still `expectedVersion` (adding one to it, and marking the
   * activity); the changed item, or `undefined` when someone changed it meanwhile.
   */
  replaceVisitorLinkHashes(
    postIndex: number,
    expectedVersion: number,
    hash: string,
    at: string,
  ): Promise<StoredEnquiry | undefined>;
  /** Marks activity that changes nothing else (a note), so retention counts from it. */
  touch(postIndex: number, at: string): Promise<void>;
  /** Sets (a reason) or lifts (undefined) a legal hold. */
  setHold(postIndex: number, reason: string | undefined): Promise<void>;
  /** The POST_INDEXes of one address's enquiries. */
  byEmail(emailKey: string): Promise<number[]>;
  /** The POST_INDEXes of the enquiries with this phone number's key. */
  byPhone(phoneKey: string): Promise<number[]>;
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
