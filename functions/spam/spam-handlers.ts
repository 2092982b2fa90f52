/** `GET /api/spam/waiting` and `POST /api/enquiries/{index}/genuine` (shared/spam/spam.ts, spam-schema.ts). */
import { genuineSchema } from '../../shared/spam/spam-schema';
import type { GenuineResult, SpamWaiting } from '../../shared/spam/spam';
import { type StaffAuthDeps, staffHandler } from '../accounts/staff-auth/staff';
import { enquiryIndexParam } from '../enquiries/enquiry-index-param';
import { toRecord } from '../enquiries/enquiry-record';
import { parseInput } from '../platform/http/errors';
import { jsonPayload } from '../platform/http/request';
import { NO_STORE, json } from '../platform/http/response';
import { markGenuine, spamWaiting } from './genuine';
import type { SpamDeps } from './spam-deps';

/** How many wait in the suspected-spam list: two counters, no one's data. */
export function makeSpamWaitingHandler(deps: StaffAuthDeps & Pick<SpamDeps, 'counters'>) {
  return staffHandler(deps, async ({ audit }) => {
    await audit('enquiry.spamWaiting', 'SPAM');
    const answer: SpamWaiting = { waiting: await spamWaiting(deps) };
    return json(200, answer, NO_STORE);
  });
}

/** Marks the path's suspected-spam enquiry genuine; logged first, so a mark never goes unrecorded. */
export function makeMarkGenuineHandler(deps: StaffAuthDeps & SpamDeps) {
  return staffHandler(deps, async ({ request, audit, staff }) => {
    const index = enquiryIndexParam(request);
    const mark = parseInput(genuineSchema, jsonPayload(request));
    await audit('enquiry.genuine', String(index));
    const result: GenuineResult = { record: toRecord(await markGenuine(deps, staff.email, index, mark)) };
    return json(200, result);
  });
}
