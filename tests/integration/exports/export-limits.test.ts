/**
 * The limits on background exports, through the local server against the
 * emulators, on a clock the test moves: a file is handed out for an hour
 * after it was made (each link signed for the time left, then 410), and a
 * staff member has one export at a time, held by a lock item in the jobs
 * table that one conditional write takes (of many tries at once, one wins),
 * the worker releases, and that runs out when its worker died.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXPORT_EXPIRED_MESSAGE,
  EXPORT_LINK_LIFETIME_MS,
  type ExportJobView,
  type ExportUnderWayBody,
} from '../../../shared/exports/export-jobs';
import { documentClient } from '../../../functions/platform/wiring/dynamodb-client';
import { DOWNLOAD_WINDOW_SECONDS, EXPORT_OWNER_LOCK_SECONDS } from '../../../functions/exports/export-jobs';
import { seedEnquiries } from '../../../local/seed/enquiries';
import { STAFF, type TestStack, getWithToken, signIn, startTestStack } from '../../support/stack';

const SEEDED = 60;
/** Small enough that every export of the seeded enquiries is a job. */
const INLINE_MAX_BYTES = 2_000;
/** The stack's clock: the wall clock moved on by what a test skips. */
const skipped = { ms: 0 };
let stack: TestStack;
let token: string;

beforeAll(async () => {
  stack = await startTestStack({
    clock: { now: () => Date.now() + skipped.ms },
    env: { EXPORT_INLINE_MAX_BYTES: String(INLINE_MAX_BYTES) },
  });
  const db = documentClient({
    region: stack.aws.region,
    credentials: stack.aws.credentials,
    endpoint: stack.aws.endpoints?.dynamodb,
  });
  try {
    await seedEnquiries(
      db,
      {
        enquiries: stack.tableNames.enquiries,
        counters: stack.tableNames.counters,
        aggregates: stack.tableNames.aggregates,
      },
      SEEDED,
      Date.now() - 60_000,
      60_000,
    );
  } finally {
    db.destroy();
  }
  token = await signIn(stack);
}, 300_000);
afterAll(async () => {
  await stack?.dispose();
});

const startExport = () => getWithToken(stack, '/api/export.csv', token);
const readJob = (jobId: string) => getWithToken(stack, `/api/export/${jobId}`, token);
const linkSeconds = (view: ExportJobView) =>
  Number(new URL(view.url ?? 'https://none.invalid/').searchParams.get('X-Amz-Expires'));

/** A started export, run by the worker to its end. */
async function readyExport(): Promise<ExportJobView> {
  const started = await startExport();
  expect(started.status).toBe(202);
  const { jobId } = (await started.json()) as ExportJobView;
  await stack.workersIdle();
  const view = (await (await readJob(jobId)).json()) as ExportJobView;
  expect(view).toMatchObject({ status: 'ready', rowsWritten: SEEDED });
  return view;
}

describe("an export's file", () => {
  it('is handed out for an hour after it was made, each link signed for the time left of it, then refused with 410', async () => {
    const ready = await readyExport();
    expect(linkSeconds(ready)).toBe(DOWNLOAD_WINDOW_SECONDS);
    expect((await fetch(ready.url ?? '')).status).toBe(200);

    skipped.ms += EXPORT_LINK_LIFETIME_MS - 200_000;
    const late = (await (await readJob(ready.jobId)).json()) as ExportJobView;
    expect(linkSeconds(late)).toBeGreaterThan(0);
    expect(linkSeconds(late)).toBeLessThanOrEqual(200);

    skipped.ms += 200_000;
    const expired = await readJob(ready.jobId);
    expect(expired.status).toBe(410);
    expect(await expired.json()).toEqual({ error: 'expired', message: EXPORT_EXPIRED_MESSAGE });
  });
});

describe('one export at a time per staff member', () => {
  it('is one conditional write in the jobs table: of many tries at once, one takes the lock, and the others are told its job', async () => {
    const owner = 'racer@example.test';
    const expiresAt = Math.floor(stack.deps.clock.now() / 1000) + 60;
    const tries = Array.from({ length: 8 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`);
    const answers = await Promise.all(
      tries.map((jobId) => stack.deps.exportJobs.takeOwnerLock(owner, jobId, expiresAt)),
    );
    const winners = tries.filter((_, i) => answers[i] === undefined);
    expect(winners).toHaveLength(1);
    expect(answers.filter((answer) => answer !== undefined).every((answer) => answer === winners[0])).toBe(true);
    // Released only by the job it names.
    await stack.deps.exportJobs.releaseOwnerLock(owner, tries.find((jobId) => jobId !== winners[0]) ?? '');
    expect(await stack.deps.exportJobs.takeOwnerLock(owner, 'next', expiresAt)).toBe(winners[0]);
    await stack.deps.exportJobs.releaseOwnerLock(owner, winners[0] ?? '');
    expect(await stack.deps.exportJobs.takeOwnerLock(owner, 'next', expiresAt)).toBeUndefined();
  });

  it('refuses a new export with 409 naming the one under way, starting nothing', async () => {
    const underWay = '6f1c2a34-0000-4000-8000-0000000000aa';
    await stack.deps.exportJobs.takeOwnerLock(STAFF.email, underWay, Math.floor(stack.deps.clock.now() / 1000) + 60);
    try {
      const refused = await startExport();
      expect(refused.status).toBe(409);
      expect(refused.headers.get('location')).toBe(`/api/export/${underWay}`);
      expect((await refused.json()) as ExportUnderWayBody).toMatchObject({ error: 'conflict', jobId: underWay });
      await stack.workersIdle();
    } finally {
      await stack.deps.exportJobs.releaseOwnerLock(STAFF.email, underWay);
    }
  });

  it('starts the next export once the worker has finished the last one (it releases the lock)', async () => {
    await readyExport();
    await readyExport();
  });

  it('lets a lock whose worker died run out', async () => {
    const died = '6f1c2a34-0000-4000-8000-0000000000bb';
    await stack.deps.exportJobs.takeOwnerLock(
      STAFF.email,
      died,
      Math.floor(stack.deps.clock.now() / 1000) + EXPORT_OWNER_LOCK_SECONDS,
    );
    expect((await startExport()).status).toBe(409);
    skipped.ms += EXPORT_OWNER_LOCK_SECONDS * 1000;
    // The token of before is still good (8 hours); a new sign-in is not needed.
    await readyExport();
  });
});
