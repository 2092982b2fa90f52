/**
 * The part of `npm run bench:staff` that shows the dashboard and the work
 * lists stay flat as enquiries pile up: the dashboard's API (and its monthly
 * CSV), the page drawn in Chromium, and the status and owner filters of the
 * message box, each measured on a stack of a given size. Figures are medians
 * of request to response end (or navigation to charts drawn) on this machine.
 */
import type { Browser } from 'playwright-core';
import { TOKEN_STORAGE_KEY } from '../shared/auth';
import { formatKoreaDate } from '../shared/korea-time';
import type { ScratchStack } from '../local/scratch-stack';
import { timed } from './support';

export interface DashboardFigures {
  size: number;
  samples: Map<string, number[]>;
}

export const DASHBOARD_MEASURES = [
  'GET /api/dashboard?days=30',
  'GET /api/dashboard?days=90',
  'GET /api/dashboard.csv?month=(this month)',
  "POST /api/view { status: 'new' }",
  "POST /api/view { owner: 'unassigned' }",
  '/dashboard drawn, fresh profile',
  '/dashboard drawn, warm HTTP cache',
] as const;

async function request(stack: ScratchStack, token: string, path: string, body?: unknown): Promise<number> {
  const [, took] = await timed(async () => {
    const response = await fetch(`${stack.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
  });
  return took;
}

/** Measures every DASHBOARD_MEASURES entry `rounds` times (after one warm-up each) on a stack holding `size` enquiries. */
export async function measureDashboard(stack: ScratchStack, browser: Browser, token: string, size: number, rounds: number): Promise<DashboardFigures> {
  const month = formatKoreaDate(Date.now()).slice(0, 7);
  const calls: [string, () => Promise<number>][] = [
    [DASHBOARD_MEASURES[0], () => request(stack, token, '/api/dashboard?days=30')],
    [DASHBOARD_MEASURES[1], () => request(stack, token, '/api/dashboard?days=90')],
    [DASHBOARD_MEASURES[2], () => request(stack, token, `/api/dashboard.csv?month=${month}`)],
    [DASHBOARD_MEASURES[3], () => request(stack, token, '/api/view', { status: 'new' })],
    [DASHBOARD_MEASURES[4], () => request(stack, token, '/api/view', { owner: 'unassigned' })],
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
    await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [TOKEN_STORAGE_KEY, token] as const);
    const page = await context.newPage();
    const drawn = async () => {
      await page.goto(`${stack.url}/dashboard?days=90`);
      await page.locator('.dash[aria-busy="false"] [data-chart="sections"] svg rect').first().waitFor({ timeout: 60_000 });
    };
    cold.push((await timed(drawn))[1]);
    warm.push((await timed(drawn))[1]);
    await context.close();
  }
  samples.set(DASHBOARD_MEASURES[5], cold);
  samples.set(DASHBOARD_MEASURES[6], warm);
  return { size, samples };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** One row per measure, one column per size: the medians side by side. */
export function printDashboardFigures(figures: DashboardFigures[]): void {
  const sorted = [...figures].sort((a, b) => a.size - b.size);
  console.log('\nDashboard and work lists by stored enquiries (median; API: request to response end, page: navigation to charts drawn, 90 days)');
  console.log(`  ${''.padEnd(44)}${sorted.map((entry) => `${entry.size.toLocaleString('en')} enquiries`.padStart(20)).join('')}`);
  for (const label of DASHBOARD_MEASURES) {
    const cells = sorted.map((entry) => {
      const taken = entry.samples.get(label) ?? [];
      return `${median(taken).toFixed(1)} ms (${taken.length})`.padStart(20);
    });
    console.log(`  ${label.padEnd(44)}${cells.join('')}`);
  }
}
