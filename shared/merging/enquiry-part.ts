/** The enquiries merged into one, which go with it, and what the right of access says of a merge. */
import type { EnquiryPartUse } from '../platform/enquiry-part-use';

export const mergingPartUse = {
  erase: { tables: { enquiries: 'full' } },
  subject: { tables: { enquiries: 'read' } },
} as const satisfies EnquiryPartUse;
