/** An enquiry's place under each of its tags (the tag index). */
import type { EnquiryPartUse } from '../platform/enquiry-part-use';

export const tagsPartUse = {
  erase: { tables: { enquiryTags: 'full' } },
  // The enquiry merged into takes the other's tags; the one merged away leaves the tag index.
  merge: { tables: { enquiryTags: 'full', enquiries: 'readWrite' } },
} as const satisfies EnquiryPartUse;
