/**
 * The admin routes of the privacy rights and records: the access log (read
 * and CSV), the retention count, legal holds, and one visitor's data (find,
 * export, erase).
 */
import { csvHeaderOf, csvLine } from '../../shared/exports/csv';
import { formatKoreaDateTime } from '../../shared/korea-time';
import { accessLogQuerySchema, eraseSubjectSchema, holdSchema, subjectSchema } from '../../shared/privacy/privacy-schema';
import { RETENTION } from '../../shared/privacy/retention';
import type { AppDeps } from '../deps';
import { ApiError, parseInput } from '../http/errors';
import { jsonPayload } from '../http/request';
import { NO_STORE, json } from '../http/response';
import { type StaffAuthDeps, staffHandler } from '../http/staff';
import { readAccessLog } from './access-log-reading';
import { type ErasureDeps, eraseSubject, retentionDue, subjectData } from './erasure';
import { toRecord } from '../enquiries/enquiry-record';
import { workableEnquiry } from '../work/enquiry-work';

const ACCESS_LOG_COLUMNS = ['at_korea_time', 'actor', 'action', 'target', 'client_address', 'request_id'] as const;

/** `GET /api/access-log?from=&to=&actor=&action=&target=`: matching entries, newest first. */
export function makeAccessLogHandler(deps: StaffAuthDeps) {
  return staffHandler(deps, async ({ request, audit }) => {
    const query = parseInput(accessLogQuerySchema, request.query);
    await audit('accesslog.read', JSON.stringify(query));
    return json(200, await readAccessLog(deps, query));
  });
}

/** `GET /api/access-log.csv?...`: the same entries as CSV (every match, no cap). */
export function makeAccessLogCsvHandler(deps: StaffAuthDeps) {
  return staffHandler(deps, async ({ request, audit }) => {
    const query = parseInput(accessLogQuerySchema, request.query);
    await audit('accesslog.export', JSON.stringify(query));
    const { entries } = await readAccessLog(deps, query, Number.MAX_SAFE_INTEGER);
    const body =
      csvHeaderOf(ACCESS_LOG_COLUMNS) +
      entries.map((entry) => csvLine([formatKoreaDateTime(entry.at), entry.actor, entry.action, entry.target, entry.clientAddress, entry.requestId])).join('');
    return {
      statusCode: 200,
      headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="access-log_${query.from}_${query.to}.csv"`, ...NO_STORE },
      body,
    };
  });
}

/** `GET /api/retention`: how many enquiries the next retention run removes, and the periods. */
export function makeRetentionHandler(deps: StaffAuthDeps & Pick<AppDeps, 'enquiries'>) {
  return staffHandler(deps, async ({ audit }) => {
    await audit('retention.read', '-');
    return json(200, { due: await retentionDue(deps), periods: RETENTION });
  });
}

/** `POST /api/enquiry/hold`: `{ data: { index, reason? } }` sets a legal hold (kept whatever retention or erasure says) or lifts it; answers the enquiry as it is now. */
export function makeHoldHandler(deps: StaffAuthDeps & Pick<AppDeps, 'enquiries'>) {
  return staffHandler(deps, async ({ request, audit }) => {
    const hold = parseInput(holdSchema, jsonPayload(request));
    await workableEnquiry(deps, hold.index);
    await audit(hold.reason ? 'enquiry.hold' : 'enquiry.release', JSON.stringify(hold));
    await deps.enquiries.setHold(hold.index, hold.reason);
    const enquiry = await deps.enquiries.get(hold.index);
    if (!enquiry) throw new ApiError('not_found', `There is no enquiry ${hold.index}.`);
    return json(200, toRecord(enquiry));
  });
}

/** `POST /api/subject`: `{ data: { email } }` -> every enquiry of one address, with its history and mails (the right of access). */
export function makeSubjectHandler(deps: StaffAuthDeps & Pick<AppDeps, 'enquiries' | 'events' | 'outbox'>) {
  return staffHandler(deps, async ({ request, audit }) => {
    const { email } = parseInput(subjectSchema, jsonPayload(request));
    const data = await subjectData(deps, email);
    await audit('subject.read', data.enquiries.map((enquiry) => enquiry.POST_INDEX).join(',') || '-');
    return json(200, data);
  });
}

/** `POST /api/subject/export`: `{ data: { email } }` -> the same as a file to hand to the visitor. */
export function makeSubjectExportHandler(deps: StaffAuthDeps & Pick<AppDeps, 'enquiries' | 'events' | 'outbox'>) {
  return staffHandler(deps, async ({ request, audit }) => {
    const { email } = parseInput(subjectSchema, jsonPayload(request));
    const data = await subjectData(deps, email);
    await audit('subject.export', data.enquiries.map((enquiry) => enquiry.POST_INDEX).join(',') || '-');
    return json(200, { exportedAt: new Date(deps.clock.now()).toISOString(), ...data }, { 'Content-Disposition': 'attachment; filename="personal-data.json"' });
  });
}

/** `POST /api/subject/erase`: `{ data: { email, reason } }` erases every enquiry of the address except those under a legal hold. */
export function makeSubjectEraseHandler(deps: StaffAuthDeps & ErasureDeps) {
  return staffHandler(deps, async ({ request, audit, staff }) => {
    const { email, reason } = parseInput(eraseSubjectSchema, jsonPayload(request));
    // Logged first, without the address: the tombstone keeps its hash.
    await audit('subject.erase', reason);
    return json(200, await eraseSubject(deps, staff.email, email, reason));
  });
}
