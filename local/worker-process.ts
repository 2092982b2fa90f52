/**
 * The export worker in a Node process of its own, as Lambda runs it: its
 * settings and the emulators' endpoints come in LOCAL_WORKER_SETUP. Forked
 * by local/workers.ts, it runs each job it is sent ({ jobId }) and answers
 * when the job has ended. Run directly with a job id
 * (`node --import tsx local/worker-process.ts <jobId>`) it runs that one job
 * and prints its outcome, time and the process's peak memory as one JSON
 * line (bench/staff-export.ts measures the worker so).
 */
import { createLog } from '../functions/logging';
import { runExportJob } from '../functions/exports/export-jobs';
import type { AwsClientOptions } from '../functions/wiring/aws';
import { exportWorkerDeps } from '../functions/wiring/export-worker';
import { WORKER_SETUP_VARIABLE } from './workers';

export interface WorkerProcessSetup {
  /** The stack's settings (the worker reads those its `uses` need). */
  settings: Record<string, string>;
  aws: AwsClientOptions;
  logLevel: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT';
}

export interface WorkerRun {
  jobId: string;
}

/** Peaks of what the process held while a job ran, in bytes (sampled every 50 ms). */
export interface MemoryPeaks {
  rss: number;
  heapUsed: number;
  /** Buffers and other memory outside V8's heap (the upload's parts among them). */
  external: number;
}

export type WorkerDone =
  | { jobId: string; outcome: Awaited<ReturnType<typeof runExportJob>>; ms: number; cpuMs: number; maxRssKiB: number; startRss: number; peaks: MemoryPeaks }
  | { jobId: string; outcome: 'crashed'; errorName: string };

async function main() {
  const setup = JSON.parse(process.env[WORKER_SETUP_VARIABLE] ?? 'null') as WorkerProcessSetup | null;
  if (!setup) throw new Error(`${WORKER_SETUP_VARIABLE} is not set: local/workers.ts starts this process`);
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
      return { jobId, outcome, ms: performance.now() - start, cpuMs: (used.user + used.system) / 1000, maxRssKiB: process.resourceUsage().maxRSS, startRss, peaks };
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
  if (!jobId) throw new Error('usage: node --import tsx local/worker-process.ts <jobId>');
  console.log(JSON.stringify(await run({ jobId })));
}

await main();
