/** The back office's calls for merging duplicate enquiries (the routes of functions/merging/). */
import type { EnquiryDetail, EnquiryRecord } from '../../../../shared/enquiries/enquiry';
import type { MergeRequest, SplitRequest, UnmergeRequest } from '../../../../shared/merging/merge-schema';
import type { MergeResult, SplitResult, UnmergeResult } from '../../../../shared/merging/merges';
import type { RelatedEnquiries, RelatedEnquiry } from '../../../../shared/merging/related-enquiries';
import { apiPath } from '../../../../shared/routes';
import { StaffApiError, staffFetch, staffPost } from '../core/api';
import { STAFF_TEXT } from '../core/words';
import { conflictCurrent } from '../enquiry/work-api';
import { MERGING_TEXT } from './words';

/** An enquiry's detail page (site/src/pages/detail), where every merge and split leads. */
export const detailPath = (index: number) => `/detail/${index}`;

/** The same visitor's other enquiries, newest first. */
export async function loadRelated(index: number): Promise<RelatedEnquiries> {
  return (await (await staffFetch(apiPath('relatedEnquiries', { index }))).json()) as RelatedEnquiries;
}

/** Merges `other` into `into` (the enquiry on screen), each at the VERSION staff saw; answers `into` as it is now. */
export async function mergeEnquiry(
  other: Pick<RelatedEnquiry, 'POST_INDEX' | 'VERSION'>,
  into: EnquiryRecord,
): Promise<EnquiryRecord> {
  const data = { into: into.POST_INDEX, version: other.VERSION, intoVersion: into.VERSION } satisfies MergeRequest;
  return (await staffPost<MergeResult>(apiPath('mergeEnquiry', { index: other.POST_INDEX }), { data })).data.record;
}

/** Brings back `mergedAway` out of `into` (at its VERSION); answers the enquiry brought back. */
export async function unmergeEnquiry(mergedAway: number, into: EnquiryRecord): Promise<EnquiryRecord> {
  const data = { version: into.VERSION } satisfies UnmergeRequest;
  return (await staffPost<UnmergeResult>(apiPath('unmergeEnquiry', { index: mergedAway }), { data })).data.record;
}

/** Splits the visitor's message at `at` (its history key) out of `record`; answers the new enquiry. */
export async function splitMessage(record: EnquiryRecord, at: string): Promise<EnquiryRecord> {
  const data = { at, version: record.VERSION } satisfies SplitRequest;
  return (await staffPost<SplitResult>(apiPath('splitMessage', { index: record.POST_INDEX }), { data })).data.record;
}

/** The enquiry as the detail page reads it (its route answers an array of the one record). */
async function readDetail(index: number): Promise<EnquiryRecord | undefined> {
  return ((await (await staffFetch(apiPath('detail', { index }))).json()) as EnquiryDetail[])[0];
}

/**
 * After a 409 (someone changed an enquiry meanwhile), the enquiry on screen
 * as it is now, so a retry names its VERSION as it is: the answer's `current`
 * when it is that one, otherwise read again (a merge's 409 may be about
 * either enquiry, and may carry neither). True when it was a 409.
 */
export async function rereadOnConflict(
  error: unknown,
  onScreen: number,
  onChanged: (record: EnquiryRecord) => void,
): Promise<boolean> {
  if (!(error instanceof StaffApiError && error.status === 409)) return false;
  const given = conflictCurrent(error);
  // A failed read leaves the page as it was: the refusal is said all the same.
  const current = given?.POST_INDEX === onScreen ? given : await readDetail(onScreen).catch(() => undefined);
  if (current) onChanged(current);
  return true;
}

/**
 * What a refused merge, undo or split tells the staff member: the action's
 * lead (or, for a change meanwhile, that it was re-read), then the API's own
 * sentence, which names the rule (already merged, spam, ...); nothing for a
 * 401, which is already on its way to the sign-in page.
 */
export function problemOf(error: unknown, lead: string): string {
  if (!(error instanceof StaffApiError)) return lead;
  if (error.status === 401) return '';
  if (error.status === 0 || error.status >= 500) return `${lead} ${STAFF_TEXT.serviceDown}`;
  const said = error.body['message'];
  return [error.status === 409 ? MERGING_TEXT.conflict : lead, typeof said === 'string' ? said : '']
    .filter(Boolean)
    .join(' ');
}
