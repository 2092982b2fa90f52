/** The back office's calls for the access log, retention and visitors' rights (functions/privacy/privacy-handler.ts). */
import type { AccessLogEntry } from '../../../../shared/audit-actions';
import type { EnquiryRecord } from '../../../../shared/enquiries/enquiry';
import type { AccessLogQuery, ErasureAnswer } from '../../../../shared/privacy/privacy-schema';
import type { RETENTION } from '../../../../shared/privacy/retention';
import { apiPath } from '../../../../shared/routes';
import { saveDownload, staffFetch, staffPost } from '../core/api';

const searchOf = (query: Record<string, string | undefined>) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
  return `?${params}`;
};

export async function loadAccessLog(query: AccessLogQuery): Promise<{ entries: AccessLogEntry[]; truncated: boolean }> {
  return (await (await staffFetch(`${apiPath('accessLog')}${searchOf({ ...query })}`)).json()) as { entries: AccessLogEntry[]; truncated: boolean };
}

export async function downloadAccessLog(query: AccessLogQuery): Promise<void> {
  await saveDownload(await staffFetch(`${apiPath('accessLogCsv')}${searchOf({ ...query })}`), 'access-log.csv');
}

export async function loadRetentionDue(): Promise<{ due: { enquiries: number; spam: number }; periods: typeof RETENTION }> {
  return (await (await staffFetch(apiPath('retentionDue'))).json()) as { due: { enquiries: number; spam: number }; periods: typeof RETENTION };
}

export async function setHold(index: number, reason: string | undefined): Promise<EnquiryRecord> {
  return (await staffPost<EnquiryRecord>(apiPath('hold'), { data: { index, ...(reason === undefined ? {} : { reason }) } })).data;
}

export type SubjectEnquiry = EnquiryRecord & { history: unknown[]; mails: unknown[] };

export async function findSubject(email: string): Promise<{ email: string; enquiries: SubjectEnquiry[] }> {
  return (await staffPost<{ email: string; enquiries: SubjectEnquiry[] }>(apiPath('subject'), { data: { email } })).data;
}

export async function downloadSubject(email: string): Promise<void> {
  await saveDownload(await staffFetch(apiPath('subjectExport'), { method: 'POST', body: JSON.stringify({ data: { email } }) }), 'personal-data.json');
}

export async function eraseSubject(email: string, reason: string): Promise<ErasureAnswer> {
  return (await staffPost<ErasureAnswer>(apiPath('subjectErase'), { data: { email, reason } })).data;
}
