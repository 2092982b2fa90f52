/**
 * Enquiry lifecycle hooks. What a feature keeps about an enquiry (its mails,
 * the mail received about it, its translations, its tags, its counts)
 * registers, in its folder's `enquiry-part.ts`, the stores it keeps it in and
 * how it goes with the enquiry; the removal (an erasure, the retention job)
 * and the right of access call every part the tier's list names
 * (functions/enquiry-parts.ts), so they never name a feature; so do a merge,
 * its undo and a split (functions/merging/). What the parts
 * may touch is declared beside their contract (shared/<feature>/enquiry-part.ts).
 */
import type { BaseDeps } from '../platform/deps';
import type { StoreMakers } from '../platform/wiring/dynamodb-stores';
import type { BucketStoreMaker } from '../platform/wiring/s3-stores';
import type { EnquiryEvent } from '../work/ports';
import type { StoredEnquiry } from './ports';

/** An enquiry as a hook is given it: the item and its history, oldest first (read once for every part). */
export interface EnquiryContext {
  enquiry: StoredEnquiry;
  history: readonly EnquiryEvent[];
}

/** Events moved from one enquiry's history to another's (a merge, its undo, a split): each is in `to`'s history now. */
export interface EventMove {
  from: StoredEnquiry;
  to: StoredEnquiry;
  events: readonly EnquiryEvent[];
}

/** A merge of `source` into `target` (functions/merging/), or its undo; `memo` is what the part's merge hook noted. */
export interface Merge {
  source: StoredEnquiry;
  target: StoredEnquiry;
  /** The staff member who merged (or undid the merge). */
  actor: string;
  memo?: unknown;
}

export interface EnquiryPart<Tables extends object, Buckets extends object, Subject extends object> {
  /** The feature's name, as the shared tier names its declaration (shared/enquiry-parts.ts). */
  name: string;
  /** The makers of the DynamoDB and S3 stores its hooks use: a function that calls the hooks wires every part's. */
  tables: StoreMakers<Tables>;
  buckets?: { [Key in keyof Buckets]: BucketStoreMaker<Buckets[Key]> };
  /**
   * Removes what it keeps about the enquiry, before the item and its history
   * go (what it finds through the history is still named then). A retry after
   * a failure runs it again: it removes what is left.
   */
  erase?(deps: Tables & Buckets & BaseDeps, context: EnquiryContext): Promise<void>;
  /** After the item has gone: takes the enquiry out of what counts it. */
  uncount?(deps: Tables & Buckets & BaseDeps, enquiry: StoredEnquiry): Promise<void>;
  /**
   * The enquiries that go when this one is removed (those merged into it):
   * each is removed with every part's `erase`, not counted again.
   */
  companions?(deps: Tables & Buckets & BaseDeps, enquiry: StoredEnquiry): Promise<StoredEnquiry[]>;
  /** After events moved between two enquiries' histories: what it keeps about them follows (as copies: the undo moves them back). */
  moved?(deps: Tables & Buckets & BaseDeps, move: EventMove): Promise<void>;
  /**
   * After `source` was merged into `target`: what it keeps about the source
   * goes to the target, and the pair counts as one. What it returns is kept
   * with the merge and given to `unmerged`. A retry after a failure may run it again.
   */
  merged?(deps: Tables & Buckets & BaseDeps, merge: Merge): Promise<unknown>;
  /** After a merge was undone: each enquiry counts, and keeps, as before it. */
  unmerged?(deps: Tables & Buckets & BaseDeps, merge: Merge): Promise<void>;
  /** After a message was split out of `from` into the new enquiry `to` (its events already moved). */
  split?(deps: Tables & Buckets & BaseDeps, move: Omit<EventMove, 'events'>): Promise<void>;
  /** What the right of access hands over of it, added to the enquiry's entry in the subject's data. */
  subjectData?(deps: Tables & Buckets & BaseDeps, context: EnquiryContext): Promise<Subject>;
}

/** A part, its types inferred from its stores and its hooks. */
export function defineEnquiryPart<
  Tables extends object,
  Buckets extends object = object,
  Subject extends object = object,
>(part: EnquiryPart<Tables, Buckets, Subject>): EnquiryPart<Tables, Buckets, Subject> {
  return part;
}

/** A part as the removal and the right of access call it, on the stores of every part they are wired with. */
export type AnyEnquiryPart = EnquiryPart<object, object, object>;

/** What a function that calls the hooks is given: the parts it calls (its wiring names them, so no handler imports a part). */
export interface EnquiryPartsGiven {
  enquiryParts: readonly AnyEnquiryPart[];
}
