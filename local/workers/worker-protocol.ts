/**
 * What the local stack (local/workers/workers.ts) and an export worker process
 * (local/workers/worker-process.ts) say to each other: the setup handed over in a
 * variable, a job to run, and how it ended.
 */
import type { runExportJob } from '../../functions/exports/export-jobs';
import type { AwsClientOptions } from '../../functions/platform/wiring/aws';

/** The variable that hands the worker process its settings and emulator endpoints. */
export const WORKER_SETUP_VARIABLE = 'LOCAL_WORKER_SETUP';

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
  | {
      jobId: string;
      outcome: Awaited<ReturnType<typeof runExportJob>>;
      ms: number;
      cpuMs: number;
      maxRssKiB: number;
      startRss: number;
      peaks: MemoryPeaks;
    }
  | { jobId: string; outcome: 'crashed'; errorName: string };
