/** Where staff stand with an enquiry: nothing is kept apart from its item, and a merge may make the target wait for staff again. */
import type { EnquiryPartUse } from '../platform/enquiry-part-use';

export const workPartUse = {
  erase: {},
  merge: { tables: { enquiries: 'readWrite', counters: 'write', aggregates: 'write' } },
} as const satisfies EnquiryPartUse;
