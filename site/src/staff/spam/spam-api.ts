/** The back office's calls for suspected spam (the routes of functions/spam/). */
import type { EnquiryDetail, EnquiryRecord } from '../../../../shared/enquiries/enquiry';
import type { GenuineRequest } from '../../../../shared/spam/spam-schema';
import type { GenuineResult, SpamWaiting } from '../../../../shared/spam/spam';
import { apiPath } from '../../../../shared/routes';
import { staffFetch, staffPost } from '../core/api';

/** How many enquiries wait in the suspected-spam list. */
export async function loadSpamWaiting(): Promise<number> {
  return ((await (await staffFetch(apiPath('spamWaiting'))).json()) as SpamWaiting).waiting;
}

/** Marks the suspected-spam enquiry on screen genuine, at the VERSION staff saw; answers it as it is now. */
export async function markGenuine(record: EnquiryRecord): Promise<EnquiryRecord> {
  const data = { version: record.VERSION } satisfies GenuineRequest;
  return (await staffPost<GenuineResult>(apiPath('markGenuine', { index: record.POST_INDEX }), { data })).data.record;
}

/** The enquiry as the detail page reads it again (after a change meanwhile). */
export async function readEnquiry(index: number): Promise<EnquiryRecord | undefined> {
  return ((await (await staffFetch(apiPath('detail', { index }))).json()) as EnquiryDetail[])[0];
}
