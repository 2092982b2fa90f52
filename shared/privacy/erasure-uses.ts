/**
 * What an erasure touches, on request (the subjectErase route) or by the
 * retention job: every enquiry it removes with everything kept about it
 * (enquiry-parts.ts), the tombstone it records, the export files (they hold
 * many visitors' rows), and the mail kept apart from the visitor's address.
 * And what the right of access reads. A file of its own, below both the
 * route table and the scheduled jobs (resources.ts), which grant these.
 */
import { ENQUIRY_REMOVAL_NEEDS, ENQUIRY_SUBJECT_NEEDS } from '../enquiry-parts';

export const ERASURE_USES = {
  tables: { ...ENQUIRY_REMOVAL_NEEDS.tables, erasures: 'append', inboundMail: 'full' },
  buckets: { ...ENQUIRY_REMOVAL_NEEDS.buckets, exports: 'full', inbound: 'full' },
} as const;

// inboundMail: the mail kept apart from the visitor's address (by its index bySender).
export const SUBJECT_READ_USES = { tables: { ...ENQUIRY_SUBJECT_NEEDS.tables, inboundMail: 'read' } } as const;
