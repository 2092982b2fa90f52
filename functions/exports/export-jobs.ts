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
import { csvHeader } from '../../shared/exports/csv';
import type { EnquiryFilter } from '../../shared/enquiries/enquiry';
import { EXPORT_JOB_FAILURES, EXPORT_STALL_MS, type ExportJobFailure, type ExportJobView, exportJobSettled } from '../../shared/exports/export-jobs';
import type { AppDeps } from '../deps';
import type { ExportJob } from './ports';
import { listName, removedCounter } from '../enquiries/enquiry-lists';
import { type ExportPlan, type ExportReadingDeps, exportCsvChunks, planExport } from './export-reading';

/** The worker reports its progress (and so shows it is alive) every this many rows. */
export const PROGRESS_EVERY_ROWS = 5_000;
/** A job is forgotten an hour after it started (the table's TTL); its file goes with the bucket's one-day expiry. */
export const EXPORT_JOB_LIFETIME_SECONDS = 60 * 60;
/** How long a download link works: the back office follows it at once. */
export const DOWNLOAD_WINDOW_SECONDS = 5 * 60;
/** Runs of one job when enquiries keep being removed while it writes (each run replaces the file of the one before). */
export const EXPORT_ATTEMPTS = 3;

export type ExportWorkerDeps = ExportReadingDeps & Pick<AppDeps, 'exportJobs' | 'exports' | 'clock' | 'log'>;

/** A step of the export failed, which says what to report. */
class ExportStepFailed extends Error {
  constructor(
    readonly failure: ExportJobFailure,
    cause?: unknown,
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

/** A read of the enquiries, whose failure the job reports as such. */
function reading<T>(work: Promise<T>): Promise<T> {
  return work.catch((error: unknown) => {
    throw new ExportStepFailed('reading', error);
  });
}

/** Enquiries removed so far from every list (retention and erasure count each one). */
async function removals(deps: Pick<AppDeps, 'counters'>): Promise<number> {
  const counts = await Promise.all([false, true].map((spam) => deps.counters.read(removedCounter(listName(spam)))));
  return counts.reduce((sum, count) => sum + count, 0);
}

/**
 * The worker: claims a queued job (a repeated or late event finds it taken
 * and does nothing), streams its CSV to the export bucket, and ends it ready
 * or failed. Returns the state it left the job in.
 *
 * An enquiry erased while the rows are read may already be in the file: so
 * when anything was removed during a run, the file is written again (over the
 * same key), and after EXPORT_ATTEMPTS such runs it is left holding only the
 * header and the job fails. An erasure after the last check removes the
 * finished file itself, which the status route notices.
 */
export async function runExportJob(deps: ExportWorkerDeps, jobId: string): Promise<ExportJob['status'] | 'skipped'> {
  const job = await deps.exportJobs.get(jobId);
  if (job?.status !== 'queued') return 'skipped';
  let beat = deps.clock.now();
  if (!(await deps.exportJobs.transition(jobId, { status: 'queued' }, { status: 'running', updatedAt: beat }))) return 'skipped';
  const running = { ...job, status: 'running' as const };
  const fileKey = exportFileKey(jobId, job.fileName);

  /** Records progress only while the job is still this worker's (nobody failed it meanwhile). */
  const report = async (change: { rowsWritten: number; rowsTotal?: number }) => {
    const now = deps.clock.now();
    if (!(await deps.exportJobs.transition(jobId, { status: 'running', updatedAt: beat }, { ...change, updatedAt: now }))) throw new ExportTakenAway();
    beat = now;
  };

  try {
    for (let attempt = 1; attempt <= EXPORT_ATTEMPTS; attempt += 1) {
      const removedBefore = await reading(removals(deps));
      const plan = await reading(planExport(deps, job.filter, job.owner));
      // Enquiries that arrived since the route counted are in the file: the total follows.
      await report({ rowsWritten: 0, rowsTotal: plan.total });
      const rowsWritten = await writeFile(deps, plan, fileKey, job.fileName, report);
      if ((await reading(removals(deps))) === removedBefore) {
        const ended = await deps.exportJobs.transition(jobId, { status: 'running', updatedAt: beat }, { status: 'ready', rowsWritten, fileKey, updatedAt: deps.clock.now() });
        return ended ? 'ready' : 'failed';
      }
      deps.log.info('enquiries removed during an export: writing it again', { jobId, attempt });
    }
    await deps.exports.upload(fileKey, [csvHeader()], job.fileName).catch((error: unknown) => {
      throw new ExportStepFailed('storage', error);
    });
    throw new ExportStepFailed('erased');
  } catch (error) {
    if (error instanceof ExportTakenAway) return 'failed';
    const failed = error instanceof ExportStepFailed ? error : new ExportStepFailed('storage', error);
    return fail(deps, { ...running, updatedAt: beat }, failed);
  }
}

/** Streams one run's CSV to the bucket, reporting progress every PROGRESS_EVERY_ROWS rows; the rows written. */
async function writeFile(
  deps: ExportWorkerDeps,
  plan: ExportPlan,
  fileKey: string,
  fileName: string,
  report: (change: { rowsWritten: number }) => Promise<void>,
): Promise<number> {
  let rowsWritten = 0;
  let reported = 0;
  async function* csv(): AsyncGenerator<string> {
    const chunks = exportCsvChunks(deps, plan);
    for (;;) {
      const next = await reading(chunks.next());
      if (next.done) return;
      yield next.value.text;
      rowsWritten += next.value.rows;
      if (rowsWritten - reported >= PROGRESS_EVERY_ROWS) {
        reported = rowsWritten;
        await report({ rowsWritten });
      }
    }
  }
  // A failed upload leaves no object: a single PUT is never sent, a multipart upload is aborted.
  await deps.exports.upload(fileKey, csv(), fileName);
  return rowsWritten;
}

async function fail(deps: ExportWorkerDeps, job: ExportJob, error: ExportStepFailed): Promise<'failed'> {
  const cause = error.cause;
  deps.log.error('export failed', {
    jobId: job.jobId,
    failure: error.failure,
    errorName: cause instanceof Error ? cause.name : typeof cause,
    errorMessage: cause instanceof Error ? cause.message : undefined,
  });
  await deps.exportJobs.transition(job.jobId, { status: job.status, updatedAt: job.updatedAt }, { status: 'failed', failure: error.failure, updatedAt: deps.clock.now() });
  return 'failed';
}

/** A job as its owner sees it (and the job itself, for the access log); nothing (and whether that is because it is someone else's) otherwise. */
export type ExportJobReading = { view: ExportJobView; job: ExportJob } | { view?: undefined; someoneElses: boolean };

/**
 * A job for the one who started it (a job that never was or has expired is
 * none). A job silent past EXPORT_STALL_MS is failed here, once: a worker
 * that wakes up later finds it taken away. A ready job whose file an erasure
 * has removed is failed too.
 */
export async function readExportJob(deps: Pick<AppDeps, 'exportJobs' | 'exports' | 'clock'>, jobId: string, viewer: string): Promise<ExportJobReading> {
  let job = await deps.exportJobs.get(jobId);
  if (!job || job.owner !== viewer) return { someoneElses: job !== undefined };
  if (!exportJobSettled(job.status) && deps.clock.now() - job.updatedAt > EXPORT_STALL_MS) job = await failJob(deps, job, 'stalled');
  else if (job.status === 'ready' && !(job.fileKey && (await deps.exports.exists(job.fileKey)))) job = await failJob(deps, job, 'erased');
  if (!job) return { someoneElses: false };
  const view = jobView(job);
  if (job.status === 'ready' && job.fileKey) view.url = await deps.exports.downloadUrl(job.fileKey, job.fileName, DOWNLOAD_WINDOW_SECONDS);
  return { view, job };
}

/** Fails a job still as read (a worker or another reader may have changed it first: then it is read again). */
async function failJob(deps: Pick<AppDeps, 'exportJobs' | 'clock'>, job: ExportJob, failure: ExportJobFailure): Promise<ExportJob | undefined> {
  const failed = await deps.exportJobs.transition(job.jobId, { status: job.status, updatedAt: job.updatedAt }, { status: 'failed', failure, updatedAt: deps.clock.now() });
  return failed ? { ...job, status: 'failed', failure } : deps.exportJobs.get(job.jobId);
}

/** What the API says about a job (the export route when it starts one, the status route after). */
export function jobView(job: ExportJob): ExportJobView {
  const view: ExportJobView = { jobId: job.jobId, status: job.status, rowsWritten: job.rowsWritten, rowsTotal: job.rowsTotal, fileName: job.fileName };
  if (job.status === 'failed') {
    const failure = job.failure ?? 'stalled';
    view.failure = failure;
    view.message = EXPORT_JOB_FAILURES[failure];
  }
  return view;
}
