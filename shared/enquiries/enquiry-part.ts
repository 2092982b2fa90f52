/** What the enquiry core keeps: the item with its list counters, and its history (the thread) with the notes. */
import type { EnquiryPartUse } from '../platform/enquiry-part-use';

export const enquiryCoreUse = {
  erase: { tables: { enquiries: 'full', enquiryEvents: 'full', counters: 'write' } },
  subject: { tables: { enquiries: 'read', enquiryEvents: 'read' } },
} as const satisfies EnquiryPartUse;
