/**
 * The message box's CSV export: a small one comes back as the file itself; a
 * larger one is a background job, whose state the page reads until the file
 * is ready (shared/export-jobs.ts has the wire shape).
 */
import type { ExportJobView } from '../../../shared/export-jobs';
import { apiPath } from '../../../shared/routes';
import { staffFetch } from './api';
import { type ListQuery, exportSearch } from './list-query';

/** How often the page asks how far a job has come. */
export const EXPORT_POLL_MS = 500;

export type ExportStart = { kind: 'file'; response: Response } | { kind: 'job'; job: ExportJobView; statusPath: string };

/** Asks for the CSV of the list's filter. */
export async function startExport(query: ListQuery): Promise<ExportStart> {
  const response = await staffFetch(`${apiPath('exportCsv')}${exportSearch(query)}`, { headers: { Accept: 'text/csv, application/json' } });
  if (response.status !== 202) return { kind: 'file', response };
  const job = (await response.json()) as ExportJobView;
  return { kind: 'job', job, statusPath: response.headers.get('location') ?? apiPath('exportStatus', { jobId: job.jobId }) };
}

export async function readExportJob(statusPath: string): Promise<ExportJobView> {
  return (await (await staffFetch(statusPath)).json()) as ExportJobView;
}
