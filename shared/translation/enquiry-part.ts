/** The machine translations of an enquiry's texts. */
import type { EnquiryPartUse } from '../platform/enquiry-part-use';

export const translationPartUse = { erase: { tables: { translations: 'full' } } } as const satisfies EnquiryPartUse;
