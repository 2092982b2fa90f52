/** The back office's calls for the access log, retention and visitors' rights (functions/privacy/privacy-handler.ts). */
import { ACCESS_LOG_NEXT_HEADER } from '../../../../shared/audit-actions';
import type { EnquiryRecord } from '../../../../shared/enquiries/enquiry';
import type { AccessLogFilter, AccessLogPage, ErasureAnswer } from '../../../../shared/privacy/privacy-schema';
import type { RETENTION } from '../../../../shared/privacy/retention';
import { apiPath } from '../../../../shared/routes';
import { saveDownload, staffFetch, staffPost } from '../core/api';

const searchOf = (query: Record<string, string | undefined>) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
  return `?${params}`;
};

/** One page of the access log: the first without a cursor, then each from the `next` of the one before. */
export async function loadAccessLogPage(filter: AccessLogFilter, cursor?: string): Promise<AccessLogPage> {
  return (await (
    await staffFetch(`${apiPath('accessLog')}${searchOf({ ...filter, cursor })}`)
  ).json()) as AccessLogPage;
}

/** The whole CSV of a filter as one file: the server answers it a page at a time (the next page's cursor in a header). */
export async function downloadAccessLog(filter: AccessLogFilter): Promise<void> {
  const pages: Blob[] = [];
  let cursor: string | undefined;
  let first: Response | undefined;
  do {
    const response = await staffFetch(`${apiPath('accessLogCsv')}${searchOf({ ...filter, cursor })}`);
    first ??= response;
    // As bytes, so the first page's byte-order mark (for Excel) stays.
    pages.push(await response.blob());
    cursor = response.headers.get(ACCESS_LOG_NEXT_HEADER) ?? undefined;
  } while (cursor);
  await saveDownload(
    new Response(new Blob(pages, { type: 'text/csv;charset=utf-8' }), {
      headers: { 'content-disposition': first?.headers.get('content-disposition') ?? '' },
    }),
    'access-log.csv',
  );
}

export async function loadRetentionDue(): Promise<{
  due: { enquiries: number; spam: number };
  periods: typeof RETENTION;
}> {
  return (await (await staffFetch(apiPath('retentionDue'))).json()) as {
    due: { enquiries: number; spam: number };
    periods: typeof RETENTION;
  };
}

export async function setHold(index: number, reason: string | undefined): Promise<EnquiryRecord> {
  return (
    await staffPost<EnquiryRecord>(apiPath('hold'), { data: { index, ...(reason === undefined ? {} : { reason }) } })
  ).data;
}

export type SubjectEnquiry = EnquiryRecord & { history: unknown[]; mails: unknown[] };

/** What the right of access finds: the address's enquiries, and the mail received from it that went into no thread (kept apart). */
export interface SubjectFound {
  email: string;
  enquiries: SubjectEnquiry[];
  keptMail: unknown[];
}

export async function findSubject(email: string): Promise<SubjectFound> {
  return (await staffPost<SubjectFound>(apiPath('subject'), { data: { email } })).data;
}

export async function downloadSubject(email: string): Promise<void> {
  await saveDownload(
    await staffFetch(apiPath('subjectExport'), { method: 'POST', body: JSON.stringify({ data: { email } }) }),
    'personal-data.json',
  );
}

export async function eraseSubject(email: string, reason: string): Promise<ErasureAnswer> {
  return (await staffPost<ErasureAnswer>(apiPath('subjectErase'), { data: { email, reason } })).data;
}
