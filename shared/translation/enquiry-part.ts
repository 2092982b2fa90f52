/** The machine translations of an enquiry's texts. */
import type { EnquiryPartUse } from '../platform/enquiry-part-use';

export const translationPartUse = {
  erase: { tables: { translations: 'full' } },
  // A message moved to another enquiry takes its translation along (added there, then removed here).
  merge: { tables: { translations: 'full' } },
} as const satisfies EnquiryPartUse;
