/**
 * Merging one enquiry into another, undoing it, and splitting a message out
 * into an enquiry of its own: the rules and the answers the staff app and the
 * functions share. No schema library here (the staff app imports this file);
 * the request schemas are in merge-schema.ts.
 */
import type { EnquiryRecord } from '../enquiries/enquiry';

/** A merge can be undone for this long after it was made; after that it stays. */
export const MERGE_UNDO_DAYS = 30;

/** Until when (ISO instant) a merge made at `mergedAt` can be undone. */
export function undoUntil(mergedAt: string): string {
  return new Date(Date.parse(mergedAt) + MERGE_UNDO_DAYS * 24 * 60 * 60 * 1000).toISOString();
}

/** A merged enquiry, as the one it was merged into lists it (and as it names where it went). */
export interface MergeLink {
  POST_INDEX: number;
  /** `MT-000123`. */
  REFERENCE: string;
  /** When it was merged (ISO instant), and by whom. */
  MERGED_AT: string;
  MERGED_BY: string;
  /** Until when the merge can be undone (ISO instant). */
  UNDO_UNTIL: string;
}

/** `POST /api/enquiries/{index}/merge`'s answer: the enquiry merged into, as it stands now. */
export interface MergeResult {
  record: EnquiryRecord;
}

/** `POST /api/enquiries/{index}/unmerge`'s answer: the enquiry brought back, as it stands now. */
export interface UnmergeResult {
  record: EnquiryRecord;
}

/** `POST /api/enquiries/{index}/split`'s answer: the new enquiry the message now opens. */
export interface SplitResult {
  record: EnquiryRecord;
}
