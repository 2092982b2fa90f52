/**
 * Background CSV exports through the local server against the emulators,
 * with the export worker in a Node process of its own (as a Lambda): a job's
 * life from 202 to a whole file behind a short-lived link, progress that
 * only grows, a job nobody but its owner can read, a bucket that refuses the
 * file (the job fails, nothing is kept, a retry works), and the S3 adapter
 * leaving no object and no open multipart upload when a stream fails.
 */
import { CreateBucketCommand, DeleteBucketCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_COLUMNS } from '../../../shared/exports/csv';
import type { ExportJobView } from '../../../shared/exports/export-jobs';
import { formatKoreaDate } from '../../../shared/korea-time';
import { documentClient } from '../../../functions/platform/wiring/dynamodb-client';
import { localS3Client } from '../../../local/emulators/sdk-s3';
import { s3ExportStore } from '../../../functions/exports/adapters/s3-exports';
import { hashPassword } from '../../../functions/accounts/passwords/passwords';
import { seedEnquiries } from '../../../local/seed/enquiries';
import { LOCAL_BUCKETS } from '../../../local/stack-names';
import { parseCsv } from '../../support/csv';
import { type TestStack, finishedExport, getWithToken, signIn, startTestStack } from '../../support/stack';

const SEEDED = 12_000;
const COLLEAGUE = { email: 'colleague@example.test', password: 'another long password' };
let stack: TestStack;
let token: string;
let s3: ReturnType<typeof localS3Client>;

beforeAll(async () => {
  stack = await startTestStack();
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
  const at = new Date().toISOString();
  await stack.deps.staff.put({
    email: COLLEAGUE.email,
    passwordHash: await hashPassword(COLLEAGUE.password),
    disabled: false,
    role: 'staff',
    createdAt: at,
    updatedAt: at,
  });
  token = await signIn(stack);
  s3 = localS3Client({
    region: stack.aws.region,
    credentials: stack.aws.credentials,
    endpoint: stack.aws.endpoints?.s3,
  });
}, 300_000);
afterAll(async () => {
  s3?.destroy();
  await stack?.dispose();
});

describe('a background export', () => {
  it('goes from 202 to a whole file behind a short-lived link, its progress only growing, and is logged as an export when handed out', async () => {
    const { view, seen } = await finishedExport(stack, token);
    expect(view).toMatchObject({ status: 'ready', rowsWritten: SEEDED, rowsTotal: SEEDED });
    const written = seen.map((state) => state.rowsWritten);
    expect(written).toEqual([...written].sort((a, b) => a - b));
    expect(seen.every((state) => state.rowsTotal === SEEDED)).toBe(true);

    const download = await fetch(view.url ?? '');
    expect(download.status).toBe(200);
    const bytes = new Uint8Array(await download.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes).slice(1));
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows).toHaveLength(SEEDED + 1);
    // Newest first, every enquiry once.
    expect(rows[1]?.[11]).toBe(`MT-${String(SEEDED).padStart(6, '0')}`);
    expect(new Set(rows.slice(1).map((row) => row[11])).size).toBe(SEEDED);

    const today = formatKoreaDate(Date.now());
    const log = (await (
      await getWithToken(stack, `/api/access-log?from=${today}&to=${today}&action=enquiry.export`, token)
    ).json()) as {
      entries: { actor: string; target: string }[];
    };
    expect(
      log.entries.some(
        (entry) => entry.target.includes(`"job":"${view.jobId}"`) && entry.target.includes(`"rows":${SEEDED}`),
      ),
    ).toBe(true);
  });

  it("exports a work list's filter the same way (a status)", async () => {
    const { view } = await finishedExport(stack, token, '?status=new');
    expect(view).toMatchObject({ status: 'ready', rowsWritten: SEEDED });
  });

  it('is readable by nobody but the staff member who started it', async () => {
    const { view, statusPath } = await finishedExport(stack, token);
    const colleague = await signIn(stack, COLLEAGUE.email, COLLEAGUE.password);
    const refused = await getWithToken(stack, statusPath, colleague);
    expect(refused.status).toBe(404);
    expect(await refused.text()).not.toContain(view.jobId);
    expect((await getWithToken(stack, statusPath)).status).toBe(401);
  });
});

describe('when the export bucket refuses the file', () => {
  it('fails the job with a clear message, keeps nothing, and the staff member can start it again', async () => {
    // No bucket at all: every write is refused (NoSuchBucket), as S3 refusing the worker's parts.
    await stack.deps.exports.removeAll();
    await s3.send(new DeleteBucketCommand({ Bucket: LOCAL_BUCKETS.exports }));
    let failed: ExportJobView;
    try {
      ({ view: failed } = await finishedExport(stack, token));
    } finally {
      await s3.send(new CreateBucketCommand({ Bucket: LOCAL_BUCKETS.exports }));
    }
    expect(failed).toMatchObject({
      status: 'failed',
      failure: 'storage',
      message: expect.stringContaining('refused the file'),
    });
    expect(failed.url).toBeUndefined();
    await expect(
      s3.send(
        new HeadObjectCommand({ Bucket: LOCAL_BUCKETS.exports, Key: `exports/${failed.jobId}/${failed.fileName}` }),
      ),
    ).rejects.toThrow();

    const retry = await finishedExport(stack, token);
    expect(retry.view).toMatchObject({ status: 'ready', rowsWritten: SEEDED });
  });

  it('leaves no object and no open multipart upload when the rows stop coming mid-file', async () => {
    // A bucket of its own: the emulator refuses to delete a bucket that still holds an object or an unfinished
    // multipart upload (it cannot list those), so a clean delete shows neither was left.
    const bucket = 'mt-exports-broken';
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    const store = s3ExportStore(s3, bucket);
    const line = `${'x'.repeat(1023)}\n`;
    async function* rowsThenFailure() {
      // Past one 5 MiB part, so the upload is a multipart one when the failure comes.
      for (let i = 0; i < 7 * 1024; i += 1) yield line;
      throw new Error('reading stopped');
    }
    await expect(store.upload('exports/broken/data.csv', rowsThenFailure(), 'data.csv')).rejects.toThrow(
      'reading stopped',
    );
    expect(await store.exists('exports/broken/data.csv')).toBe(false);
    await expect(s3.send(new DeleteBucketCommand({ Bucket: bucket }))).resolves.toBeDefined();
  });
});
