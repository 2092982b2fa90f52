/**
 * The background workers of production (functions the API starts with an
 * asynchronous Lambda invocation), on the local stack. By default each runs
 * in a Node process of its own (local/workers/worker-process.ts), started at the
 * first job and kept for the next ones, as a warm Lambda instance is: the
 * worker's reading and CSV writing then use the second core while the
 * stack's process serves the emulators. A stack on a test's clock runs them
 * in its own process instead, on that clock. Either way a start only hands
 * the job over, so the route that starts it answers first, as on AWS;
 * `idle()` waits for every run.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { Log } from '../../functions/platform/logging';
import { runExportJob } from '../../functions/exports/export-jobs';
import type { ExportWorkerDeps } from '../../functions/exports/export-worker-deps';
import type { LambdaDeps } from '../../functions/exports/adapters/lambda';
import { WORKER_SETUP_VARIABLE, type WorkerDone, type WorkerProcessSetup, type WorkerRun } from './worker-protocol';

export interface LocalWorkers extends LambdaDeps {
  /** Resolves once no worker is running. */
  idle(): Promise<void>;
  /** Waits for the running jobs, then ends the worker process. */
  stop(): Promise<void>;
}

/** Tracks runs so `idle()` can wait for them. */
function runTracker() {
  const running = new Set<Promise<void>>();
  return {
    track(run: Promise<void>) {
      const tracked = run.finally(() => running.delete(tracked));
      running.add(tracked);
    },
    async idle() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}

const failureName = (error: unknown) => (error instanceof Error ? error.name : typeof error);

/** Workers run in this process, on the stack's own dependencies (and clock). */
export function inProcessWorkers(deps: () => ExportWorkerDeps, log: Log): LocalWorkers {
  const runs = runTracker();
  return {
    exportWorker: {
      async start(jobId) {
        runs.track(
          new Promise((next) => setImmediate(next))
            .then(() => runExportJob(deps(), jobId))
            .then(
              (outcome) => log.debug('export run', { jobId, outcome }),
              // The worker records its own failures on the job; this one it could not (the job then stalls, as on AWS).
              (error: unknown) => log.error('export worker failed', { jobId, errorName: failureName(error) }),
            ),
        );
      },
    },
    idle: () => runs.idle(),
    stop: () => runs.idle(),
  };
}

/** Workers in a Node process of their own, started at the first job; a process that dies is started again at the next. */
export function processWorkers(setup: WorkerProcessSetup, log: Log): LocalWorkers {
  const runs = runTracker();
  const waiting = new Map<string, () => void>();
  let child: ChildProcess | undefined;

  const processOf = (): ChildProcess => {
    if (child?.connected) return child;
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    const started = fork(new URL('./worker-process.ts', import.meta.url), [], {
      execArgv: ['--import', tsx],
      env: { ...process.env, [WORKER_SETUP_VARIABLE]: JSON.stringify(setup) },
      serialization: 'json',
    });
    started.on('message', (message: WorkerDone) => {
      if (message.outcome === 'crashed')
        log.error('export worker failed', { jobId: message.jobId, errorName: message.errorName });
      else
        log.debug('export run', {
          jobId: message.jobId,
          outcome: message.outcome,
          ms: message.ms,
          maxRssKiB: message.maxRssKiB,
        });
      waiting.get(message.jobId)?.();
    });
    // A job the process took with it stalls, and the status route fails it, as when a Lambda runs out of time or memory.
    const releaseAll = () => {
      for (const done of [...waiting.values()]) done();
    };
    started.on('exit', (code) => {
      if (code) log.error('export worker process ended', { code });
      releaseAll();
    });
    started.on('error', (error) => {
      log.error('export worker process failed', { errorName: failureName(error) });
      releaseAll();
    });
    child = started;
    return started;
  };

  return {
    exportWorker: {
      async start(jobId) {
        const run: WorkerRun = { jobId };
        const ended = new Promise<void>((done) => {
          waiting.set(jobId, () => {
            waiting.delete(jobId);
            done();
          });
        });
        try {
          processOf().send(run);
        } catch (error) {
          // Not handed over: the route fails the job, as when Lambda refuses an invocation.
          waiting.get(jobId)?.();
          throw error;
        }
        runs.track(ended);
      },
    },
    idle: () => runs.idle(),
    async stop() {
      await runs.idle();
      if (!child?.connected) return;
      const ended = new Promise((done) => child?.once('exit', done));
      child.disconnect();
      await ended;
    },
  };
}
