/** The claim of the submission an enquiry was made from (a resent form finds it and makes no second enquiry). */
import type { EnquiryPartUse } from '../platform/enquiry-part-use';

export const intakePartUse = { erase: { tables: { submissions: 'full' } } } as const satisfies EnquiryPartUse;
