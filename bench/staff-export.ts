/**
 * CSV exports in the background, measured: a scratch stack per size holding
 * that many enquiries (BENCH_EXPORT_ROWS, default 100,000 and 200,000); the
 * export of everything through the API (the route answers 202 at once, the
 * worker runs in a process of its own as `npm start` runs it) until the
 * status route says ready, twice (the first also starts the worker process),
 * then its download; and the worker alone in a
 * fresh Node process, as a Lambda runs it, for its time, rows a second and
 * peak memory (maxRSS of that process), once as Lambda would run it and once
 * with its heap capped far below. `npm run bench:export` runs it;
 * `npm run bench:staff` runs it after its own figures. Figures from a loaded
 * 2-core machine: the CPU times printed show what an idle one would do.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { documentClient } from '../functions/platform/wiring/dynamodb-client';
import { startExportJob } from '../functions/exports/export-jobs';
import { exportFileName } from '../shared/exports/csv';
import { apiPath } from '../shared/routes';
import type { ExportJobView } from '../shared/exports/export-jobs';
import type { ScratchStack } from '../local/scratch-stack';
import { seedEnquiries } from '../local/seed/enquiries';
import { WORKER_SETUP_VARIABLE, type WorkerDone, type WorkerProcessSetup } from '../local/workers/worker-protocol';
import { EXPORT_POLL_MS } from '../site/src/staff/message-box/export-api';
import { recordFigure } from './figures';
import { BENCH_STAFF, benchStack, benchToken, timed } from './support';

const ROOT = resolve(import.meta.dirname, '..');

export interface ExportFigures {
  rows: number;
  /** Request to the status route saying ready, through the API: the first export (the worker process starts), and the next. */
  coldMs: number;
  readyMs: number;
  /** When the page, asking every EXPORT_POLL_MS, saw it ready. */
  seenMs: number;
  /** The download of the finished file through its link. */
  downloadMs: number;
  bytes: number;
  /** The worker alone in a fresh process, and again with its heap capped at CAPPED_HEAP_MIB. */
  worker: WorkerFigures;
  capped: WorkerFigures;
}

/** The V8 old-space cap the worker must still finish within: far below a Lambda's memory. */
const CAPPED_HEAP_MIB = 64;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mib = (bytes: number) => bytes / 1024 / 1024;
const perSecond = (rows: number, ms: number) => `${Math.round(rows / (ms / 1000)).toLocaleString('en')} rows/s`;
const memory = (run: WorkerFigures) =>
  `peak RSS ${run.peakRssMiB.toFixed(0)} MiB (${run.startRssMiB.toFixed(0)} MiB with its modules loaded; peaks of ${run.peakHeapMiB.toFixed(0)} MiB V8 heap, ${run.peakExternalMiB.toFixed(0)} MiB buffers)`;

interface ApiExport {
  view: ExportJobView;
  /** From the request to the job turning ready (the worker's own timestamp), and to the page's poll seeing it. */
  readyMs: number;
  seenMs: number;
}

/** Starts the export of everything and asks for its state as the message box does until it is ready. */
async function exportThroughApi(stack: ScratchStack, token: string): Promise<ApiExport> {
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
  const requested = Date.now();
  const started = await fetch(`${stack.url}${apiPath('exportCsv')}`, { headers });
  if (started.status !== 202) throw new Error(`export answered ${started.status}: ${await started.text()}`);
  const location = started.headers.get('location') ?? '';
  for (;;) {
    await new Promise((next) => setTimeout(next, EXPORT_POLL_MS));
    const response = await fetch(`${stack.url}${location}`, { headers });
    const view = (await response.json()) as ExportJobView;
    if (view.status === 'failed') throw new Error(`export failed: ${view.message}`);
    if (view.status !== 'ready') continue;
    const seenMs = Date.now() - requested;
    const job = await stack.deps.exportJobs.get(view.jobId);
    return { view, readyMs: (job?.updatedAt ?? Date.now()) - requested, seenMs };
  }
}

interface WorkerFigures {
  ms: number;
  /** CPU time of the worker process, and of the stack's process (the emulators) meanwhile. */
  cpuMs: number;
  stackCpuMs: number;
  /** Peak RSS of the process (maxRSS), its RSS when the job started (modules loaded), and the peaks of V8's heap and of buffers outside it. */
  peakRssMiB: number;
  startRssMiB: number;
  peakHeapMiB: number;
  peakExternalMiB: number;
  rows: number;
}

/**
 * Runs the export worker on a new job in a Node process of its own, as
 * Lambda would (`heapMiB` caps V8's old space, to show how little the worker
 * holds: its RSS otherwise grows with V8's lazy collection, not with rows).
 */
async function workerProcess(stack: ScratchStack, heapMiB?: number): Promise<WorkerFigures> {
  const job = await startExportJob(
    {
      exportJobs: stack.deps.exportJobs,
      clock: stack.deps.clock,
      log: stack.deps.log,
      exportWorker: { start: async () => undefined },
    },
    { filter: {}, owner: BENCH_STAFF.email, fileName: exportFileName(Date.now()), rowsTotal: 0 },
  );
  const setup: WorkerProcessSetup = { settings: stack.settings, aws: stack.aws, logLevel: 'WARN' };
  const env = { ...process.env, [WORKER_SETUP_VARIABLE]: JSON.stringify(setup) };
  const stackCpu = process.cpuUsage();
  const flags = heapMiB ? [`--max-old-space-size=${heapMiB}`] : [];
  const child = spawn(
    process.execPath,
    [...flags, '--import', 'tsx', resolve(ROOT, 'local/workers/worker-process.ts'), job.jobId],
    { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const code = await new Promise<number | null>((done) => child.on('close', done));
  const stackUsed = process.cpuUsage(stackCpu);
  if (code !== 0) throw new Error(`worker process exited ${code}: ${output}`);
  const result = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as WorkerDone;
  if (result.outcome !== 'ready') throw new Error(`worker ended ${result.outcome}`);
  const finished = await stack.deps.exportJobs.get(job.jobId);
  return {
    ms: result.ms,
    cpuMs: result.cpuMs,
    stackCpuMs: (stackUsed.user + stackUsed.system) / 1000,
    peakRssMiB: result.maxRssKiB / 1024,
    startRssMiB: mib(result.startRss),
    peakHeapMiB: mib(result.peaks.heapUsed),
    peakExternalMiB: mib(result.peaks.external),
    rows: finished?.rowsWritten ?? 0,
  };
}

export async function measureExports(sizes: number[]): Promise<ExportFigures[]> {
  const figures: ExportFigures[] = [];
  for (const size of sizes) {
    const stack = await benchStack();
    try {
      const db = documentClient({
        region: stack.aws.region,
        credentials: stack.aws.credentials,
        endpoint: stack.aws.endpoints?.dynamodb,
      });
      const [, seedMs] = await timed(() =>
        seedEnquiries(
          db,
          {
            enquiries: stack.tableNames.enquiries,
            counters: stack.tableNames.counters,
            aggregates: stack.tableNames.aggregates,
          },
          size,
          Date.now() - 60_000,
          60_000,
          { worked: true },
        ),
      );
      db.destroy();
      const token = await benchToken(stack);
      // The first export also starts the worker process (a Lambda's cold start); the figure is the second.
      const { readyMs: coldMs } = await exportThroughApi(stack, token);
      const { view, readyMs, seenMs } = await exportThroughApi(stack, token);
      const [bytes, downloadMs] = await timed(async () => {
        const download = await fetch(view.url ?? '');
        return (await download.arrayBuffer()).byteLength;
      });
      if (view.rowsWritten !== size) throw new Error(`the file holds ${view.rowsWritten} rows, not ${size}`);
      const worker = await workerProcess(stack);
      const capped = await workerProcess(stack, CAPPED_HEAP_MIB);
      for (const run of [worker, capped])
        if (run.rows !== size) throw new Error(`the worker process wrote ${run.rows} rows, not ${size}`);
      figures.push({ rows: size, coldMs, readyMs, seenMs, downloadMs, bytes, worker, capped });
      // For `npm run bench`'s report: time to ready through the API, and the worker's peak V8 heap.
      recordFigure({ kind: 'export', rows: size, seconds: readyMs / 1000, peakHeapMiB: worker.peakHeapMiB });
      const indent = ' '.repeat(6);
      console.log(`  ${size.toLocaleString('en')} enquiries (seeded in ${seconds(seedMs)})`);
      console.log(
        `${indent}ready in ${seconds(readyMs)} (${perSecond(size, readyMs)}); the page saw it at ${seconds(seenMs)}; the first export, which also started the worker process: ${seconds(coldMs)}`,
      );
      console.log(`${indent}file ${mib(bytes).toFixed(1)} MiB, downloaded in ${seconds(downloadMs)}`);
      console.log(
        `${indent}worker alone: ${seconds(worker.ms)} (${perSecond(size, worker.ms)}), CPU ${seconds(worker.cpuMs)} in the worker and ${seconds(worker.stackCpuMs)} in the stack's process (the emulators)`,
      );
      console.log(`${indent}              ${memory(worker)}`);
      console.log(`${indent}heap capped at ${CAPPED_HEAP_MIB} MiB: ${seconds(capped.ms)}, ${memory(capped)}`);
    } finally {
      await stack.dispose();
    }
  }
  return figures;
}

/** Sizes to measure, e.g. `BENCH_EXPORT_ROWS=100000` or `100000,200000` (the default). */
export function exportSizes(): number[] {
  const sizes = (process.env['BENCH_EXPORT_ROWS'] ?? '100000,200000').split(',').map((size) => Number(size.trim()));
  if (sizes.some((size) => !Number.isInteger(size) || size < 1))
    throw new Error('BENCH_EXPORT_ROWS: whole numbers from 1, separated by commas');
  return sizes;
}

export const EXPORT_HEADING = `CSV export of every enquiry in the background (GET /api/export.csv -> 202, then GET /api/export/{jobId} every ${EXPORT_POLL_MS} ms, as the message box asks, until ready)`;

if (import.meta.main) {
  console.log(EXPORT_HEADING);
  await measureExports(exportSizes());
}
