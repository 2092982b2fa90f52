/**
 * One run of a background export that a worker claimed
 * (functions/exports/export-jobs.ts, runExportJob): the CSV streamed to the
 * export bucket with its progress reported on the job, written again while
 * enquiries are removed under it, and the job ended ready or failed.
 */
import { csvHeader } from '../../shared/exports/csv';
import type { ExportJobFailure } from '../../shared/exports/export-jobs';
import type { AppDeps } from '../deps';
import type { ExportJob } from './ports';
import { listName, removedCounter } from '../enquiries/enquiry-lists';
import { type ExportPlan, exportCsvChunks, planExport } from './export-reading';
import type { ExportWorkerDeps } from './export-worker-deps';

/** The worker reports its progress (and so shows it is alive) every this many rows. */
export const PROGRESS_EVERY_ROWS = 5_000;

/** Runs of one job when enquiries keep being removed while it writes (each run replaces the file of the one before). */
export const EXPORT_ATTEMPTS = 3;

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

/** The run of a job this worker claimed at `claimedAt` (its first sign of life). */
export async function runClaimedJob(
  deps: ExportWorkerDeps,
  job: ExportJob,
  claimedAt: number,
): Promise<'ready' | 'failed'> {
  const { jobId } = job;
  let beat = claimedAt;
  const running = { ...job, status: 'running' as const };
  const fileKey = exportFileKey(jobId, job.fileName);

  /** Records progress only while the job is still this worker's (nobody failed it meanwhile). */
  const report = async (change: { rowsWritten: number; rowsTotal?: number }) => {
    const now = deps.clock.now();
    if (
      !(await deps.exportJobs.transition(jobId, { status: 'running', updatedAt: beat }, { ...change, updatedAt: now }))
    )
      throw new ExportTakenAway();
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
        const now = deps.clock.now();
        const ended = await deps.exportJobs.transition(
          jobId,
          { status: 'running', updatedAt: beat },
          { status: 'ready', rowsWritten, fileKey, readyAt: now, updatedAt: now },
        );
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
  await deps.exportJobs.transition(
    job.jobId,
    { status: job.status, updatedAt: job.updatedAt },
    { status: 'failed', failure: error.failure, updatedAt: deps.clock.now() },
  );
  return 'failed';
}
