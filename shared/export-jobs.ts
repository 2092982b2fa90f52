/**
 * A CSV export too large to answer at once runs in the background as a job:
 * `GET /api/export.csv` starts it (202, this view), `GET /api/export/{jobId}`
 * reports it until it is ready (with a short-lived download link) or failed.
 * The back office and the API read the wire shape from here.
 */

/** queued (waiting for the worker), running (rows being written), ready (the file is there), failed (for good: start again). */
export const EXPORT_JOB_STATES = ['queued', 'running', 'ready', 'failed'] as const;
export type ExportJobState = (typeof EXPORT_JOB_STATES)[number];

/**
 * Why a job failed: reading the enquiries failed, the export bucket refused
 * the file, or the worker stopped reporting (it crashed, ran out of time or
 * memory, or never started).
 */
export const EXPORT_JOB_FAILURES = ['reading', 'storage', 'stalled'] as const;
export type ExportJobFailure = (typeof EXPORT_JOB_FAILURES)[number];

/** What the API answers about a job. */
export interface ExportJobView {
  jobId: string;
  status: ExportJobState;
  /** Rows written so far, and how many the filter held when the job started (rows removed meanwhile make the file shorter). */
  rowsWritten: number;
  rowsTotal: number;
  fileName: string;
  /** When ready: a short-lived link that saves the file under `fileName`. */
  url?: string;
  /** When failed. */
  failure?: ExportJobFailure;
}

/** Whether a job has reached an end (nothing more will change). */
export function exportJobSettled(state: ExportJobState): boolean {
  return state === 'ready' || state === 'failed';
}
