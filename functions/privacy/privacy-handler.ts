/**
 * The admin routes of the privacy rights and records: the access log (read
 * and CSV), the retention count, legal holds, and one visitor's data (find,
 * export, erase).
 */
import { csvHeaderOf, csvLine } from '../../shared/exports/csv';
import { formatKoreaDateTime } from '../../shared/korea-time';
import { ACCESS_LOG_CSV_PAGE_ROWS, ACCESS_LOG_NEXT_HEADER, ACCESS_LOG_PAGE_DEFAULT } from '../../shared/audit-actions';
import {
  type AccessLogQuery,
  accessLogQuerySchema,
  eraseSubjectSchema,
  holdSchema,
  subjectSchema,
} from '../../shared/privacy/privacy-schema';
import { RETENTION } from '../../shared/privacy/retention';
import type { AppDeps } from '../deps';
import { ApiError, parseInput } from '../platform/http/errors';
import { jsonPayload } from '../platform/http/request';
import { NO_STORE, json } from '../platform/http/response';
import { type StaffAuthDeps, staffHandler } from '../accounts/staff-auth/staff';
import { readAccessLogPage } from './access-log-reading';
import { type SubjectData, type SubjectDeps, eraseSubject, retentionDue, subjectData } from './erasure';
import type { ErasureDeps } from './erasure-deps';
import { toRecord } from '../enquiries/enquiry-record';
import { workableEnquiry } from '../work/enquiry-work';

const ACCESS_LOG_COLUMNS = [
  'at_korea_time',
  'actor',
  'action',
  'target',
  'client_address',
  'request_id',
  'count',
  'last_at_korea_time',
] as const;

/** `GET /api/access-log?from=&to=&actor=&action=&target=&cursor=&limit=`: one page of matching rows, newest first, and the next page's cursor. */
export function makeAccessLogHandler(deps: StaffAuthDeps) {
  return staffHandler(deps, async ({ request, audit }) => {
    const query = parseInput(accessLogQuerySchema, request.query);
    await audit('accesslog.read', auditedQuery(query));
    return json(200, await readAccessLogPage(deps, query, query.limit ?? ACCESS_LOG_PAGE_DEFAULT));
  });
}

/**
 * `GET /api/access-log.csv?...&cursor=`: the same rows as CSV, ACCESS_LOG_CSV_PAGE_ROWS at a time,
 * the header on the first page only, the next page's cursor in the `x-next-cursor` header; the
 * back office asks page after page and saves them as one file.
 */
export function makeAccessLogCsvHandler(deps: StaffAuthDeps) {
  return staffHandler(deps, async ({ request, audit }) => {
    const query = parseInput(accessLogQuerySchema, request.query);
    await audit('accesslog.export', auditedQuery(query));
    const { entries, next } = await readAccessLogPage(deps, query, ACCESS_LOG_CSV_PAGE_ROWS);
    const body =
      (query.cursor ? '' : csvHeaderOf(ACCESS_LOG_COLUMNS)) +
      entries
        .map((entry) =>
          csvLine([
            formatKoreaDateTime(entry.at),
            entry.actor,
            entry.action,
            entry.target,
            entry.clientAddress,
            entry.requestId,
            String(entry.count ?? 1),
            entry.lastAt === undefined ? '' : formatKoreaDateTime(entry.lastAt),
          ]),
        )
        .join('');
    return {
      statusCode: 200,
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="access-log_${query.from}_${query.to}.csv"`,
        ...(next ? { [ACCESS_LOG_NEXT_HEADER]: next } : {}),
        ...NO_STORE,
      },
      body,
    };
  });
}

/** The read's filter as its access-log row's target: the days and narrowing, and the page (a cursor's day and place). */
const auditedQuery = (query: AccessLogQuery) => JSON.stringify(query);

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

/** What a read of a visitor's data names in its access-log row: the enquiries, and how many kept mails (never the address). */
const subjectTarget = (data: SubjectData) =>
  (data.enquiries.map((enquiry) => enquiry.POST_INDEX).join(',') || '-') +
  (data.keptMail.length ? ` +${data.keptMail.length} kept mail` : '');

/** `POST /api/subject`: `{ data: { email } }` -> every enquiry of one address, with its history and mails (the right of access). */
export function makeSubjectHandler(deps: StaffAuthDeps & SubjectDeps) {
  return staffHandler(deps, async ({ request, audit }) => {
    const { email } = parseInput(subjectSchema, jsonPayload(request));
    const data = await subjectData(deps, email);
    await audit('subject.read', subjectTarget(data));
    return json(200, data);
  });
}

/** `POST /api/subject/export`: `{ data: { email } }` -> the same as a file to hand to the visitor. */
export function makeSubjectExportHandler(deps: StaffAuthDeps & SubjectDeps) {
  return staffHandler(deps, async ({ request, audit }) => {
    const { email } = parseInput(subjectSchema, jsonPayload(request));
    const data = await subjectData(deps, email);
    await audit('subject.export', subjectTarget(data));
    return json(
      200,
      { exportedAt: new Date(deps.clock.now()).toISOString(), ...data },
      { 'Content-Disposition': 'attachment; filename="personal-data.json"' },
    );
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
