/**
 * `npm run bench:api`: figures of the API on the local stack (2-core machine,
 * emulators in the same process, so absolute numbers are a floor, not AWS).
 */
import { documentClient } from '../functions/platform/wiring/dynamodb-client';
import { seedEnquiries } from '../local/seed/enquiries';
import { recordFigure } from './figures';
import { printFunctionFigures } from './functions';
import { BENCH_STAFF, benchStack, ms, summarise, timed } from './support';

let stack = await benchStack();
const post = (path: string, body: unknown, token?: string) =>
  fetch(`${stack.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

const enquiry = (i: number) => ({
  data: {
    user_name: `Bench ${i}`,
    user_email: `bench${i}@example.test`,
    section: '병원예약',
    message: 'Benchmark enquiry',
    start: '2036-12-10 09:30', // far ahead: the send route refuses a time already past
    consent_privacy: true,
    consent_health: true,
  },
});

console.log('POST /api/sendmail (store + SES emulator mail)');
console.log('  clients  requests      p50        p95        p99   throughput');
for (const clients of [1, 8, 32]) {
  const perClient = Math.max(10, Math.floor(320 / clients));
  const samples: number[] = [];
  const [, total] = await timed(() =>
    Promise.all(
      Array.from({ length: clients }, async (_, client) => {
        for (let i = 0; i < perClient; i += 1) {
          const [response, took] = await timed(() => post('/api/sendmail', enquiry(client * 1000 + i)));
          if (response.status !== 200) throw new Error(`sendmail answered ${response.status}`);
          await response.arrayBuffer();
          samples.push(took);
        }
      }),
    ),
  );
  const { p50, p95, p99 } = summarise(samples);
  const throughput = samples.length / (total / 1000);
  console.log(
    `  ${String(clients).padStart(7)}  ${String(samples.length).padStart(8)}  ${ms(p50).padStart(9)}  ${ms(p95).padStart(9)}  ${ms(p99).padStart(9)}  ${throughput.toFixed(0)} req/s`,
  );
  recordFigure({ kind: 'sendmail', clients, requests: samples.length, throughput, p50, p95, p99 });
}

// A fresh stack for reading, so list sequences follow receive times as they do in real use.
await stack.dispose();
stack = await benchStack();
const token = (await (
  await post('/api/login', { data: { email: BENCH_STAFF.email, pass: BENCH_STAFF.password } })
).json()) as string;
const db = documentClient({
  region: stack.aws.region,
  credentials: stack.aws.credentials,
  endpoint: stack.aws.endpoints?.dynamodb,
});
const tables = {
  enquiries: stack.tableNames.enquiries,
  counters: stack.tableNames.counters,
  aggregates: stack.tableNames.aggregates,
};

async function viewLatency(body: Record<string, unknown>, rounds = 40) {
  const samples: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const [response, took] = await timed(() => post('/api/view', body, token));
    if (response.status !== 200) throw new Error(`view answered ${response.status}`);
    await response.arrayBuffer();
    samples.push(took);
  }
  return summarise(samples);
}

const now = Date.now();
const totalStored = async () => Number((await post('/api/view', {}, token)).headers.get('x-total-count'));
let stored = await totalStored();
console.log('\nPOST /api/view (13 rows)');
for (const target of [1_000, 100_000]) {
  const [, seedTime] = await timed(() => seedEnquiries(db, tables, target - stored, now - 60_000, 60_000 * 5));
  stored = await totalStored();
  const total = stored;
  const first = await viewLatency({});
  const filtered = await viewLatency({ section: '호텔예약', from: '2026-01-01', to: '2026-12-31' });
  const deep = await viewLatency({ page: Math.floor(total / 13 / 2) });
  console.log(`  ${total} stored (seeded in ${(seedTime / 1000).toFixed(1)} s)`);
  console.log(`    first page        p50 ${ms(first.p50)}  p95 ${ms(first.p95)}`);
  console.log(`    section + dates   p50 ${ms(filtered.p50)}  p95 ${ms(filtered.p95)}`);
  console.log(`    middle page       p50 ${ms(deep.p50)}  p95 ${ms(deep.p95)}`);
  for (const [read, figures] of [
    ['first page', first],
    ['section + dates', filtered],
    ['middle page', deep],
  ] as const)
    recordFigure({ kind: 'list', stored: total, read, ...figures });
}

// CSV exports run in the background now: `npm run bench:export` (and the end of `npm run bench:staff`) measures them.
db.destroy();
await stack.dispose();

await printFunctionFigures();
