/**
 * The message box's CSV export: a small one comes back as the file itself; a
 * larger one is a background job, whose state the page reads until the file
 * is ready (shared/exports/export-jobs.ts has the wire shape).
 */
import type { ExportJobView, ExportUnderWayBody } from '../../../../shared/exports/export-jobs';
import { apiPath } from '../../../../shared/routes';
import { StaffApiError, staffFetch } from '../core/api';
import { type ListQuery, exportSearch } from '../core/list-query';

/** How often the page first asks how far a job has come. */
export const EXPORT_POLL_MS = 500;
/** The longest wait between two asks: a long export is asked about less often (every call counts against the edge's per-address limit). */
const EXPORT_POLL_MAX_MS = 5_000;

/** The wait before the `attempt`th ask (from 0): every half second for the first five seconds, then twice as long every ten asks. */
export function exportPollDelay(attempt: number): number {
  return Math.min(EXPORT_POLL_MAX_MS, EXPORT_POLL_MS * 2 ** Math.floor(attempt / 10));
}

/** Asks in a row that may fail (a dropped connection, a busy moment) before the page gives up on a job. */
export const EXPORT_POLL_RETRIES = 3;

/** The file itself; a job made for it; or, when the staff member has an export under way already (409), that one's job to follow. */
export type ExportStart =
  | { kind: 'file'; response: Response }
  | { kind: 'job'; job: ExportJobView; statusPath: string }
  | { kind: 'underWay'; statusPath: string };

/** Asks for the CSV of the list's filter. */
export async function startExport(query: ListQuery): Promise<ExportStart> {
  let response: Response;
  try {
    response = await staffFetch(`${apiPath('exportCsv')}${exportSearch(query)}`, {
      headers: { Accept: 'text/csv, application/json' },
    });
  } catch (error) {
    const underWay =
      error instanceof StaffApiError && error.status === 409
        ? (error.body as Partial<ExportUnderWayBody>).jobId
        : undefined;
    if (typeof underWay === 'string')
      return { kind: 'underWay', statusPath: apiPath('exportStatus', { jobId: underWay }) };
    throw error;
  }
  if (response.status !== 202) return { kind: 'file', response };
  const job = (await response.json()) as ExportJobView;
  return {
    kind: 'job',
    job,
    statusPath: response.headers.get('location') ?? apiPath('exportStatus', { jobId: job.jobId }),
  };
}

export async function readExportJob(statusPath: string): Promise<ExportJobView> {
  return (await (await staffFetch(statusPath)).json()) as ExportJobView;
}
