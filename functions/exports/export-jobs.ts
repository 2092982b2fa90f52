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
import type { EnquiryFilter } from '../../shared/enquiries/enquiry';
import {
  EXPORT_JOB_FAILURES,
  EXPORT_LINK_LIFETIME_MS,
  EXPORT_STALL_MS,
  type ExportJobFailure,
  type ExportJobView,
  exportJobSettled,
} from '../../shared/exports/export-jobs';
import type { AppDeps } from '../deps';
import type { ExportJob } from './ports';
import type { ExportWorkerDeps } from './export-worker-deps';
import { runClaimedJob } from './export-job-run';

/**
 * A job is kept a day after it started (the table's TTL), as long as the
 * bucket keeps its file (a one-day lifecycle rule): well past the hour its
 * file is handed out (EXPORT_LINK_LIFETIME_MS), so a late ask is told the
 * export has expired rather than that there is no such export.
 */
export const EXPORT_JOB_KEPT_SECONDS = 24 * 60 * 60;
/** Lambda's longest run: the worker's time limit (routes.ts). */
export const EXPORT_WORKER_TIMEOUT_SECONDS = 15 * 60;
/**
 * The longest a staff member's export lock holds: Lambda keeps the worker's
 * event for up to EXPORT_STALL_MS, then runs it for at most
 * EXPORT_WORKER_TIMEOUT_SECONDS. A lock still held after that belongs to a
 * worker that died without releasing it (a crash, the time limit, memory),
 * so it no longer stops the next export.
 */
export const EXPORT_OWNER_LOCK_SECONDS = EXPORT_STALL_MS / 1000 + EXPORT_WORKER_TIMEOUT_SECONDS;
/** How long a download link works at most: the back office follows it at once. */
export const DOWNLOAD_WINDOW_SECONDS = 5 * 60;

/** The staff member has an export queued or running: nothing was started (the route answers 409 naming it). */
export class ExportUnderWay extends Error {
  constructor(readonly jobId: string) {
    super('an export of the same staff member is under way');
    this.name = 'ExportUnderWay';
  }
}

/** Lets the owner start the next export; a failure to is logged, and the lock runs out on its own (EXPORT_OWNER_LOCK_SECONDS). */
async function releaseOwnerLock(
  deps: Pick<AppDeps, 'exportJobs' | 'log'>,
  job: Pick<ExportJob, 'owner' | 'jobId'>,
): Promise<void> {
  await deps.exportJobs.releaseOwnerLock(job.owner, job.jobId).catch((error: unknown) => {
    deps.log.warn('export lock not released', {
      jobId: job.jobId,
      errorName: error instanceof Error ? error.name : typeof error,
    });
  });
}

/**
 * Takes the owner's export lock, records a new job and starts the worker on
 * it. An export of the owner's still under way refuses it (ExportUnderWay)
 * before anything is recorded; a job that cannot be recorded or whose worker
 * cannot be started releases the lock (the latter is left failed).
 */
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
    expiresAt: Math.floor(now / 1000) + EXPORT_JOB_KEPT_SECONDS,
  };
  const underWay = await deps.exportJobs.takeOwnerLock(
    job.owner,
    job.jobId,
    Math.floor(now / 1000) + EXPORT_OWNER_LOCK_SECONDS,
  );
  if (underWay !== undefined) throw new ExportUnderWay(underWay);
  try {
    await deps.exportJobs.create(job);
  } catch (error) {
    await releaseOwnerLock(deps, job);
    throw error;
  }
  try {
    await deps.exportWorker.start(job.jobId);
  } catch (error) {
    deps.log.error('export worker not started', {
      jobId: job.jobId,
      errorName: error instanceof Error ? error.name : typeof error,
    });
    await deps.exportJobs.transition(job.jobId, { status: 'queued' }, { status: 'failed', failure: 'stalled' });
    await releaseOwnerLock(deps, job);
    throw error;
  }
  return job;
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
 *
 * Whichever way a run it claimed ends, it releases its owner's export lock.
 */
export async function runExportJob(deps: ExportWorkerDeps, jobId: string): Promise<ExportJob['status'] | 'skipped'> {
  const job = await deps.exportJobs.get(jobId);
  if (job?.status !== 'queued') return 'skipped';
  const claimedAt = deps.clock.now();
  if (!(await deps.exportJobs.transition(jobId, { status: 'queued' }, { status: 'running', updatedAt: claimedAt })))
    return 'skipped';
  try {
    return await runClaimedJob(deps, job, claimedAt);
  } finally {
    await releaseOwnerLock(deps, job);
  }
}

/**
 * A job as its owner sees it (and the job itself, for the access log); a
 * ready job whose file may no longer be handed out; or none, and whether
 * that is because it is someone else's.
 */
export type ExportJobReading =
  | { kind: 'job'; view: ExportJobView; job: ExportJob }
  | { kind: 'expired'; job: ExportJob }
  | { kind: 'none'; someoneElses: boolean };

/** Whole seconds a ready job's file may still be handed out (0 once EXPORT_LINK_LIFETIME_MS has passed since it was made). */
export function linkSecondsLeft(job: ExportJob, now: number): number {
  // A job made ready before readyAt was recorded was made ready at its last update.
  const readyAt = job.readyAt ?? job.updatedAt;
  return Math.max(0, Math.floor((readyAt + EXPORT_LINK_LIFETIME_MS - now) / 1000));
}

/**
 * A job for the one who started it (a job that never was or has been
 * forgotten is none). A job silent past EXPORT_STALL_MS is failed here, once:
 * a worker that wakes up later finds it taken away. A ready job whose file
 * an erasure has removed is failed too. A ready job's link is signed for the
 * time its file may still be handed out, at most DOWNLOAD_WINDOW_SECONDS;
 * once that time is over, the job is `expired` and no link is signed.
 */
export async function readExportJob(
  deps: Pick<AppDeps, 'exportJobs' | 'exports' | 'clock' | 'log'>,
  jobId: string,
  viewer: string,
): Promise<ExportJobReading> {
  let job = await deps.exportJobs.get(jobId);
  if (!job || job.owner !== viewer) return { kind: 'none', someoneElses: job !== undefined };
  const secondsLeft = job.status === 'ready' ? linkSecondsLeft(job, deps.clock.now()) : 0;
  if (job.status === 'ready' && secondsLeft === 0) return { kind: 'expired', job };
  if (!exportJobSettled(job.status) && deps.clock.now() - job.updatedAt > EXPORT_STALL_MS)
    job = await failJob(deps, job, 'stalled');
  else if (job.status === 'ready' && !(job.fileKey && (await deps.exports.exists(job.fileKey))))
    job = await failJob(deps, job, 'erased');
  if (!job) return { kind: 'none', someoneElses: false };
  const view = jobView(job);
  if (job.status === 'ready' && job.fileKey)
    view.url = await deps.exports.downloadUrl(
      job.fileKey,
      job.fileName,
      Math.min(DOWNLOAD_WINDOW_SECONDS, secondsLeft),
    );
  return { kind: 'job', view, job };
}

/**
 * Fails a job still as read (a worker or another reader may have changed it
 * first: then it is read again). A stalled job's worker is gone, so its
 * owner's lock is released here.
 */
async function failJob(
  deps: Pick<AppDeps, 'exportJobs' | 'clock' | 'log'>,
  job: ExportJob,
  failure: ExportJobFailure,
): Promise<ExportJob | undefined> {
  const failed = await deps.exportJobs.transition(
    job.jobId,
    { status: job.status, updatedAt: job.updatedAt },
    { status: 'failed', failure, updatedAt: deps.clock.now() },
  );
  if (!failed) return deps.exportJobs.get(job.jobId);
  await releaseOwnerLock(deps, job);
  return { ...job, status: 'failed', failure };
}

/** What the API says about a job (the export route when it starts one, the status route after). */
export function jobView(job: ExportJob): ExportJobView {
  const view: ExportJobView = {
    jobId: job.jobId,
    status: job.status,
    rowsWritten: job.rowsWritten,
    rowsTotal: job.rowsTotal,
    fileName: job.fileName,
  };
  if (job.status === 'failed') {
    const failure = job.failure ?? 'stalled';
    view.failure = failure;
    view.message = EXPORT_JOB_FAILURES[failure];
  }
  return view;
}
