/**
 * An enquiry merged into another (functions/merging/) is a pointer: its
 * reference, its page link, its visitor's link and its reply address keep
 * working, and lead to the enquiry it was merged into. Every way in by an
 * enquiry's number that reads or writes its thread asks for it here.
 */
import { ApiError } from '../platform/http/errors';
import type { EnquiryStore, StoredEnquiry } from './ports';

/** How many pointers are followed: a merge never makes a chain (an enquiry merged into is not merged away), this is the guard. */
const MAX_HOPS = 3;

/** The enquiry a number leads to: itself, or the one it was merged into; `undefined` when there is none. */
export async function leadingEnquiry(
  deps: { enquiries: Pick<EnquiryStore, 'get'> },
  postIndex: number,
): Promise<StoredEnquiry | undefined> {
  let enquiry = await deps.enquiries.get(postIndex);
  for (let hop = 0; enquiry?.MERGED_INTO !== undefined && hop < MAX_HOPS; hop += 1)
    enquiry = await deps.enquiries.get(enquiry.MERGED_INTO);
  return enquiry?.MERGED_INTO === undefined ? enquiry : undefined;
}

/**
 * Whether staff replaced the links of the enquiry `named` was merged into
 * since the merge: its links and reply address, handed out before, then lead
 * nowhere, as the enquiry's own older ones do.
 */
export function replacedSinceMerge(named: StoredEnquiry, leading: StoredEnquiry): boolean {
  if (named.POST_INDEX === leading.POST_INDEX || leading.LINKS_REPLACED_AT === undefined) return false;
  return (named.MERGED_AT ?? '') < leading.LINKS_REPLACED_AT;
}

/** Refuses a change to an enquiry merged away: staff work on the one it was merged into. */
export function notMergedAway(enquiry: StoredEnquiry): StoredEnquiry {
  if (enquiry.MERGED_INTO !== undefined)
    throw new ApiError('conflict', `This enquiry was merged into ${enquiry.MERGED_INTO}; work on that one.`, {
      index: `Enquiry ${enquiry.MERGED_INTO}, which it was merged into`,
    });
  return enquiry;
}
