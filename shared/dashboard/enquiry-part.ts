/** The dashboard's counts an enquiry is in (an open one is counted until it goes). */
import type { EnquiryPartUse } from '../platform/enquiry-part-use';

export const dashboardPartUse = { erase: { tables: { aggregates: 'write' } } } as const satisfies EnquiryPartUse;
