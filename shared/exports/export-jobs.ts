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
 * Why a job failed, with what the API says about it (the back office says
 * it in Korean): reading the enquiries failed, the export bucket refused the
 * file, the worker stopped reporting (it crashed, ran out of time or memory,
 * or never started), or enquiries were erased while it ran or its file was
 * removed by an erasure (a file must never hold an erased enquiry).
 */
export const EXPORT_JOB_FAILURES = {
  reading: 'The enquiries could not be read; please start the export again.',
  storage: 'The export bucket refused the file; nothing was kept. Please start the export again.',
  stalled: 'The export stopped before it was finished; please start it again.',
  erased: 'Enquiries were erased while the export ran, or its file was removed by an erasure; please start it again.',
} as const;
export type ExportJobFailure = keyof typeof EXPORT_JOB_FAILURES;

/**
 * A job not heard from for this long has stopped: far longer than a worker
 * takes between two progress reports, and than Lambda takes to start it (its
 * asynchronous event is dropped at this age, infra/constructs/workers.ts).
 */
export const EXPORT_STALL_MS = 60_000;

/**
 * A finished export's file is handed out for an hour after it was made: past
 * that the status route answers 410 `expired` and gives no link, and no link
 * it gave works beyond that hour (each is signed for the time left, at most
 * a few minutes). A new export makes a new file.
 */
export const EXPORT_LINK_LIFETIME_MS = 60 * 60_000;
export const EXPORT_EXPIRED_MESSAGE =
  "This export's file was made more than an hour ago and is no longer handed out. Please start a new export.";

/**
 * One export at a time per staff member: starting one while an earlier one is
 * queued or running is refused with 409 and this body, naming the one under
 * way so the page can follow it instead.
 */
export interface ExportUnderWayBody {
  error: 'conflict';
  message: string;
  jobId: string;
}
export const EXPORT_UNDER_WAY_MESSAGE =
  'You have an export under way already; nothing new was started. Follow that one, and start another once it has finished.';

/** What the API answers about a job. */
export interface ExportJobView {
  jobId: string;
  status: ExportJobState;
  /** Rows written so far, and how many the filter held when the job started (rows removed meanwhile make the file shorter). */
  rowsWritten: number;
  rowsTotal: number;
  fileName: string;
  /** When ready: a short-lived link that saves the file under `fileName` (never past EXPORT_LINK_LIFETIME_MS after the file was made). */
  url?: string;
  /** When failed: why, and the sentence for a script (EXPORT_JOB_FAILURES). */
  failure?: ExportJobFailure;
  message?: string;
}

/** Whether a job has reached an end (nothing more will change). */
export function exportJobSettled(state: ExportJobState): boolean {
  return state === 'ready' || state === 'failed';
}
