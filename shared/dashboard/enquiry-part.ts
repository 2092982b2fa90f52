/** The dashboard's counts an enquiry is in (an open one is counted until it goes). */
import type { EnquiryPartUse } from '../platform/enquiry-part-use';

export const dashboardPartUse = {
  erase: { tables: { aggregates: 'write' } },
  // A merged pair counts as one enquiry: the one merged away leaves the counts, and comes back on an undo.
  merge: { tables: { aggregates: 'write' } },
} as const satisfies EnquiryPartUse;
