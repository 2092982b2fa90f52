/**
 * Enquiry lifecycle hooks. What a feature keeps about an enquiry (its mails,
 * the mail received about it, its translations, its tags, its counts)
 * registers, in its folder's `enquiry-part.ts`, the stores it keeps it in and
 * how it goes with the enquiry; the removal (an erasure, the retention job)
 * and the right of access call every part the tier's list names
 * (functions/enquiry-parts.ts), so they never name a feature. What the parts
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
