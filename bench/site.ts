/**
 * `npm run bench:site`: figures of the six public pages on a scratch stack.
 * Per page: the built HTML (with its inlined critical CSS) gzipped; the
 * JavaScript loaded before any interaction and in total once the page has
 * been scrolled to the bottom (gzip of the script bodies), the requests
 * before interaction; and Lighthouse mobile (default mobile form factor,
 * simulated throttling), run three times in a row per page (BENCH_SITE_RUNS
 * to change it; BENCH_SITE_PAGES to measure some pages only): the median and
 * the worst of each score, LCP, TBT and CLS, the main thread's CPU and
 * wall-clock time, and what the worst run's trace says set LCP and TBT;
 * TBT also as the part the browser's own navigation work makes. Then the same
 * runs of a control page (bench/control-page.ts), the floor of this machine.
 *
 * Chromium is Debian's /usr/bin/chromium (CHROMIUM_PATH to change it); nothing
 * is downloaded. The Korean, Chinese and Japanese fonts (Debian's
 * fonts-noto-cjk) must be there, as on a phone; run as root, it installs them.
 * Without fontconfig's fc-list they cannot be checked: it says so and goes on.
 * Lighthouse simulates a phone's network and CPU from what it observes on this
 * machine, so a busy machine inflates the CPU part: the load average is
 * printed with the figures.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launch } from 'chrome-launcher';
import { buildSiteIfStale } from '../local/cli/site-build';
import { LOCALES } from '../shared/locales';
import { HTML_GZIP_BUDGET_BYTES, LIGHTHOUSE_PHONE, scrollThrough } from '../tests/e2e/pages';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, launchBrowser } from '../tests/support/browser';
import { ensureFonts } from '../tests/support/browser-tools';
import { serveControlPage } from './control-page';
import { CATEGORIES, type Category, type LighthouseRun, lighthouseRun } from './site-lighthouse';
import { recordFigure } from './figures';
import { benchStack, kib, percentile } from './support';

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];
const RUNS = Number(process.env['BENCH_SITE_RUNS'] ?? 3);
/** BENCH_SITE_PAGES=/KrPage,/JpPage measures only those pages. */
const ONLY = process.env['BENCH_SITE_PAGES']?.split(',');
const PAGES = LOCALES.filter((locale) => !ONLY || ONLY.includes(locale.route));
const dist = fileURLToPath(new URL('../site/dist', import.meta.url));

/** The targets of the public pages (docs/decisions.md, 'Quality bars'): what a page must reach in every run. */
const TARGETS = { score: 100, lcpMs: 800, tbtMs: 50, cls: 0, htmlGzipBytes: HTML_GZIP_BUDGET_BYTES };

interface PageFigures {
  route: string;
  htmlBytes: number;
  htmlGzip: number;
  jsBeforeGzip: number;
  jsTotalGzip: number;
  requestsBefore: number;
  requestsTotal: number;
  runs: LighthouseRun[];
}

function builtHtml(route: string): Buffer {
  return readFileSync(join(dist, route === '/' ? 'index.html' : join(route.slice(1), 'index.html')));
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
const loadAtStart = load();

// Korean, Chinese and Japanese text laid out with its fonts, as every phone has them. Without them Chromium
// looks for a fallback for each such character and the pages measured are ones no visitor sees (measured
// here: LCP worst 0.86 s and TBT worst 111 ms without, 0.77 s and 29 ms with fonts-noto-cjk).
const CJK_FONTS = {
  name: 'fonts for Korean, Chinese and Japanese',
  languages: ['ko', 'zh', 'ja'],
  debianPackage: 'fonts-noto-cjk',
};
ensureFonts(CJK_FONTS, 'Measuring the pages as a phone shows them needs', 'npm run bench:site');
await buildSiteIfStale();
const stack = await benchStack();
const browser = await launchBrowser();
const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });

/** JavaScript and request counts from Playwright: before interaction, and after scrolling to the bottom. */
async function loadFigures(route: string) {
  const context = await browser.newContext(LIGHTHOUSE_PHONE);
  // tsx (esbuild's keepNames) wraps the named functions inside page.evaluate callbacks in `__name(...)`, which only exists in Node.
  await context.addInitScript('globalThis.__name = (target) => target;');
  const page = await context.newPage();
  const scripts: Promise<number>[] = [];
  let requests = 0;
  page.on('request', () => {
    requests += 1;
  });
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.push(
        response.body().then(
          (body) => gzipSync(body).length,
          () => 0,
        ),
      );
  });
  const settle = async () => {
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
  };
  const sum = async () => (await Promise.all(scripts)).reduce((total, bytes) => total + bytes, 0);

  await page.goto(`${stack.url}${route}`, { waitUntil: 'load' });
  await settle();
  const requestsBefore = requests;
  const jsBeforeGzip = await sum();

  // Every island hydrates on the way down (one a quick scroll passed by is brought into view again).
  await scrollThrough(page);
  await settle();
  const figures = { requestsBefore, jsBeforeGzip, jsTotalGzip: await sum(), requestsTotal: requests };
  await context.close();
  return figures;
}

const rows: PageFigures[] = [];
const controlRuns: LighthouseRun[] = [];
try {
  for (const locale of PAGES) {
    const html = builtHtml(locale.route);
    const figures = await loadFigures(locale.route);
    const runs: LighthouseRun[] = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await lighthouseRun(`${stack.url}${locale.route}`, chrome.port));
    const htmlGzip = gzipSync(html).length;
    rows.push({ route: locale.route, htmlBytes: html.length, htmlGzip, ...figures, runs });
    runs.forEach((run, index) =>
      recordFigure({
        kind: 'lighthouse',
        page: locale.route,
        run: index + 1,
        performance: run.scores.performance ?? 0,
        accessibility: run.scores.accessibility ?? 0,
        bestPractices: run.scores['best-practices'] ?? 0,
        seo: run.scores.seo ?? 0,
        lcpMs: run.lcpMs,
        tbtMs: run.tbtMs,
        tbtBrowserMs: run.tbtBrowserMs,
        cls: run.cls,
        htmlCssGzKiB: htmlGzip / 1024,
      }),
    );
    process.stderr.write(`measured ${locale.route}\n`);
  }
  const control = await serveControlPage();
  try {
    for (let run = 0; run < RUNS; run += 1) controlRuns.push(await lighthouseRun(control.url, chrome.port));
  } finally {
    await control.close();
  }
} finally {
  await browser.close();
  chrome.kill();
  await stack.dispose();
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
/** "median/worst" of a figure over the runs; `worst` picks the lowest score or the highest time. */
const spread = (
  row: PageFigures,
  pick: (run: LighthouseRun) => number,
  worst: (values: number[]) => number,
  format: (value: number) => string,
) => {
  const values = row.runs.map(pick);
  return `${format(median(values))}/${format(worst(values))}`;
};
const lowest = (values: number[]) => Math.min(...values);
const highest = (values: number[]) => Math.max(...values);
const scoreOf = (id: Category) => (run: LighthouseRun) => run.scores[id] ?? Number.NaN;
const seconds = (ms: number) => (ms / 1000).toFixed(2);

const columns: [string, (row: PageFigures) => string][] = [
  ['page', (row) => row.route],
  ['HTML', (row) => kib(row.htmlBytes)],
  ['HTML gz', (row) => kib(row.htmlGzip)],
  ['JS gz before', (row) => kib(row.jsBeforeGzip)],
  ['JS gz total', (row) => kib(row.jsTotalGzip)],
  ['req before', (row) => String(row.requestsBefore)],
  ['req total', (row) => String(row.requestsTotal)],
  ...CATEGORIES.map((id): [string, (row: PageFigures) => string] => [
    { performance: 'perf', accessibility: 'a11y', 'best-practices': 'best pr.', seo: 'SEO' }[id],
    (row) => spread(row, scoreOf(id), lowest, String),
  ]),
  ['LCP s', (row) => spread(row, (run) => run.lcpMs, highest, seconds)],
  [
    'TBT ms',
    (row) =>
      spread(
        row,
        (run) => run.tbtMs,
        highest,
        (ms) => String(Math.round(ms)),
      ),
  ],
  [
    "TBT browser's ms",
    (row) =>
      spread(
        row,
        (run) => run.tbtBrowserMs,
        highest,
        (ms) => String(Math.round(ms)),
      ),
  ],
  [
    'CLS',
    (row) =>
      spread(
        row,
        (run) => run.cls,
        highest,
        (cls) => cls.toFixed(3),
      ),
  ],
  ['render-blocking', (row) => String(highest(row.runs.map((run) => run.renderBlocking)))],
  [
    'main thread CPU/wall ms',
    (row) =>
      `${Math.round(median(row.runs.map((run) => run.mainThread.cpuMs)))}/${Math.round(median(row.runs.map((run) => run.mainThread.wallMs)))}`,
  ],
];
const cells = rows.map((row) => columns.map(([, cell]) => cell(row)));
const widths = columns.map(([title], index) => Math.max(title.length, ...cells.map((line) => line[index]!.length)));
const line = (values: string[]) =>
  `| ${values.map((value, index) => (index === 0 ? value.padEnd(widths[index]!) : value.padStart(widths[index]!))).join(' | ')} |`;

/** Why a page misses a target in any run; none when it meets them all. */
function misses(row: PageFigures): string[] {
  const found: string[] = [];
  if (row.htmlGzip > TARGETS.htmlGzipBytes) found.push(`HTML gz ${kib(row.htmlGzip)} > ${kib(TARGETS.htmlGzipBytes)}`);
  for (const id of CATEGORIES)
    if (row.runs.some((run) => run.scores[id] !== TARGETS.score)) found.push(`${id} below ${TARGETS.score}`);
  if (row.runs.some((run) => run.lcpMs > TARGETS.lcpMs)) found.push(`LCP > ${seconds(TARGETS.lcpMs)} s`);
  const overTbt = row.runs.filter((run) => run.tbtMs > TARGETS.tbtMs);
  if (overTbt.length) {
    const runs = overTbt
      .map((run) => `${Math.round(run.tbtMs)} ms, of it the browser's ${Math.round(run.tbtBrowserMs)}`)
      .join('; ');
    found.push(`TBT > ${TARGETS.tbtMs} ms in ${overTbt.length} of ${row.runs.length} runs (${runs})`);
  }
  if (row.runs.some((run) => run.cls > TARGETS.cls)) found.push('layout shift');
  return found;
}

/** The run with the longest LCP plus TBT: its causes are the ones worth reading. */
const worstRun = (row: PageFigures) => [...row.runs].sort((a, b) => b.lcpMs + b.tbtMs - (a.lcpMs + a.tbtMs))[0];

console.log(
  `Public pages (scratch stack on this machine; Lighthouse mobile, simulated throttling, ${RUNS} runs per page; gzip by zlib level 6)`,
);
console.log(
  `Load average (1 / 5 / 15 min) at start ${loadAtStart}, at end ${load()} on ${availableParallelism()} cores`,
);
console.log(line(columns.map(([title]) => title)));
console.log(
  `|${widths.map((width, index) => (index === 0 ? `:${'-'.repeat(width + 1)}` : `${'-'.repeat(width + 1)}:`)).join('|')}|`,
);
for (const values of cells) console.log(line(values));
console.log(
  'Lighthouse columns: median/worst of the runs. HTML gz includes the inlined critical CSS. JS counts script responses only (inline scripts are part of the HTML).',
);
console.log(
  'Main thread: the tasks of the page until its load event, median over the runs, as thread CPU time and as wall-clock time; Lantern scales the wall-clock time, so where it is several times the CPU time the machine was busy and LCP and TBT are inflated by that.',
);
console.log(
  "TBT browser's: the part of TBT from tasks Lighthouse attributes to neither the page nor a script (the browser committing the navigation and creating the page's JavaScript context), the same work for any page; a busy machine stretches it, and Lantern counts it four times over.",
);
const controlFigure = (pick: (run: LighthouseRun) => number, format: (value: number) => string) => {
  const values = controlRuns.map(pick);
  return `${format(median(values))}/${format(highest(values))}`;
};
console.log(
  `Control page (one heading and one paragraph, no script, style or image; same browser, ${controlRuns.length} runs, median/worst): ` +
    `LCP ${controlFigure((run) => run.lcpMs, seconds)} s, TBT ${controlFigure(
      (run) => run.tbtMs,
      (ms) => String(Math.round(ms)),
    )} ms, ` +
    `of it the browser's ${controlFigure(
      (run) => run.tbtBrowserMs,
      (ms) => String(Math.round(ms)),
    )} ms. What it shows is this machine's floor, not the site's.`,
);
console.log(
  `Targets: every score ${TARGETS.score}, LCP <= ${seconds(TARGETS.lcpMs)} s, TBT <= ${TARGETS.tbtMs} ms, no layout shift, HTML gz <= ${kib(TARGETS.htmlGzipBytes)}, in every run.`,
);
for (const row of rows) {
  const missed = misses(row);
  console.log(`\n${row.route}: ${missed.length ? `misses: ${missed.join('; ')}` : 'meets every target'}`);
  for (const cause of worstRun(row)?.causes ?? []) console.log(`  worst run: ${cause}`);
  const failing = [...new Set(row.runs.flatMap((run) => run.failing))];
  if (failing.length) console.log(`  audits below 1: ${failing.join(', ')}`);
}
