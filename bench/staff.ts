/**
 * `npm run bench:staff`: the staff back office in Debian's Chromium against a
 * scratch local stack holding 100,000 enquiries: the JavaScript the staff
 * pages load (gzip), the time from clicking LOGIN to the first page of the
 * message box, and from a filter change to its result. Then the dashboard (its
 * API, its monthly CSV, the page drawn) and the status and owner filters on
 * that stack, and at every size of BENCH_ENQUIRIES (default 1,000 and 100,000)
 * on stacks whose last 90 days are alike, to show they stay flat
 * (bench/staff-dashboard.ts). Last, CSV exports in the background at 100,000
 * and 200,000 enquiries (bench/staff-export.ts). A 2-core machine with
 * the emulators, the API and the browser in one box: figures are a floor for
 * what a staff member sees, not a measure of AWS.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { SECTION_VALUES } from '../shared/enquiries/enums';
import { formatKoreaDate } from '../shared/korea-time';
import { PAGE_SIZE } from '../shared/enquiries/pagination';
import { documentClient } from '../functions/platform/wiring/dynamodb-client';
import type { ScratchStack } from '../local/scratch-stack';
import { seedEnquiries } from '../local/seed/enquiries';
import { launchBrowser } from '../tests/support/browser';
import {
  BENCH_TAG,
  type DashboardFigures,
  RECENT,
  measureDashboard,
  printDashboardFigures,
  seedShaped,
} from './staff-dashboard';
import { recordFigure } from './figures';
import { EXPORT_HEADING, exportSizes, measureExports } from './staff-export';
import { BENCH_STAFF, benchStack, benchToken, kib, median, ms, timed } from './support';

/** Sizes to measure the dashboard at, e.g. `BENCH_ENQUIRIES=1000` or `1000,100000`; the sign-in and filter figures are at the largest. */
const SIZES = (process.env['BENCH_ENQUIRIES'] ?? '1000,100000').split(',').map((size) => Number(size.trim()));
if (SIZES.some((size) => !Number.isInteger(size) || size < 1))
  throw new Error('BENCH_ENQUIRIES: whole numbers from 1, separated by commas');
const ENQUIRIES = Math.max(...SIZES);
const DASHBOARD_ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 7) * 3;
const LOGIN_ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 7);
const FILTER_ROUNDS = LOGIN_ROUNDS * 2;
/** One enquiry every 5 minutes: 100,000 cover almost a year. */
const SPACING_MS = 5 * 60_000;
const DIST = resolve(import.meta.dirname, '..', 'site', 'dist');

if (!readFileSafe(join(DIST, 'view', 'index.html'))) {
  console.error('site/dist is missing: run `npm run build:site` first.');
  process.exit(1);
}

function readFileSafe(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

/** Prints one measure's median and worst, and records it for the report under `group: label`. */
function line(group: string, label: string, samples: number[]): void {
  console.log(
    `  ${label.padEnd(44)} median ${ms(median(samples)).padStart(9)}   max ${ms(Math.max(...samples)).padStart(9)}   (${samples.length} runs)`,
  );
  recordFigure({
    kind: 'staff',
    measure: `${group}: ${label.trim()}`,
    medianMs: median(samples),
    maxMs: Math.max(...samples),
    runs: samples.length,
  });
}

/** Seeds `count` enquiries, worked on as a centre would (answered, closed, some left open), ending a minute ago. */
async function seed(target: ScratchStack, count: number) {
  const db = documentClient({
    region: target.aws.region,
    credentials: target.aws.credentials,
    endpoint: target.aws.endpoints?.dynamodb,
  });
  try {
    const tables = {
      enquiries: target.tableNames.enquiries,
      counters: target.tableNames.counters,
      aggregates: target.tableNames.aggregates,
    };
    return await timed(() =>
      seedEnquiries(db, tables, count, Date.now() - 60_000, SPACING_MS, {
        worked: true,
        tagged: { ...BENCH_TAG, table: target.tableNames.enquiryTags },
      }),
    );
  } finally {
    db.destroy();
  }
}

const dashboardFigures: DashboardFigures[] = [];
const stack = await benchStack();
let browser: Browser | undefined;
try {
  const [{ total }, seedTime] = await seed(stack, ENQUIRIES);
  browser = await launchBrowser();
  console.log(
    `Staff back office, ${total.toLocaleString('en')} stored enquiries (seeded in ${(seedTime / 1000).toFixed(1)} s), Chromium ${browser.version()}\n`,
  );

  // --- JavaScript of the staff pages ---------------------------------------------------------
  console.log('JavaScript loaded (the built files in site/dist/_astro, gzip level 9 as a CDN would serve them)');
  const token = await apiToken();
  for (const route of ['/login', '/view', '/editpage', '/dashboard']) {
    const context = await browser.newContext();
    if (route !== '/login')
      await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
        'login_T',
        token,
      ] as const);
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (response.request().resourceType() === 'script' || url.pathname.endsWith('.js')) scripts.add(url.pathname);
    });
    await page.goto(`${stack.url}${route}`, { waitUntil: 'networkidle' });
    const html = readFileSafe(join(DIST, route, 'index.html')) ?? Buffer.alloc(0);
    const inline = [...html.toString('utf8').matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
      .map((match) => match[1] ?? '')
      .join('');
    let raw = 0;
    let gzip = 0;
    const rows: string[] = [];
    for (const path of [...scripts].sort()) {
      const file = readFileSafe(join(DIST, path));
      if (!file) throw new Error(`${path} was loaded but is not in site/dist`);
      const size = gzipSync(file, { level: 9 }).length;
      raw += file.length;
      gzip += size;
      rows.push(
        `      ${path.replace('/_astro/', '').padEnd(36)} ${kib(file.length).padStart(10)} ${kib(size).padStart(10)}`,
      );
    }
    const inlineGzip = gzipSync(Buffer.from(inline), { level: 9 }).length;
    console.log(
      `  ${route.padEnd(10)} ${scripts.size} files: ${kib(raw)} minified, ${kib(gzip)} gzip; plus ${kib(inlineGzip)} gzip inline in the HTML`,
    );
    if (route === '/view') for (const row of rows) console.log(row);
    await context.close();
  }

  // --- Sign-in to the first page of the message box ------------------------------------------
  console.log(`\nClick on LOGIN -> first page of the message box (${PAGE_SIZE} rows rendered)`);
  const cold: number[] = [];
  const warm: number[] = [];
  const viewApi: number[] = [];
  const loginApi: number[] = [];
  for (let round = 0; round < LOGIN_ROUNDS; round += 1) {
    // A fresh profile: nothing cached, as on a new machine.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.on('requestfinished', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === '/api/view') viewApi.push(request.timing().responseEnd);
      if (path === '/api/login') loginApi.push(request.timing().responseEnd);
    });
    cold.push(await signInTimed(page));
    // The same profile again: the JavaScript comes from the HTTP cache, as on a staff member's desk.
    await page.evaluate(() => window.localStorage.clear());
    warm.push(await signInTimed(page));
    await context.close();
  }
  line('sign-in', 'fresh profile (nothing cached)', cold);
  line('sign-in', 'warm HTTP cache (signing in again)', warm);
  line('sign-in', '  of which POST /api/login (password check)', loginApi);
  line('sign-in', '  of which POST /api/view (request to response end)', viewApi);

  // --- Filter change to its result -----------------------------------------------------------
  console.log("\nFilter change (choose a section, click '검색') -> its first page rendered");
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), ['login_T', token] as const);
  const page = await context.newPage();
  const filterApi: number[] = [];
  page.on('requestfinished', (request) => {
    if (new URL(request.url()).pathname === '/api/view') filterApi.push(request.timing().responseEnd);
  });
  await page.goto(`${stack.url}/view`);
  await rowsRendered(page);
  filterApi.length = 0;
  const sectionOnly: number[] = [];
  const withDates: number[] = [];
  // Sections in turn, so every change shows other rows than the one before.
  for (let round = 0; round < FILTER_ROUNDS; round += 1) {
    const section = SECTION_VALUES[round % SECTION_VALUES.length] ?? '병원예약';
    sectionOnly.push(await filterTimed(page, section));
  }
  const sectionApi = filterApi.splice(0);
  // About a month in the middle of the stored enquiries (less when fewer are stored), with a section.
  const span = ENQUIRIES * SPACING_MS;
  const middle = Date.now() - span / 2;
  const half = Math.min(15 * 24 * 60 * 60_000, span / 4);
  const [from, to] = [formatKoreaDate(middle - half), formatKoreaDate(middle + half)];
  for (let round = 0; round < FILTER_ROUNDS; round += 1) {
    const section = SECTION_VALUES[round % SECTION_VALUES.length] ?? '병원예약';
    withDates.push(await filterTimed(page, section, { from, to }));
  }
  line('filter', 'section', sectionOnly);
  line('filter', '  of which POST /api/view', sectionApi);
  line('filter', `section + dates ${from}..${to}`, withDates);
  line('filter', '  of which POST /api/view', filterApi);
  await context.close();

  // Every day of the last 90 full (one enquiry every 5 minutes: 288 a day, most of them answered): the heaviest read here.
  dashboardFigures.push({
    ...(await measureDashboard(
      stack,
      browser,
      token,
      `${total.toLocaleString('en')}, ${Math.round((24 * 60 * 60_000) / SPACING_MS)}/day`,
      DASHBOARD_ROUNDS,
    )),
    stored: total,
  });
} finally {
  await browser?.close();
  await stack.dispose();
}

// --- The dashboard and the work lists at each size, the last 90 days alike ------------------
const shapedFigures: DashboardFigures[] = [];
for (const size of SIZES) {
  const shaped = await benchStack();
  const shapedBrowser = await launchBrowser();
  try {
    const recent = Math.min(size, RECENT).toLocaleString('en');
    const seedTime = await seedShaped(shaped, size);
    console.log(
      `\n(${size.toLocaleString('en')} enquiries, ${recent} of them in the last 90 days, on a stack of their own, seeded in ${(seedTime / 1000).toFixed(1)} s)`,
    );
    shapedFigures.push({
      ...(await measureDashboard(
        shaped,
        shapedBrowser,
        await apiToken(shaped),
        `${size.toLocaleString('en')}, ${recent} in 90 d`,
        DASHBOARD_ROUNDS,
      )),
      stored: size,
    });
  } finally {
    await shapedBrowser.close();
    await shaped.dispose();
  }
}
printDashboardFigures([...shapedFigures, ...dashboardFigures]);

// --- CSV exports in the background, at each size of BENCH_EXPORT_ROWS --------------------------
console.log(`\n${EXPORT_HEADING}`);
await measureExports(exportSizes());

/** Clicks LOGIN on the sign-in page and waits for the message box's first page. */
async function signInTimed(target: Page): Promise<number> {
  await target.goto(`${stack.url}/login`);
  await target.locator('input[name="email"]').fill(BENCH_STAFF.email);
  await target.locator('input[name="pass"]').fill(BENCH_STAFF.password);
  const button = target.getByRole('button', { name: 'LOGIN' });
  await button.waitFor();
  const [, took] = await timed(async () => {
    await button.click();
    await target.waitForURL(`${stack.url}/view`);
    await rowsRendered(target);
  });
  return took;
}

function apiToken(target = stack): Promise<string> {
  return benchToken(target);
}

/** Waits until the message box shows a full page (13 rows), optionally all of one section. */
async function rowsRendered(page: Page, section?: string): Promise<void> {
  await page.waitForFunction(
    ([size, wanted]) => {
      const box = document.querySelector('[aria-busy]');
      if (!box || box.getAttribute('aria-busy') !== 'false') return false;
      const rows = [...document.querySelectorAll('table.messages tbody tr')];
      if (rows.length !== size) return false;
      return !wanted || rows.every((row) => row.querySelectorAll('td')[5]?.textContent === wanted);
    },
    [PAGE_SIZE, section] as const,
    { polling: 'raf', timeout: 60_000 },
  );
}

/** Sets the filter form, clicks '검색' and waits for the new first page. */
async function filterTimed(page: Page, section: string, dates?: { from: string; to: string }): Promise<number> {
  const form = page.getByRole('form', { name: '검색 조건' });
  await form.locator('select').selectOption(section);
  await page.getByLabel('시작일').fill(dates?.from ?? '');
  await page.getByLabel('종료일').fill(dates?.to ?? '');
  const search = page.getByRole('button', { name: '검색' });
  const [, took] = await timed(async () => {
    await search.click();
    await page.waitForURL(
      (url) =>
        url.searchParams.get('section') === section && (url.searchParams.get('from') ?? '') === (dates?.from ?? ''),
    );
    await rowsRendered(page, section);
  });
  return took;
}
