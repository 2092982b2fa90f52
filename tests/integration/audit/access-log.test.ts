/**
 * The access log holds under a flood, through the local server against the
 * DynamoDB emulator: a thousand calls without a token add one counted row,
 * and the day still reads in the back office's API and its CSV, a page at a
 * time; every kind of refused sign-in is logged, counted the same way; and
 * the store itself refuses a second write of a row and counts atomically;
 * and the copy's bucket takes each object once.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LOG_NEXT_HEADER, type AccessLogEntry } from '../../../shared/audit-actions';
import { formatKoreaDate } from '../../../shared/korea-time';
import type { AccessLogPage } from '../../../shared/privacy/privacy-schema';
import { documentClient } from '../../../functions/platform/wiring/dynamodb-client';
import { dynamoAccessLogStore } from '../../../functions/audit/adapters/dynamodb-access-log';
import { EMULATED_S3, s3Client } from '../../../functions/platform/wiring/s3-client';
import { s3AccessLogCopyStore } from '../../../functions/audit/adapters/s3-access-log-copies';
import { LOCAL_BUCKETS, LOCAL_CREDENTIALS, LOCAL_REGION } from '../../../local/stack-names';
import { accessLogDay } from '../../support/access-log';
import { parseCsv } from '../../support/csv';
import { STAFF, type TestStack, getWithToken, signIn, startTestStack } from '../../support/stack';

/** The stack's clock, still: every request of a test in one quarter hour. */
const clock = { at: Date.parse('2026-11-22T01:01:00Z'), now: () => clock.at };
const DAY = formatKoreaDate(clock.at);
const FLOOD = 1_000;

let stack: TestStack;
let token: string;

beforeAll(async () => {
  stack = await startTestStack({ clock });
  token = await signIn(stack);
});
afterAll(() => stack?.dispose());

const rowsOf = (action: string) =>
  accessLogDay(stack.deps.accessLog, DAY).then((rows) => rows.filter((row) => row.action === action));

/** `size` at a time, so a thousand requests do not wait on each other one by one. */
async function inBatches(total: number, send: (i: number) => Promise<Response>, size = 25): Promise<number[]> {
  const statuses: number[] = [];
  for (let start = 0; start < total; start += size) {
    const batch = await Promise.all(Array.from({ length: Math.min(size, total - start) }, (_, i) => send(start + i)));
    statuses.push(...batch.map((response) => response.status));
  }
  return statuses;
}

describe('a flood of calls without a token', () => {
  it(`leaves a bounded number of rows after ${FLOOD} calls, and the day still reads in the API and the CSV`, async () => {
    const statuses = await inBatches(FLOOD, (i) =>
      fetch(`${stack.url}/api/detail/${i + 1}`, { headers: i % 2 ? { authorization: `Bearer not.a.token${i}` } : {} }),
    );
    expect(statuses.every((status) => status === 401)).toBe(true);

    const refused = await rowsOf('auth.refused');
    expect(refused).toEqual([
      expect.objectContaining({
        actor: '-',
        target: 'GET /api/detail/{index}',
        clientAddress: '127.0.0.1',
        count: FLOOD,
      }),
    ]);
    expect((await accessLogDay(stack.deps.accessLog, DAY)).length).toBeLessThan(10);

    const page = (await (
      await getWithToken(stack, `/api/access-log?from=${DAY}&to=${DAY}&action=auth.refused`, token)
    ).json()) as AccessLogPage;
    expect(page.entries).toEqual([
      expect.objectContaining({ action: 'auth.refused', count: FLOOD, at: clock.at, lastAt: clock.at }),
    ]);

    const csv = await getWithToken(stack, `/api/access-log.csv?from=${DAY}&to=${DAY}`, token);
    expect(csv.status).toBe(200);
    expect(csv.headers.get(ACCESS_LOG_NEXT_HEADER)).toBeNull();
    const [header, ...lines] = parseCsv((await csv.text()).replace(/^\uFEFF/, ''));
    const row = lines.find((line) => line[(header ?? []).indexOf('action')] === 'auth.refused');
    expect(row?.[(header ?? []).indexOf('count')]).toBe(String(FLOOD));
  });
});

describe('refused sign-ins', () => {
  const login = (init: { headers?: Record<string, string>; body: string }) =>
    fetch(`${stack.url}/api/login`, { method: 'POST', ...init });
  const asJson = (data: unknown) => ({
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data }),
  });

  it('logs every kind, before the password check too, each counted on one row however often it comes', async () => {
    const tries: Record<string, () => Promise<Response>> = {
      'auth.login.cross_site': () =>
        login({
          headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
          body: JSON.stringify({ data: { email: STAFF.email, pass: STAFF.password } }),
        }),
      'auth.login.wrong_type': () =>
        login({
          headers: { 'content-type': 'text/plain' },
          body: JSON.stringify({ data: { email: STAFF.email, pass: STAFF.password } }),
        }),
      'auth.login.malformed': () =>
        login({ headers: { 'content-type': 'application/json' }, body: '{"data": {"email": ' }),
      'auth.login.failed': () => login(asJson({ email: 'someone-else@example.test', pass: 'a wrong password' })),
    };
    for (const [action, send] of Object.entries(tries)) {
      // A checked password is slow, memory-hard work: those one at a time.
      const statuses = await inBatches(30, send, action === 'auth.login.failed' ? 1 : 25);
      expect(
        statuses.filter((status) => status < 400 || status >= 500),
        action,
      ).toEqual([]);
    }
    for (const action of ['auth.login.cross_site', 'auth.login.wrong_type', 'auth.login.malformed']) {
      expect(await rowsOf(action), action).toEqual([expect.objectContaining({ actor: '-', count: 30 })]);
    }
    // Wrong passwords until the address waits: the checked ones per account tried, the rest refused without one.
    const failed = await rowsOf('auth.login.failed');
    const refused = await rowsOf('auth.login.refused');
    expect(failed).toEqual([expect.objectContaining({ actor: 'someone-else@example.test' })]);
    expect(refused).toEqual([expect.objectContaining({ actor: '-' })]);
    expect((failed[0]?.count ?? 0) + (refused[0]?.count ?? 0)).toBe(30);
  });
});

describe('the store', () => {
  const store = () => {
    const client = documentClient({
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
      endpoint: stack.emulators.dynamodbEndpoint,
    });
    return { client, log: dynamoAccessLogStore(client, stack.tableNames.accessLog) };
  };
  const entry = (overrides: Partial<AccessLogEntry> = {}): AccessLogEntry => ({
    actor: 'store@example.test',
    action: 'enquiry.read',
    target: '7',
    clientAddress: '192.0.2.1',
    requestId: 'r',
    at: clock.at,
    ...overrides,
  });

  it('counts with an atomic ADD: parallel refusals all land on their row', async () => {
    const { client, log } = store();
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        log.count({
          ...entry({ action: 'auth.refused', target: 'GET /api/tags', requestId: `p${i}` }),
          action: 'auth.refused',
        }),
      ),
    );
    const [row] = (await rowsOf('auth.refused')).filter((candidate) => candidate.target === 'GET /api/tags');
    expect(row).toMatchObject({ count: 40, at: clock.at, lastAt: clock.at });
    client.destroy();
  });

  it('reads a day newest first a page at a time, both kinds of row together, each once', async () => {
    const { client, log } = store();
    const day = '2026-10-10';
    const base = Date.parse('2026-10-10T01:00:00Z');
    for (let i = 0; i < 12; i += 1) await log.record(entry({ at: base + i * 60_000, target: `row ${i}` }));
    for (const minutes of [0, 20, 40])
      await log.count({
        ...entry({ action: 'auth.refused', at: base + minutes * 60_000, target: `GET /api/view ${minutes}` }),
        action: 'auth.refused',
      });
    const seen: string[] = [];
    let before: string | undefined;
    for (;;) {
      const page = await log.readDay(day, { ...(before === undefined ? {} : { before }), limit: 4 });
      seen.push(...page.map((row) => row.place));
      if (page.length < 4) break;
      before = page.at(-1)?.place;
    }
    expect(seen).toHaveLength(15);
    expect(new Set(seen).size).toBe(15);
    expect(seen).toEqual([...seen].sort().reverse());
    client.destroy();
  });
});

describe('the copy bucket', () => {
  it('takes an object once: a batch delivered again leaves the first as it was', async () => {
    const s3 = s3Client({
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
      endpoint: stack.emulators.s3Endpoint,
      ...EMULATED_S3,
    });
    const copies = s3AccessLogCopyStore(s3, LOCAL_BUCKETS.accessLogCopy);
    expect(await copies.putOnce('2026-11-22/1-2.jsonl', '{"first":true}\n')).toBe(true);
    expect(await copies.putOnce('2026-11-22/1-2.jsonl', '{"second":true}\n')).toBe(false);
    const stored = await s3.send(
      new GetObjectCommand({ Bucket: LOCAL_BUCKETS.accessLogCopy, Key: '2026-11-22/1-2.jsonl' }),
    );
    expect(await stored.Body?.transformToString()).toBe('{"first":true}\n');
    s3.destroy();
  });
});
