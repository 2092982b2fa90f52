/** The machine translations of an enquiry's texts. */
import type { EnquiryPartUse } from '../platform/enquiry-part-use';

export const translationPartUse = {
  erase: { tables: { translations: 'full' } },
  // A message moved to another enquiry takes its translation along (a copy under the other enquiry).
  merge: { tables: { translations: 'readWrite' } },
} as const satisfies EnquiryPartUse;
