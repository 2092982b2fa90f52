/**
 * The visitor's other enquiries, as the detail page lists them: patients
 * often write twice (the hospital form, then the concierge form), and staff
 * should see the other before answering one. Found by the same address (in
 * any case) or the same phone number (shared/merging/phone-key.ts). No schema
 * here: the staff app imports this file.
 */
import type { Section } from '../enquiries/enums';
import type { EnquiryStatus } from '../work/enquiry-work';
import type { MergeLink } from './merges';

/** What two enquiries have in common: their address, their phone number, or both. */
export type RelatedMatch = 'email' | 'phone';

/** Another enquiry of the same visitor: enough to tell which one it is, and to open it; none of its personal data. */
export interface RelatedEnquiry {
  POST_INDEX: number;
  /** `MT-000123`. */
  REFERENCE: string;
  MEDICAL_SECTION: Section;
  /** When it was received, Korea time `YYYY-MM-DD HH:mm`. */
  DATE: string;
  /** Where staff stand with it; absent for suspected spam, which has no status. */
  STATUS?: EnquiryStatus;
  SPAM: boolean;
  /** As read now: a merge into or from it names it, so a change meanwhile refuses the merge. */
  VERSION: number;
  /** Where it was merged into, when it was (it is no longer worked on, only a pointer to that one). */
  MERGED_INTO?: number;
  /** How many enquiries were merged into it, when some were: it cannot be merged away (merge the other way round). */
  MERGED_IN?: number;
  /** How it was found, each once (an enquiry with both the address and the number is listed once). */
  matchedBy: readonly RelatedMatch[];
}

/** At most this many are listed, the newest first: a number shared by a whole agency's patients should not fill the page. */
export const RELATED_LIST_MAX = 50;

/** `GET /api/enquiries/{index}/related`'s answer. */
export interface RelatedEnquiries {
  /** The newest first, without the enquiry asked about. */
  related: RelatedEnquiry[];
  /** How many more were found than are listed (0 but past RELATED_LIST_MAX). */
  more: number;
  /** The enquiries merged into this one, the latest merge first: each can be undone until its UNDO_UNTIL. */
  merged: MergeLink[];
  /** Where this enquiry was merged into, when it was: its page shows that one instead. */
  mergedInto?: MergeLink & { INTO: number; INTO_REFERENCE: string };
}
