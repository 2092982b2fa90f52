/** An enquiry's mails in the outbox (the staff notice, the acknowledgement, each reply with its words). */
import type { EnquiryPartUse } from '../platform/enquiry-part-use';

export const mailPartUse = {
  erase: { tables: { outbox: 'full' } },
  subject: { tables: { outbox: 'read' } },
} as const satisfies EnquiryPartUse;
