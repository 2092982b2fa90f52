/**
 * Suspected spam (an enquiry whose hidden form field was filled: functions/intake/),
 * the answers the staff app and the functions share. No schema library here
 * (the staff app imports this file); the request schema is in spam-schema.ts.
 */
import type { EnquiryRecord } from '../enquiries/enquiry';

/** `GET /api/spam/waiting`'s answer: how many enquiries the suspected-spam list holds now. */
export interface SpamWaiting {
  waiting: number;
}

/** `POST /api/enquiries/{index}/genuine`'s answer: the enquiry as it stands now, in the message box. */
export interface GenuineResult {
  record: EnquiryRecord;
}
