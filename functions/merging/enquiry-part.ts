/**
 * A merged pair is one enquiry: the enquiries merged into one go when it is
 * removed (an erasure, the retention job), and the right of access says, of
 * each, where it went or what came into it.
 */
import { formatReference } from '../../shared/work/enquiry-work';
import { enquiries } from '../enquiries/adapters/stores';
import { defineEnquiryPart } from '../enquiries/lifecycle';

export const mergingPart = /* @__PURE__ */ defineEnquiryPart({
  name: 'merging',
  tables: { enquiries },
  async companions(deps, enquiry) {
    return enquiry.MERGED_FROM?.length ? deps.enquiries.getMany(enquiry.MERGED_FROM) : [];
  },
  async subjectData(_deps, { enquiry }): Promise<{ mergedInto?: string; mergedFrom?: string[] }> {
    return {
      ...(enquiry.MERGED_INTO !== undefined ? { mergedInto: formatReference(enquiry.MERGED_INTO) } : {}),
      ...(enquiry.MERGED_FROM?.length ? { mergedFrom: enquiry.MERGED_FROM.map(formatReference) } : {}),
    };
  },
});
