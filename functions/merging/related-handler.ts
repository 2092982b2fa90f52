import { ApiError } from '../platform/http/errors';
import { json } from '../platform/http/response';
import { type StaffAuthDeps, staffHandler } from '../accounts/staff-auth/staff';
import { enquiryIndexParam } from '../enquiries/enquiry-index-param';
import { type RelatedDeps, relatedEnquiries } from './related';

/** `GET /api/enquiries/{index}/related`: the same visitor's other enquiries (shared/merging/related-enquiries.ts). */
export function makeRelatedEnquiriesHandler(deps: StaffAuthDeps & RelatedDeps) {
  return staffHandler(deps, async ({ request, audit }) => {
    const index = enquiryIndexParam(request);
    const enquiry = await deps.enquiries.get(index);
    await audit('enquiry.related', String(index));
    if (!enquiry) throw new ApiError('not_found', `There is no enquiry ${index}.`);
    return json(200, await relatedEnquiries(deps, enquiry));
  });
}
