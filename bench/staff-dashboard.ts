/**
 * The part of `npm run bench:staff` that shows the dashboard and the work
 * lists stay flat as enquiries pile up: the dashboard's API (and its monthly
 * CSV), the page drawn in Chromium, and the status, owner and tag filters of
 * the message box (a tag's first page and one from halfway down), each measured on a stack of a given size. Figures are medians
 * of request to response end (or navigation to charts drawn) on this machine.
 *
 * The dashboard reads a fixed set of day items, so what it costs depends on
 * what those days hold (enquiries and first replies a day), not on how many
 * enquiries are stored. `seedShaped` therefore gives every size the same last
 * 90 days (RECENT enquiries) and puts the rest before them: the sizes differ
 * only in history, which is what "stays flat" is about.
 */
import type { Browser } from 'playwright-core';
import { TOKEN_STORAGE_KEY } from '../shared/auth';
import { formatKoreaDate } from '../shared/korea-time';
import { documentClient } from '../functions/platform/wiring/dynamodb-client';
import type { ScratchStack } from '../local/scratch-stack';
import { seedEnquiries } from '../local/seed/enquiries';
import { recordFigure } from './figures';
import { median, timed } from './support';

export interface DashboardFigures {
  /** The column's heading: how many enquiries, and how they are spread. */
  label: string;
  samples: Map<string, number[]>;
  /** How many enquiries the stack held: the report's x axis. */
  stored?: number;
}

/** Enquiries in the last 90 days of every shaped stack (one every 2 h 10 min, about 11 a day). */
export const RECENT = 1_000;
const DAY_MS = 24 * 60 * 60_000;
const WINDOW_MS = 90 * DAY_MS;

/**
 * `size` enquiries, worked on: RECENT of them (or all, if fewer) spread over
 * the last 90 days, the rest one every 5 minutes before those 90 days.
 */
export async function seedShaped(stack: ScratchStack, size: number): Promise<number> {
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
  const recent = Math.min(size, RECENT);
  const until = Date.now() - 60_000;
  try {
    const [, took] = await timed(async () => {
      const tagged = { ...BENCH_TAG, table: stack.tableNames.enquiryTags };
      if (size > recent)
        await seedEnquiries(db, tables, size - recent, until - WINDOW_MS - DAY_MS, 5 * 60_000, {
          worked: true,
          tagged,
        });
      await seedEnquiries(db, tables, recent, until, Math.floor(WINDOW_MS / RECENT), { worked: true, tagged });
    });
    return took;
  } finally {
    db.destroy();
  }
}

/** One enquiry in ten carries this tag: its list is a tenth of the store, like a busy tag. */
export const BENCH_TAG = { tag: 'VIP', every: 10 };

export const DASHBOARD_MEASURES = [
  'GET /api/detail/1 (one item by key: baseline)',
  'GET /api/dashboard?days=30',
  'GET /api/dashboard?days=90',
  'GET /api/dashboard.csv?month=(this month)',
  "POST /api/view { status: 'new' }",
  "POST /api/view { owner: 'unassigned' }",
  "POST /api/view { tag: 'VIP' }",
  "POST /api/view { tag: 'VIP', cursor: (halfway) }",
  '/dashboard drawn, fresh profile',
  '/dashboard drawn, warm HTTP cache',
] as const;

async function request(stack: ScratchStack, token: string, path: string, body?: unknown): Promise<number> {
  const [, took] = await timed(async () => {
    const response = await fetch(`${stack.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
  });
  return took;
}

/** Measures every DASHBOARD_MEASURES entry `rounds` times (after one warm-up each) on a stack holding `size` enquiries. */
export async function measureDashboard(
  stack: ScratchStack,
  browser: Browser,
  token: string,
  label: string,
  rounds: number,
): Promise<DashboardFigures> {
  const month = formatKoreaDate(Date.now()).slice(0, 7);
  // The newest enquiry's number, halved: a cursor into the middle of the tag's list.
  const newest = await fetch(`${stack.url}/api/view`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ limit: 1 }),
  });
  const halfway = String(Math.floor((((await newest.json()) as { POST_INDEX: number }[])[0]?.POST_INDEX ?? 2) / 2));
  // The baseline does the same work at every size (the token check, the access log, one GetItem): how it
  // moves between stacks is the emulator's own slowdown with a larger store, not the route's.
  const calls: [string, () => Promise<number>][] = [
    [DASHBOARD_MEASURES[0], () => request(stack, token, '/api/detail/1')],
    [DASHBOARD_MEASURES[1], () => request(stack, token, '/api/dashboard?days=30')],
    [DASHBOARD_MEASURES[2], () => request(stack, token, '/api/dashboard?days=90')],
    [DASHBOARD_MEASURES[3], () => request(stack, token, `/api/dashboard.csv?month=${month}`)],
    [DASHBOARD_MEASURES[4], () => request(stack, token, '/api/view', { status: 'new' })],
    [DASHBOARD_MEASURES[5], () => request(stack, token, '/api/view', { owner: 'unassigned' })],
    [DASHBOARD_MEASURES[6], () => request(stack, token, '/api/view', { tag: BENCH_TAG.tag })],
    [DASHBOARD_MEASURES[7], () => request(stack, token, '/api/view', { tag: BENCH_TAG.tag, cursor: halfway })],
  ];
  const samples = new Map<string, number[]>();
  for (const [label, call] of calls) {
    await call();
    const taken: number[] = [];
    for (let round = 0; round < rounds; round += 1) taken.push(await call());
    samples.set(label, taken);
  }

  const cold: number[] = [];
  const warm: number[] = [];
  for (let round = 0; round < Math.max(3, Math.ceil(rounds / 3)); round += 1) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
      TOKEN_STORAGE_KEY,
      token,
    ] as const);
    const page = await context.newPage();
    const drawn = async () => {
      await page.goto(`${stack.url}/dashboard?days=90`);
      await page
        .locator('.dash[aria-busy="false"] [data-chart="sections"] svg rect')
        .first()
        .waitFor({ timeout: 60_000 });
    };
    cold.push((await timed(drawn))[1]);
    warm.push((await timed(drawn))[1]);
    await context.close();
  }
  samples.set(DASHBOARD_MEASURES[8], cold);
  samples.set(DASHBOARD_MEASURES[9], warm);
  return { label, samples };
}

/** One row per measure, one column per stack: the medians side by side. */
export function printDashboardFigures(figures: DashboardFigures[]): void {
  console.log(
    '\nDashboard and work lists by stored enquiries (median; API: request to response end, page: navigation to charts drawn, 90 days)',
  );
  const width = Math.max(20, ...figures.map((entry) => entry.label.length + 2));
  console.log(`  ${''.padEnd(44)}${figures.map((entry) => entry.label.padStart(width)).join('')}`);
  for (const label of DASHBOARD_MEASURES) {
    const cells = figures.map((entry) => {
      const taken = entry.samples.get(label) ?? [];
      if (entry.stored !== undefined)
        recordFigure({
          kind: 'dashboard',
          stored: entry.stored,
          label: entry.label,
          measure: label,
          medianMs: median(taken),
        });
      return `${median(taken).toFixed(1)} ms (${taken.length})`.padStart(width);
    });
    console.log(`  ${label.padEnd(44)}${cells.join('')}`);
  }
}
