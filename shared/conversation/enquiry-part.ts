/**
 * The visitor's messages received by mail (each raw message and its
 * attachments in the inbound bucket) and the received mail kept apart about
 * the enquiry (the inbound mail table, with its raw message).
 */
import type { EnquiryPartUse } from '../platform/enquiry-part-use';

export const conversationPartUse = {
  erase: { tables: { inboundMail: 'full' }, buckets: { inbound: 'full' } },
} as const satisfies EnquiryPartUse;
