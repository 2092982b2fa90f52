/** An enquiry's place under each of its tags (the tag index). */
import type { EnquiryPartUse } from '../platform/enquiry-part-use';

export const tagsPartUse = { erase: { tables: { enquiryTags: 'full' } } } as const satisfies EnquiryPartUse;
