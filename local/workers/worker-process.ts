/**
 * The export worker in a Node process of its own, as Lambda runs it: its
 * settings and the emulators' endpoints come in LOCAL_WORKER_SETUP. Forked
 * by local/workers/workers.ts, it runs each job it is sent ({ jobId }) and answers
 * when the job has ended. Run directly with a job id
 * (`node --import tsx local/workers/worker-process.ts <jobId>`) it runs that one job
 * and prints its outcome, time and the process's peak memory as one JSON
 * line (bench/staff-export.ts measures the worker so).
 */
import { createLog } from '../../functions/platform/logging';
import { runExportJob } from '../../functions/exports/export-jobs';
import { exportWorkerDeps } from '../../functions/exports/adapters/worker-wiring';
import {
  type MemoryPeaks,
  WORKER_SETUP_VARIABLE,
  type WorkerDone,
  type WorkerProcessSetup,
  type WorkerRun,
} from './worker-protocol';

async function main() {
  const setup = JSON.parse(process.env[WORKER_SETUP_VARIABLE] ?? 'null') as WorkerProcessSetup | null;
  if (!setup) throw new Error(`${WORKER_SETUP_VARIABLE} is not set: local/workers/workers.ts starts this process`);
  const deps = exportWorkerDeps(setup.settings, setup.aws, createLog(setup.logLevel));

  const run = async ({ jobId }: WorkerRun): Promise<WorkerDone> => {
    const start = performance.now();
    const cpu = process.cpuUsage();
    const startRss = process.memoryUsage().rss;
    const peaks: MemoryPeaks = { rss: 0, heapUsed: 0, external: 0 };
    const sample = () => {
      const usage = process.memoryUsage();
      peaks.rss = Math.max(peaks.rss, usage.rss);
      peaks.heapUsed = Math.max(peaks.heapUsed, usage.heapUsed);
      peaks.external = Math.max(peaks.external, usage.external);
    };
    const sampler = setInterval(sample, 50);
    try {
      const outcome = await runExportJob(deps, jobId);
      const used = process.cpuUsage(cpu);
      sample();
      return {
        jobId,
        outcome,
        ms: performance.now() - start,
        cpuMs: (used.user + used.system) / 1000,
        maxRssKiB: process.resourceUsage().maxRSS,
        startRss,
        peaks,
      };
    } catch (error) {
      return { jobId, outcome: 'crashed', errorName: error instanceof Error ? error.name : typeof error };
    } finally {
      clearInterval(sampler);
    }
  };

  const send = process.send?.bind(process);
  if (send) {
    process.on('message', (message: WorkerRun) => void run(message).then((done) => send(done)));
    return;
  }
  const jobId = process.argv[2];
  if (!jobId) throw new Error('usage: node --import tsx local/workers/worker-process.ts <jobId>');
  console.log(JSON.stringify(await run({ jobId })));
}

await main();
