/**
 * The functions tier's index of what the features keep about an enquiry
 * (each one's `enquiry-part.ts`, enquiries/lifecycle.ts), one line each:
 * removing an enquiry, and handing it to its subject, call every part named
 * here. The shared tier's list (shared/enquiry-parts.ts) declares what each
 * may touch; a test checks the two name the same features.
 */
import { conversationPart } from './conversation/enquiry-part';
import { dashboardPart } from './dashboard/enquiry-part';
import type { AnyEnquiryPart, EnquiryPart } from './enquiries/lifecycle';

export type { AnyEnquiryPart, EnquiryPartsGiven } from './enquiries/lifecycle';
import type { StoreMakers } from './platform/wiring/dynamodb-stores';
import type { BucketStoreMaker } from './platform/wiring/s3-stores';
import { intakePart } from './intake/enquiry-part';
import { mailPart } from './mail/enquiry-part';
import { mergingPart } from './merging/enquiry-part';
import { tagsPart } from './tags/enquiry-part';
import { translationPart } from './translation/enquiry-part';
import { workPart } from './work/enquiry-part';

export const ENQUIRY_PARTS = [
  mailPart,
  conversationPart,
  translationPart,
  intakePart,
  tagsPart,
  dashboardPart,
  mergingPart,
  workPart,
] as const;

/**
 * The parts that hand something to the enquiry's subject (a `subjectData`
 * hook), a list of its own: the right of access's functions are wired with
 * these alone, so their bundles hold only these parts' stores.
 */
export const SUBJECT_PARTS = [mailPart, mergingPart] as const;

/**
 * The parts that follow a merge, its undo and a split (a `moved`, `merged`,
 * `unmerged` or `split` hook), a list of its own for the same reason: the
 * merging functions are wired with these alone.
 */
export const MERGE_PARTS = [translationPart, tagsPart, dashboardPart, workPart] as const;

/** The DynamoDB stores of the parts that follow a merge. */
export type MergePartsTables = Intersection<TablesOf<(typeof MERGE_PARTS)[number]>>;

type Part = (typeof ENQUIRY_PARTS)[number];
type Intersection<Union> = (Union extends unknown ? (value: Union) => void : never) extends (value: infer Both) => void
  ? Both
  : never;

// Each read off one part at a time (a conditional type distributes over a union only on a type parameter).
type TablesOf<P> = P extends EnquiryPart<infer Tables, object, object> ? Tables : never;
type BucketsOf<P> = P extends EnquiryPart<object, infer Buckets, object> ? Buckets : never;
type SubjectOf<P> = P extends EnquiryPart<object, object, infer Subject> ? Subject : never;
/** The DynamoDB and the S3 stores every part's hooks use together. */
export type EnquiryPartsTables = Intersection<TablesOf<Part>>;
export type EnquiryPartsBuckets = Intersection<BucketsOf<Part>>;
export type EnquiryPartsDeps = EnquiryPartsTables & EnquiryPartsBuckets;

/** The DynamoDB stores of the parts that hand something to the subject; they keep nothing there in S3. */
export type SubjectPartsTables = Intersection<TablesOf<(typeof SUBJECT_PARTS)[number]>>;

/** What every part adds to an enquiry's entry in its subject's data. */
export type EnquiryPartsSubjectData = Intersection<SubjectOf<(typeof SUBJECT_PARTS)[number]>>;

export const ALL_PARTS: readonly AnyEnquiryPart[] = ENQUIRY_PARTS as readonly AnyEnquiryPart[];

/** The makers of the DynamoDB stores of these parts, for a function that calls their hooks. */
export function partTables<Tables extends object = EnquiryPartsTables>(
  parts: readonly AnyEnquiryPart[],
): StoreMakers<Tables> {
  return Object.assign({}, ...parts.map((part) => part.tables)) as StoreMakers<Tables>;
}

/** The makers of their S3 stores. */
export function partBuckets(parts: readonly AnyEnquiryPart[]): {
  [Key in keyof EnquiryPartsBuckets]: BucketStoreMaker<EnquiryPartsBuckets[Key]>;
} {
  return Object.assign({}, ...parts.map((part) => part.buckets ?? {})) as {
    [Key in keyof EnquiryPartsBuckets]: BucketStoreMaker<EnquiryPartsBuckets[Key]>;
  };
}
