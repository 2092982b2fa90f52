/**
 * `npm run bench:site`: figures of the six public pages on a scratch stack.
 * Per page: the built HTML (with its inlined critical CSS) gzipped; the
 * JavaScript loaded before any interaction and in total once the page has
 * been scrolled to the bottom (gzip of the script bodies), the requests
 * before interaction; and Lighthouse mobile scores (default mobile form
 * factor, simulated throttling) with LCP, TBT and CLS.
 *
 * Chromium is Debian's /usr/bin/chromium (CHROMIUM_PATH to change it); nothing
 * is downloaded. Absolute timings depend on this machine; the scores use
 * Lighthouse's simulated throttling.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildSiteIfStale } from '../local/site-build';
import { LOCALES } from '../shared/locales';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, launchBrowser } from '../tests/support/browser';
import { benchStack, kib } from './support';

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];
const dist = fileURLToPath(new URL('../site/dist', import.meta.url));

interface PageFigures {
  route: string;
  htmlBytes: number;
  htmlGzip: number;
  jsBeforeGzip: number;
  jsTotalGzip: number;
  requestsBefore: number;
  requestsTotal: number;
  scores: Record<'performance' | 'accessibility' | 'best-practices' | 'seo', number | null>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  renderBlocking: number;
}

function builtHtml(route: string): Buffer {
  return readFileSync(join(dist, route === '/' ? 'index.html' : join(route.slice(1), 'index.html')));
}

await buildSiteIfStale();
const stack = await benchStack();
const browser = await launchBrowser();
const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });

/** JavaScript and request counts from Playwright: before interaction, and after scrolling to the bottom. */
async function loadFigures(route: string) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const scripts: Promise<number>[] = [];
  let requests = 0;
  page.on('request', () => {
    requests += 1;
  });
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.body().then((body) => gzipSync(body).length, () => 0));
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

  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, document.documentElement.scrollHeight);
  });
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
  await settle();
  const figures = { requestsBefore, jsBeforeGzip, jsTotalGzip: await sum(), requestsTotal: requests };
  await context.close();
  return figures;
}

async function lighthouseFigures(route: string) {
  const result = await lighthouse(`${stack.url}${route}`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${route}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${route}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id: string) => {
    const value = lhr.categories[id]?.score;
    return value === null || value === undefined ? null : Math.round(value * 100);
  };
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failing = Object.values(lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual' && audit.scoreDisplayMode !== 'notApplicable')
    .map((audit) => `${audit.id} (${audit.score})`);
  const renderBlocking = (lhr.audits['render-blocking-resources']?.details as { items?: unknown[] } | undefined)?.items?.length ?? 0;
  return {
    scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices'), seo: score('seo') },
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    renderBlocking,
    failing,
  };
}

const rows: PageFigures[] = [];
const notes: string[] = [];
try {
  for (const locale of LOCALES) {
    const html = builtHtml(locale.route);
    const load = await loadFigures(locale.route);
    const audit = await lighthouseFigures(locale.route);
    rows.push({ route: locale.route, htmlBytes: html.length, htmlGzip: gzipSync(html).length, ...load, ...audit });
    if (audit.failing.length) notes.push(`${locale.route}: audits below 1: ${audit.failing.join(', ')}`);
    process.stderr.write(`measured ${locale.route}\n`);
  }
} finally {
  await browser.close();
  chrome.kill();
  await stack.dispose();
}

const columns: [string, (row: PageFigures) => string][] = [
  ['page', (row) => row.route],
  ['HTML', (row) => kib(row.htmlBytes)],
  ['HTML gz', (row) => kib(row.htmlGzip)],
  ['JS gz before', (row) => kib(row.jsBeforeGzip)],
  ['JS gz total', (row) => kib(row.jsTotalGzip)],
  ['req before', (row) => String(row.requestsBefore)],
  ['req total', (row) => String(row.requestsTotal)],
  ['perf', (row) => String(row.scores.performance ?? '-')],
  ['a11y', (row) => String(row.scores.accessibility ?? '-')],
  ['best pr.', (row) => String(row.scores['best-practices'] ?? '-')],
  ['SEO', (row) => String(row.scores.seo ?? '-')],
  ['LCP', (row) => `${(row.lcpMs / 1000).toFixed(2)} s`],
  ['TBT', (row) => `${Math.round(row.tbtMs)} ms`],
  ['CLS', (row) => row.cls.toFixed(3)],
  ['render-blocking', (row) => String(row.renderBlocking)],
];
const cells = rows.map((row) => columns.map(([, cell]) => cell(row)));
const widths = columns.map(([title], index) => Math.max(title.length, ...cells.map((line) => line[index]!.length)));
const line = (values: string[]) => `| ${values.map((value, index) => (index === 0 ? value.padEnd(widths[index]!) : value.padStart(widths[index]!))).join(' | ')} |`;

console.log('Public pages (scratch stack on this machine; Lighthouse 12 mobile, simulated throttling; gzip by zlib level 6)');
console.log(line(columns.map(([title]) => title)));
console.log(`|${widths.map((width, index) => (index === 0 ? `:${'-'.repeat(width + 1)}` : `${'-'.repeat(width + 1)}:`)).join('|')}|`);
for (const values of cells) console.log(line(values));
console.log('HTML gz includes the inlined critical CSS. JS counts script responses only (inline scripts are part of the HTML).');
for (const note of notes) console.log(note);
