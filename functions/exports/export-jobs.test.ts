/**
 * CSV exports in the background, on fakes: the export route answers a small
 * export itself and starts a job for a larger one; the worker writes the file
 * and reports its progress; the status route shows the job only to the one
 * who started it, hands out the file once it is whole, and fails a job whose
 * worker went silent, whose bucket refused the file, or during which
 * enquiries were erased.
 */
import { type IncomingHttpHeaders, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS } from '../../shared/exports/csv';
import {
  EXPORT_EXPIRED_MESSAGE,
  EXPORT_LINK_LIFETIME_MS,
  EXPORT_STALL_MS,
  EXPORT_UNDER_WAY_MESSAGE,
  type ExportJobView,
  type ExportUnderWayBody,
} from '../../shared/exports/export-jobs';
import { type InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { lambdaExportWorker } from './adapters/lambda-export-worker';
import { makeExportCsvHandler } from './export-csv-handler';
import { makeExportStatusHandler } from './export-status-handler';
import { removedCounter } from '../enquiries/enquiry-lists';
import { eraseSubject } from '../privacy/erasure';
import {
  DOWNLOAD_WINDOW_SECONDS,
  EXPORT_JOB_KEPT_SECONDS,
  EXPORT_OWNER_LOCK_SECONDS,
  runExportJob,
} from './export-jobs';
import { EXPORT_ATTEMPTS, PROGRESS_EVERY_ROWS } from './export-job-run';
import { backgroundDeclaration } from '../features';
import { tokenWithRole } from '../../tests/support/staff-accounts';
import { parseCsv } from '../../tests/support/csv';
import { type FakeDeps, apiEvent, bodyOf, dynamoRefused, fakeDeps } from '../../tests/support/fakes';
import { storeListedEnquiries } from '../../tests/support/listed-enquiries';

const OWNER = 'export-owner@example.test';
const COLLEAGUE = 'colleague@example.test';

function staffDeps(): FakeDeps {
  return fakeDeps({ settings: { EXPORT_INLINE_MAX_BYTES: 2_000 } });
}

/** A token of a staff member (the account made on first use). */
async function tokenOf(deps: FakeDeps, email: string): Promise<string> {
  return tokenWithRole(deps, email, 'staff');
}

async function startExport(deps: FakeDeps, token: string, query: Record<string, string> = {}) {
  const response = await makeExportCsvHandler(deps)(
    apiEvent({ method: 'GET', path: '/api/export.csv', query, headers: { authorization: `Bearer ${token}` } }),
  );
  return { response, view: (response.statusCode === 202 ? bodyOf(response) : {}) as ExportJobView };
}

async function readStatus(deps: FakeDeps, token: string, jobId: string) {
  const response = await makeExportStatusHandler(deps)(
    apiEvent({
      method: 'GET',
      path: `/api/export/${jobId}`,
      params: { jobId },
      headers: { authorization: `Bearer ${token}` },
    }),
  );
  return { response, view: bodyOf(response) as ExportJobView };
}

const fileOf = (deps: FakeDeps) => [...deps.exports.files.entries()];

/** `count` stored enquiries and a started export of all of them, by its owner. */
async function startedJob(count: number) {
  const deps = staffDeps();
  storeListedEnquiries(deps, count);
  const token = await tokenOf(deps, OWNER);
  const { view } = await startExport(deps, token);
  return { deps, token, view };
}

/** Runs the worker on a job until its first progress report, where it is held until `release()` (as a worker gone silent). */
async function workerHeldAtFirstReport(deps: FakeDeps, heldJobId: string) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const transition = deps.exportJobs.transition.bind(deps.exportJobs);
  deps.exportJobs.transition = async (jobId, expected, change) => {
    if (jobId === heldJobId && change.rowsWritten === PROGRESS_EVERY_ROWS) await held;
    return transition(jobId, expected, change);
  };
  const worker = runExportJob(deps, heldJobId);
  await new Promise((resolve) => setTimeout(resolve, 0));
  await new Promise((resolve) => setImmediate(resolve));
  return { worker, release };
}

describe('starting an export', () => {
  it('answers a small export at once, as a CSV, with nothing left in the bucket', async () => {
    const deps = staffDeps();
    storeListedEnquiries(deps, 3);
    const { response } = await startExport(deps, await tokenOf(deps, OWNER));
    expect(response.statusCode).toBe(200);
    expect(response.headers['Content-Type']).toBe('text/csv; charset=utf-8');
    expect(parseCsv((response.body ?? '').slice(1))).toHaveLength(4);
    expect(deps.exportWorker.started).toEqual([]);
    expect(fileOf(deps)).toEqual([]);
    expect(deps.accessLog.entries.map((entry) => entry.action)).toEqual(['enquiry.export']);
  });

  it('makes a larger one a job: 202 with the job and where to follow it, the worker started, nothing logged yet', async () => {
    const deps = staffDeps();
    storeListedEnquiries(deps, 40);
    const { response, view } = await startExport(deps, await tokenOf(deps, OWNER), { section: '호텔예약' });
    expect(response.statusCode).toBe(202);
    expect(view).toEqual({
      jobId: expect.any(String),
      status: 'queued',
      rowsWritten: 0,
      rowsTotal: 40,
      fileName: expect.stringMatching(/^data_\d{12}\.csv$/),
    });
    expect(response.headers['Location']).toBe(`/api/export/${view.jobId}`);
    expect(deps.exportWorker.started).toEqual([view.jobId]);
    expect((await deps.exportJobs.get(view.jobId))?.filter).toEqual({ section: '호텔예약' });
    // Nothing has left: the access log records the export when the file is handed out.
    expect(deps.accessLog.entries.map((entry) => entry.action)).toEqual([]);
  });

  it('answers 503 and leaves the job failed when the worker cannot be started', async () => {
    const deps = staffDeps();
    storeListedEnquiries(deps, 40);
    deps.exportWorker.refuse = Object.assign(new Error('Rate exceeded'), { name: 'TooManyRequestsException' });
    const { response } = await startExport(deps, await tokenOf(deps, OWNER));
    expect(response.statusCode).toBe(503);
    const [job] = [...deps.exportJobs.jobs.values()];
    expect(job).toMatchObject({ status: 'failed', failure: 'stalled' });
  });
});

describe('the worker and the status route', () => {
  it('writes the whole file, newest first, and then hands it out to its owner with the access-log entry of an export', async () => {
    const deps = staffDeps();
    storeListedEnquiries(deps, 40);
    const token = await tokenOf(deps, OWNER);
    const { view } = await startExport(deps, token, { section: '호텔예약' });

    expect((await readStatus(deps, token, view.jobId)).view).toMatchObject({ status: 'queued', rowsWritten: 0 });
    expect(await runExportJob(deps, view.jobId)).toBe('ready');

    const [[key, file] = []] = fileOf(deps);
    expect(key).toBe(`exports/${view.jobId}/${view.fileName}`);
    const rows = parseCsv((file?.body ?? '').slice(1));
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows.slice(1).map((row) => row[0])).toEqual(Array.from({ length: 40 }, (_, i) => `Visitor ${40 - i}`));

    const { response, view: ready } = await readStatus(deps, token, view.jobId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['Cache-Control']).toBe('no-store');
    expect(ready).toMatchObject({ status: 'ready', rowsWritten: 40, rowsTotal: 40, fileName: view.fileName });
    expect(ready.url).toBe(
      `https://exports.example.invalid/${key}?name=${encodeURIComponent(view.fileName)}&expires=300`,
    );
    const logged = deps.accessLog.entries.filter((entry) => entry.action === 'enquiry.export');
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0]?.target ?? '{}')).toEqual({ section: '호텔예약', rows: 40, job: view.jobId });
    expect(logged[0]?.actor).toBe(OWNER);
  });

  it('reports its progress, rows written of the total, while it writes', async () => {
    const deps = staffDeps();
    const count = PROGRESS_EVERY_ROWS * 2 + 500;
    storeListedEnquiries(deps, count);
    const token = await tokenOf(deps, OWNER);
    const { view } = await startExport(deps, token);
    const seen: { status: string; rowsWritten: number; rowsTotal: number }[] = [];
    // The progress the owner would read at each report of the worker.
    const transition = deps.exportJobs.transition.bind(deps.exportJobs);
    deps.exportJobs.transition = async (jobId, expected, change) => {
      const changed = await transition(jobId, expected, change);
      const job = await deps.exportJobs.get(jobId);
      if (job) seen.push({ status: job.status, rowsWritten: job.rowsWritten, rowsTotal: job.rowsTotal });
      return changed;
    };
    expect(await runExportJob(deps, view.jobId)).toBe('ready');
    const running = seen.filter((step) => step.status === 'running');
    expect([...new Set(running.map((step) => step.rowsWritten))]).toEqual([
      0,
      PROGRESS_EVERY_ROWS,
      PROGRESS_EVERY_ROWS * 2,
    ]);
    expect(running.every((step) => step.rowsTotal === count)).toBe(true);
    expect(seen.at(-1)).toEqual({ status: 'ready', rowsWritten: count, rowsTotal: count });
  });

  it('runs a job once: a repeated start finds it taken and does nothing', async () => {
    const { deps, view } = await startedJob(40);
    expect(await runExportJob(deps, view.jobId)).toBe('ready');
    expect(await runExportJob(deps, view.jobId)).toBe('skipped');
    expect(await runExportJob(deps, 'no-such-job')).toBe('skipped');
  });

  it('shows a job to nobody but its owner: anyone else is told there is none, and the attempt is logged', async () => {
    const { deps, view } = await startedJob(40);
    await runExportJob(deps, view.jobId);
    const colleague = await readStatus(deps, await tokenOf(deps, COLLEAGUE), view.jobId);
    expect(colleague.response.statusCode).toBe(404);
    expect(colleague.view.url).toBeUndefined();
    expect(deps.accessLog.entries.at(-1)).toMatchObject({
      actor: COLLEAGUE,
      action: 'auth.forbidden',
      target: `GET /api/export/${view.jobId}`,
    });
    expect(deps.accessLog.entries.filter((entry) => entry.action === 'enquiry.export')).toEqual([]);
    expect(
      (await readStatus(deps, await tokenOf(deps, OWNER), '6f1c2a34-0000-4000-8000-000000000000')).response.statusCode,
    ).toBe(404);
    // Without a token: 401, as every staff route.
    const anonymous = await makeExportStatusHandler(deps)(
      apiEvent({ method: 'GET', path: `/api/export/${view.jobId}`, params: { jobId: view.jobId } }),
    );
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses an id it never gives, naming the field, before reading the table', async () => {
    const { deps } = await startedJob(40);
    const token = await tokenOf(deps, OWNER);
    for (const jobId of [
      'never-started',
      'x'.repeat(3_000),
      '6F1C2A34-0000-4000-8000-000000000000',
      '6f1c2a34-0000-4000-8000-000000000000\n',
    ]) {
      const { response } = await readStatus(deps, token, jobId);
      expect(response.statusCode).toBe(400);
      expect(bodyOf(response)).toMatchObject({ fields: { jobId: expect.any(String) } });
    }
  });
});

describe('the hour a file is handed out', () => {
  const exportsHandedOut = (deps: FakeDeps) =>
    deps.accessLog.entries.filter((entry) => entry.action === 'enquiry.export').length;
  const linkSeconds = (view: ExportJobView) =>
    Number(new URL(view.url ?? 'https://none.invalid/').searchParams.get('expires'));

  it('signs each link for the time left of the hour after the file was made, never for longer', async () => {
    const { deps, token, view } = await startedJob(40);
    await runExportJob(deps, view.jobId);
    expect(linkSeconds((await readStatus(deps, token, view.jobId)).view)).toBe(DOWNLOAD_WINDOW_SECONDS);
    deps.clock.advance(EXPORT_LINK_LIFETIME_MS - 120_000);
    expect(linkSeconds((await readStatus(deps, token, view.jobId)).view)).toBe(120);
    deps.clock.advance(119_000);
    expect(linkSeconds((await readStatus(deps, token, view.jobId)).view)).toBe(1);
  });

  it('answers 410 expired, with no link, once the hour is over, and logs no export', async () => {
    const { deps, token, view } = await startedJob(40);
    await runExportJob(deps, view.jobId);
    deps.clock.advance(EXPORT_LINK_LIFETIME_MS - 1_000);
    expect((await readStatus(deps, token, view.jobId)).view.url).toBeDefined();
    const handedOut = exportsHandedOut(deps);
    // Less than a whole second left is no link.
    deps.clock.advance(1);
    const { response, view: refused } = await readStatus(deps, token, view.jobId);
    expect(response.statusCode).toBe(410);
    expect(refused).toEqual({ error: 'expired', message: EXPORT_EXPIRED_MESSAGE });
    expect(refused.url).toBeUndefined();
    expect(exportsHandedOut(deps)).toBe(handedOut);
    // Someone else is still told there is no such export.
    expect((await readStatus(deps, await tokenOf(deps, COLLEAGUE), view.jobId)).response.statusCode).toBe(404);
  });

  it('counts the hour from when the file was made, not from when the export started', async () => {
    const { deps, token, view } = await startedJob(40);
    // The worker finishes half an hour after the start (a long export).
    deps.clock.advance(30 * 60_000);
    await runExportJob(deps, view.jobId);
    deps.clock.advance(EXPORT_LINK_LIFETIME_MS - 60_000);
    expect((await readStatus(deps, token, view.jobId)).view).toMatchObject({
      status: 'ready',
      url: expect.any(String),
    });
    deps.clock.advance(60_000);
    expect((await readStatus(deps, token, view.jobId)).response.statusCode).toBe(410);
  });

  it('forgets a job a day after it started, when the bucket has let its file go', async () => {
    const { deps, view } = await startedJob(40);
    await runExportJob(deps, view.jobId);
    deps.clock.advance(EXPORT_JOB_KEPT_SECONDS * 1000 - 1_000);
    // A token of the day (the one the export began with has expired).
    expect((await readStatus(deps, await tokenOf(deps, OWNER), view.jobId)).response.statusCode).toBe(410);
    deps.clock.advance(1_000);
    expect((await readStatus(deps, await tokenOf(deps, OWNER), view.jobId)).response.statusCode).toBe(404);
  });
});

describe('one export at a time per staff member', () => {
  /** The 409 of a refused start: the export under way, and where to follow it. */
  async function refusedStart(deps: FakeDeps, token: string) {
    const { response } = await startExport(deps, token);
    expect(response.statusCode).toBe(409);
    return { body: bodyOf(response) as ExportUnderWayBody, location: response.headers['Location'] };
  }

  it('refuses a second export while the first is queued or running: 409 naming it, and nothing started', async () => {
    const { deps, token, view } = await startedJob(40);
    const queued = await refusedStart(deps, token);
    expect(queued.body).toEqual({ error: 'conflict', message: EXPORT_UNDER_WAY_MESSAGE, jobId: view.jobId });
    expect(queued.location).toBe(`/api/export/${view.jobId}`);
    await deps.exportJobs.transition(
      view.jobId,
      { status: 'queued' },
      { status: 'running', updatedAt: deps.clock.now() },
    );
    expect((await refusedStart(deps, token)).body.jobId).toBe(view.jobId);
    expect([...deps.exportJobs.jobs.keys()]).toEqual([view.jobId]);
    expect(deps.exportWorker.started).toEqual([view.jobId]);
  });

  it("holds nobody else's exports back, nor the small ones answered at once", async () => {
    const { deps, token } = await startedJob(40);
    expect((await startExport(deps, await tokenOf(deps, COLLEAGUE))).response.statusCode).toBe(202);
    // No enquiry of this section: a header-only CSV, answered at once without a job.
    expect((await startExport(deps, token, { section: '병원예약' })).response.statusCode).toBe(200);
  });

  it('of two starts at once, starts one: the lock is a conditional write, not a read and then a write', async () => {
    const deps = staffDeps();
    storeListedEnquiries(deps, 40);
    const token = await tokenOf(deps, OWNER);
    const answers = await Promise.all([startExport(deps, token), startExport(deps, token)]);
    expect(answers.map(({ response }) => response.statusCode).sort()).toEqual([202, 409]);
    expect(deps.exportJobs.jobs.size).toBe(1);
  });

  it('starts the next one once the first is ready', async () => {
    const { deps, token, view } = await startedJob(40);
    expect(await runExportJob(deps, view.jobId)).toBe('ready');
    expect((await startExport(deps, token)).response.statusCode).toBe(202);
  });

  it('starts the next one once the first has failed, or its worker could not be started', async () => {
    const { deps, token, view } = await startedJob(40);
    deps.exports.refuseAfterChars = 0;
    expect(await runExportJob(deps, view.jobId)).toBe('failed');
    deps.exportWorker.refuse = Object.assign(new Error('Rate exceeded'), { name: 'TooManyRequestsException' });
    expect((await startExport(deps, token)).response.statusCode).toBe(503);
    deps.exportWorker.refuse = undefined;
    expect((await startExport(deps, token)).response.statusCode).toBe(202);
  });

  it('lets a new export start once the status route finds the worker gone silent', async () => {
    const { deps, token, view } = await startedJob(40);
    deps.clock.advance(EXPORT_STALL_MS + 1);
    expect((await readStatus(deps, token, view.jobId)).view).toMatchObject({ status: 'failed', failure: 'stalled' });
    expect((await startExport(deps, token)).response.statusCode).toBe(202);
  });

  it('does not block for ever when the worker died and nobody asked after the job: the lock runs out', async () => {
    const { deps, token, view } = await startedJob(40);
    deps.clock.advance(EXPORT_OWNER_LOCK_SECONDS * 1000 - 1_000);
    expect((await refusedStart(deps, token)).body.jobId).toBe(view.jobId);
    deps.clock.advance(1_000);
    expect((await startExport(deps, token)).response.statusCode).toBe(202);
  });

  it("holds for the worker's whole possible run: its event's wait and Lambda's time limit", () => {
    expect(EXPORT_OWNER_LOCK_SECONDS).toBe(
      EXPORT_STALL_MS / 1000 + backgroundDeclaration('exportWorker').sizing.timeoutSeconds,
    );
  });

  it("a worker that wakes up late does not release a newer export's lock", async () => {
    const { deps, token, view } = await startedJob(PROGRESS_EVERY_ROWS + 100);
    const { worker, release } = await workerHeldAtFirstReport(deps, view.jobId);
    deps.clock.advance(EXPORT_STALL_MS + 1);
    expect((await readStatus(deps, token, view.jobId)).view.failure).toBe('stalled');
    const { view: newer } = await startExport(deps, token);
    release();
    expect(await worker).toBe('failed');
    expect((await refusedStart(deps, token)).body.jobId).toBe(newer.jobId);
  });

  it('leaves a lock it could not release to run out, and the job is ready all the same', async () => {
    const { deps, token, view } = await startedJob(40);
    deps.exportJobs.releaseOwnerLock = async () => {
      throw dynamoRefused();
    };
    expect(await runExportJob(deps, view.jobId)).toBe('ready');
    expect(deps.log.lines.some((line) => line.level === 'warn' && line.message === 'export lock not released')).toBe(
      true,
    );
    expect((await refusedStart(deps, token)).body.jobId).toBe(view.jobId);
    deps.clock.advance(EXPORT_OWNER_LOCK_SECONDS * 1000);
    expect((await startExport(deps, token)).response.statusCode).toBe(202);
  });
});

describe('when an export fails', () => {
  it('marks the job failed with a clear message when the bucket refuses the file mid-export, serves no half file, and a retry works', async () => {
    const deps = staffDeps();
    storeListedEnquiries(deps, 1_500);
    const token = await tokenOf(deps, OWNER);
    deps.exports.refuseAfterChars = 50_000;
    const { view } = await startExport(deps, token);
    expect(await runExportJob(deps, view.jobId)).toBe('failed');
    expect(fileOf(deps)).toEqual([]);
    const failed = (await readStatus(deps, token, view.jobId)).view;
    expect(failed).toMatchObject({ status: 'failed', failure: 'storage', message: expect.stringContaining('refused') });
    expect(failed.url).toBeUndefined();
    expect(
      deps.log.lines.some(
        (line) =>
          line.level === 'error' && line.message === 'export failed' && line.extra?.['errorName'] === 'AccessDenied',
      ),
    ).toBe(true);

    deps.exports.refuseAfterChars = undefined;
    const retry = await startExport(deps, token);
    expect(retry.view.jobId).not.toBe(view.jobId);
    expect(await runExportJob(deps, retry.view.jobId)).toBe('ready');
    expect((await readStatus(deps, token, retry.view.jobId)).view).toMatchObject({
      status: 'ready',
      rowsWritten: 1_500,
    });
  });

  it('marks the job failed when reading the enquiries fails', async () => {
    const { deps, token, view } = await startedJob(40);
    deps.enquiries.exportRange = async () => {
      throw dynamoRefused('ProvisionedThroughputExceededException');
    };
    expect(await runExportJob(deps, view.jobId)).toBe('failed');
    expect((await readStatus(deps, token, view.jobId)).view).toMatchObject({ status: 'failed', failure: 'reading' });
    expect(fileOf(deps)).toEqual([]);
  });

  it('fails a job whose worker went silent (time limit, memory), and a worker that wakes up late finds it taken away', async () => {
    const { deps, token, view } = await startedJob(PROGRESS_EVERY_ROWS + 100);
    // The worker is held at its first progress report while the owner keeps reading the job.
    const { worker, release } = await workerHeldAtFirstReport(deps, view.jobId);

    expect((await readStatus(deps, token, view.jobId)).view.status).toBe('running');
    deps.clock.advance(EXPORT_STALL_MS + 1);
    expect((await readStatus(deps, token, view.jobId)).view).toMatchObject({ status: 'failed', failure: 'stalled' });
    release();
    expect(await worker).toBe('failed');
    expect((await deps.exportJobs.get(view.jobId))?.status).toBe('failed');
    expect((await readStatus(deps, token, view.jobId)).view.url).toBeUndefined();
  });
});

describe('erased enquiries', () => {
  it('are not in an export started after the erasure', async () => {
    const deps = staffDeps();
    storeListedEnquiries(deps, 40);
    const erased = await eraseSubject(deps, 'admin@example.test', 'v7@example.test', 'Asked');
    expect(erased.erased).toEqual([7]);
    const token = await tokenOf(deps, OWNER);
    const { view } = await startExport(deps, token);
    expect(view.rowsTotal).toBe(39);
    await runExportJob(deps, view.jobId);
    const [[, file] = []] = fileOf(deps);
    const emails = parseCsv((file?.body ?? '').slice(1)).map((row) => row[2]);
    expect(emails).toHaveLength(40);
    expect(emails).not.toContain('v7@example.test');
    expect((await readStatus(deps, token, view.jobId)).view).toMatchObject({ status: 'ready', rowsWritten: 39 });
  });

  it('make the worker write the file again when they are erased while it runs', async () => {
    const { deps, token, view } = await startedJob(40);
    // The erasure lands after the rows were read (the file already holds the visitor) and before the worker checks.
    const exportRange = deps.enquiries.exportRange.bind(deps.enquiries);
    let erasedOnce = false;
    deps.enquiries.exportRange = async (...args) => {
      const items = await exportRange(...args);
      if (!erasedOnce) {
        erasedOnce = true;
        await eraseSubject(deps, 'admin@example.test', 'v7@example.test', 'Asked');
      }
      return items;
    };
    expect(await runExportJob(deps, view.jobId)).toBe('ready');
    const [[, file] = []] = fileOf(deps);
    expect(file?.body).not.toContain('v7@example.test');
    expect((await readStatus(deps, token, view.jobId)).view).toMatchObject({ status: 'ready', rowsWritten: 39 });
  });

  it('fail the job, leaving a header-only file, when erasures keep landing during every run', async () => {
    const { deps, token, view } = await startedJob(40);
    let runs = 0;
    const exportRange = deps.enquiries.exportRange.bind(deps.enquiries);
    deps.enquiries.exportRange = async (...args) => {
      runs += 1;
      await deps.counters.add(removedCounter('ALL'), 1);
      return exportRange(...args);
    };
    expect(await runExportJob(deps, view.jobId)).toBe('failed');
    expect(runs).toBe(EXPORT_ATTEMPTS);
    const [[, file] = []] = fileOf(deps);
    expect(parseCsv((file?.body ?? '').slice(1))).toEqual([[...CSV_COLUMNS]]);
    expect((await readStatus(deps, token, view.jobId)).view).toMatchObject({ status: 'failed', failure: 'erased' });
  });

  it('fail a finished job whose file an erasure has removed, so no link to a missing file is handed out', async () => {
    const { deps, token, view } = await startedJob(40);
    await runExportJob(deps, view.jobId);
    const outcome = await eraseSubject(deps, 'admin@example.test', 'v7@example.test', 'Asked');
    expect(outcome.exportFilesRemoved).toBe(1);
    const { view: after } = await readStatus(deps, token, view.jobId);
    expect(after).toMatchObject({ status: 'failed', failure: 'erased' });
    expect(after.url).toBeUndefined();
  });
});

describe('the export worker on AWS', () => {
  it("is started with Lambda's Invoke call, asynchronous (InvocationType Event), carrying only the job id", async () => {
    const sent: unknown[] = [];
    const lambda = {
      send: async (command: InvokeCommand) => (sent.push(command.input), { StatusCode: 202 }),
    } as unknown as Pick<LambdaClient, 'send'>;
    await lambdaExportWorker(lambda, 'MedicalTourism-test-ExportWorker-AbC12').start('job-7');
    expect(sent).toEqual([
      {
        FunctionName: 'MedicalTourism-test-ExportWorker-AbC12',
        InvocationType: 'Event',
        Payload: new TextEncoder().encode(JSON.stringify({ jobId: 'job-7' })),
      },
    ]);
  });

  it('fails its start when Lambda refuses the invocation (the route then fails the job)', async () => {
    const lambda = {
      send: async () => {
        throw Object.assign(new Error('Rate exceeded'), { name: 'TooManyRequestsException' });
      },
    };
    await expect(lambdaExportWorker(lambda, 'fn').start('job-8')).rejects.toThrow('Rate exceeded');
  });
});

describe('the Invoke request as sent', () => {
  it('is signed for Lambda in the region and reaches the endpoint with its header and payload', async () => {
    const received: { method?: string; url?: string; headers: IncomingHttpHeaders; body: string }[] = [];
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        received.push({ method: request.method, url: request.url, headers: request.headers, body });
        response.writeHead(202).end();
      });
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    try {
      const { port } = server.address() as AddressInfo;
      const lambda = new LambdaClient({
        region: 'ap-northeast-2',
        credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
        endpoint: `http://127.0.0.1:${port}`,
      });
      await lambdaExportWorker(lambda, 'export-worker').start('job-9');
    } finally {
      await new Promise((closed) => server.close(closed));
    }
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request).toMatchObject({
      method: 'POST',
      url: '/2015-03-31/functions/export-worker/invocations',
      body: '{"jobId":"job-9"}',
    });
    expect(request?.headers['x-amz-invocation-type']).toBe('Event');
    expect(request?.headers['authorization']).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/ap-northeast-2\/lambda\/aws4_request, SignedHeaders=[^,]*x-amz-invocation-type/,
    );
  });
});
