/**
 * CSV exports in the background. The export route starts a job and the
 * export worker (a function of its own, started asynchronously) streams the
 * rows to the export bucket, reporting its progress on the job as it goes;
 * the status route reads the job back for the one who started it, with a
 * short-lived download link once the file is there. A worker that stops
 * reporting (a crash, the time limit, memory) is found out by the status
 * route, which then marks the job failed.
 */
import { randomUUID } from 'node:crypto';
import type { EnquiryFilter } from '../../shared/enquiry';
import { type ExportJobFailure, type ExportJobView, exportJobSettled } from '../../shared/export-jobs';
import type { AppDeps } from '../deps';
import type { ExportJob } from '../ports';
import { type ExportPlan, exportCsvChunks, planExport } from './export-reading';

/** A job not heard from for this long has stopped: far longer than a worker takes between two progress reports. */
export const EXPORT_STALL_MS = 60_000;
/** The worker reports its progress (and so shows it is alive) every this many rows. */
export const PROGRESS_EVERY_ROWS = 5_000;
/** A job is forgotten an hour after it started (the table's TTL); its file goes with the bucket's one-day expiry. */
export const EXPORT_JOB_LIFETIME_SECONDS = 60 * 60;
/** How long a download link works: the back office follows it at once. */
export const DOWNLOAD_WINDOW_SECONDS = 5 * 60;

export type ExportWorkerDeps = Pick<AppDeps, 'enquiries' | 'counters' | 'exportJobs' | 'exports' | 'clock' | 'log'>;

/** A step of the export failed, which says what to report. */
class ExportStepFailed extends Error {
  constructor(
    readonly failure: ExportJobFailure,
    cause: unknown,
  ) {
    super(`export ${failure} failed`, { cause });
    this.name = 'ExportStepFailed';
  }
}

/** The job no longer runs for this worker: the status route found it stalled and failed it. */
class ExportTakenAway extends Error {
  constructor() {
    super('the job was marked failed while the worker ran');
    this.name = 'ExportTakenAway';
  }
}

export function exportFileKey(jobId: string, fileName: string): string {
  return `exports/${jobId}/${fileName}`;
}

/** Records a new job and starts the worker on it; a worker that cannot be started leaves the job failed. */
export async function startExportJob(
  deps: Pick<AppDeps, 'exportJobs' | 'exportWorker' | 'clock' | 'log'>,
  request: { filter: EnquiryFilter; owner: string; fileName: string; rowsTotal: number },
): Promise<ExportJob> {
  const now = deps.clock.now();
  const job: ExportJob = {
    jobId: randomUUID(),
    ...request,
    status: 'queued',
    rowsWritten: 0,
    createdAt: now,
    updatedAt: now,
    expiresAt: Math.floor(now / 1000) + EXPORT_JOB_LIFETIME_SECONDS,
  };
  await deps.exportJobs.create(job);
  try {
    await deps.exportWorker.start(job.jobId);
  } catch (error) {
    deps.log.error('export worker not started', { jobId: job.jobId, errorName: error instanceof Error ? error.name : typeof error });
    await deps.exportJobs.transition(job.jobId, { status: 'queued' }, { status: 'failed', failure: 'stalled' });
    throw error;
  }
  return job;
}

/**
 * The worker: claims a queued job (a repeated or late event finds it taken
 * and does nothing), streams its CSV to the export bucket, and ends it ready
 * or failed. Returns the state it left the job in.
 */
export async function runExportJob(deps: ExportWorkerDeps, jobId: string): Promise<ExportJob['status'] | 'skipped'> {
  const job = await deps.exportJobs.get(jobId);
  if (job?.status !== 'queued') return 'skipped';
  let plan: ExportPlan;
  try {
    plan = await planExport(deps, job.filter, job.owner);
  } catch (error) {
    return fail(deps, job, new ExportStepFailed('reading', error));
  }
  // Enquiries that arrived since the route counted are in the file: the total follows.
  let beat = deps.clock.now();
  if (!(await deps.exportJobs.transition(jobId, { status: 'queued' }, { status: 'running', updatedAt: beat, rowsTotal: plan.total }))) return 'skipped';

  let rowsWritten = 0;
  let reported = 0;
  const report = async () => {
    const now = deps.clock.now();
    if (!(await deps.exportJobs.transition(jobId, { status: 'running', updatedAt: beat }, { rowsWritten, updatedAt: now }))) throw new ExportTakenAway();
    beat = now;
    reported = rowsWritten;
  };
  async function* csv(): AsyncGenerator<string> {
    const chunks = exportCsvChunks(deps, plan);
    for (;;) {
      let next: IteratorResult<{ text: string; rows: number }>;
      try {
        next = await chunks.next();
      } catch (error) {
        throw new ExportStepFailed('reading', error);
      }
      if (next.done) return;
      yield next.value.text;
      rowsWritten += next.value.rows;
      if (rowsWritten - reported >= PROGRESS_EVERY_ROWS) await report();
    }
  }

  const fileKey = exportFileKey(jobId, job.fileName);
  try {
    await deps.exports.upload(fileKey, csv(), job.fileName);
  } catch (error) {
    if (error instanceof ExportTakenAway) return 'failed';
    return fail(deps, { ...job, status: 'running', updatedAt: beat }, error instanceof ExportStepFailed ? error : new ExportStepFailed('storage', error));
  }
  const ended = await deps.exportJobs.transition(jobId, { status: 'running', updatedAt: beat }, { status: 'ready', rowsWritten, fileKey, updatedAt: deps.clock.now() });
  return ended ? 'ready' : 'failed';
}

async function fail(deps: ExportWorkerDeps, job: ExportJob, error: ExportStepFailed): Promise<'failed'> {
  const cause = error.cause;
  deps.log.error('export failed', { jobId: job.jobId, failure: error.failure, errorName: cause instanceof Error ? cause.name : typeof cause, errorMessage: cause instanceof Error ? cause.message : undefined });
  await deps.exportJobs.transition(job.jobId, { status: job.status, updatedAt: job.updatedAt }, { status: 'failed', failure: error.failure, updatedAt: deps.clock.now() });
  return 'failed';
}

/** A job as its owner sees it; nothing (and whether that is because it is someone else's) otherwise. */
export type ExportJobReading = { view: ExportJobView } | { view?: undefined; someoneElses: boolean };

/**
 * A job for the one who started it (a job that never was or has expired is
 * none). A job silent past EXPORT_STALL_MS is failed here, once: a worker
 * that wakes up later finds it taken away.
 */
export async function readExportJob(deps: Pick<AppDeps, 'exportJobs' | 'exports' | 'clock'>, jobId: string, viewer: string): Promise<ExportJobReading> {
  let job = await deps.exportJobs.get(jobId);
  if (!job || job.owner !== viewer) return { someoneElses: job !== undefined };
  if (!exportJobSettled(job.status) && deps.clock.now() - job.updatedAt > EXPORT_STALL_MS) {
    const failed = await deps.exportJobs.transition(jobId, { status: job.status, updatedAt: job.updatedAt }, { status: 'failed', failure: 'stalled' });
    job = failed ? { ...job, status: 'failed', failure: 'stalled' } : await deps.exportJobs.get(jobId);
    if (!job) return { someoneElses: false };
  }
  const view: ExportJobView = { jobId, status: job.status, rowsWritten: job.rowsWritten, rowsTotal: job.rowsTotal, fileName: job.fileName };
  if (job.status === 'ready' && job.fileKey) view.url = await deps.exports.downloadUrl(job.fileKey, job.fileName, DOWNLOAD_WINDOW_SECONDS);
  if (job.status === 'failed') view.failure = job.failure ?? 'stalled';
  return { view };
}

/** What the export route answers when it starts a job. */
export function startedView(job: ExportJob): ExportJobView {
  return { jobId: job.jobId, status: job.status, rowsWritten: job.rowsWritten, rowsTotal: job.rowsTotal, fileName: job.fileName };
}
