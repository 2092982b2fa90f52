/**
 * The dashboard in Debian's Chromium against a local stack: enquiries sent
 * through the API from several page languages, worked and answered; a staff
 * member signs in, follows the sidebar to /dashboard, and sees the charts drawn
 * from those figures, each with its description and data table, switches to
 * 90 days, downloads the monthly CSV, and reads it all at 768 px without
 * scrolling sideways. axe finds nothing to fix.
 */
import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONTHLY_CSV_COLUMNS } from '../../../shared/dashboard/dashboard';
import { formatKoreaDate } from '../../../shared/korea-time';
import { launchBrowser } from '../../support/browser';
import { parseCsv } from '../../support/csv';
import { STAFF, type TestStack, enquiry, postJson, signIn, startTestStack } from '../../support/stack';
import { eventually } from '../../support/page-checks';

const HOUR = 60 * 60_000;
/** The stack's clock: three days ago while enquiries arrive, then now. */
const realNow = Date.now();
const clock = { at: realNow - 3 * 24 * HOUR, now: () => clock.at };
const TODAY = formatKoreaDate(realNow);
const EARLIER = formatKoreaDate(realNow - 3 * 24 * HOUR);

let stack: TestStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;

async function send(overrides: Record<string, unknown>) {
  const response = await postJson(stack, '/api/sendmail', { data: enquiry(overrides) });
  if (response.status !== 200) throw new Error(`sendmail answered ${response.status}: ${await response.text()}`);
  await response.arrayBuffer();
}

async function change(path: string, token: string, index: number, data: Record<string, unknown>) {
  const response = await postJson(stack, path, { data: { index, version: 0, ...data } }, token);
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  await response.arrayBuffer();
}

beforeAll(async () => {
  [stack, browser] = await Promise.all([startTestStack({ clock }), launchBrowser()]);
  // Three days ago: four enquiries from four page languages; two hours later one is answered and one closed.
  await send({ user_name: 'Emma', user_email: 'emma@example.test', page_locale: 'en' });
  await send({
    user_name: '민수',
    user_email: 'minsu@example.test',
    page_locale: 'ko',
    section: '호텔예약',
    hotel: 'Grand',
    finish: '2036-12-12',
  });
  await send({
    user_name: '王芳',
    user_email: 'wang@example.test',
    page_locale: 'zh',
    section: '컨시어지',
    destination: 'Airport',
  });
  await send({
    user_name: 'Иван',
    user_email: 'ivan@example.test',
    page_locale: 'ru',
    section: '통역예약',
    destination: 'Hotel',
  });
  clock.at += 2 * HOUR;
  const then = await signIn(stack);
  await change('/api/enquiry/reply', then, 1, { subject: 'Your enquiry', body: 'Hello Emma' });
  await change('/api/enquiry/work', then, 2, { status: 'closed' });
  // Today: two more, from the Vietnamese and Japanese pages, and a spam bot nobody counts.
  clock.at = realNow;
  await send({ user_name: 'An', user_email: 'an@example.test', page_locale: 'vi' });
  await send({ user_name: '花子', user_email: 'hanako@example.test', page_locale: 'ja' });
  await send({ user_name: 'Bot', website: 'http://spam.example', page_locale: 'en' });
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await stack?.dispose();
});

/** Waits until the dashboard has drawn its figures. */
async function drawn(target: Page) {
  await target.locator('.dash[aria-busy="false"] [data-chart="sections"] svg').waitFor();
}

/** A chart's data table as rows of cell texts (its <details> need not be open). */
async function tableOf(target: Page, chart: string): Promise<string[][]> {
  return target
    .locator(`[data-chart="${chart}"] table tr`)
    .evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => (cell.textContent ?? '').trim())));
}

describe('the dashboard', () => {
  it('is reached from the sidebar after signing in', async () => {
    await page.goto(`${stack.url}/login`);
    await page.locator('input[name="email"]').fill(STAFF.email);
    await page.locator('input[name="pass"]').fill(STAFF.password);
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await page.waitForURL(`${stack.url}/view`);
    await page.getByRole('navigation', { name: '관리자 메뉴' }).getByRole('link', { name: '대시보드' }).click();
    await page.waitForURL(`${stack.url}/dashboard`);
    await drawn(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('대시보드');
    expect(await page.getByRole('link', { name: '대시보드' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('button', { name: '최근 30일' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('draws received enquiries by section and by page language from the figures sent through the API', async () => {
    // Stacked bars: one rectangle per section and day with enquiries: four sections three days ago, one today.
    const bars = page.locator('[data-chart="sections"] svg rect');
    expect(await bars.count()).toBe(5);
    expect(await bars.locator('title').allTextContents()).toEqual(
      expect.arrayContaining([`${EARLIER} 호텔예약 1건`, `${TODAY} 병원예약 2건`]),
    );
    // One line per page language.
    expect(await page.locator('[data-chart="locales"] svg polyline').count()).toBe(6);
    const sectionLegend = await page.locator('[data-chart="sections"] .dash-legend li').allTextContents();
    expect(sectionLegend).toEqual(['병원예약 3건', '컨시어지 1건', '호텔예약 1건', '통역예약 1건']);
    const localeLegend = await page.locator('[data-chart="locales"] .dash-legend li').allTextContents();
    expect(localeLegend).toEqual([
      '영어 페이지 1건',
      '한국어 페이지 1건',
      '중국어 페이지 1건',
      '러시아어 페이지 1건',
      '베트남어 페이지 1건',
      '일본어 페이지 1건',
    ]);
  });

  it('gives every chart a name, a description and a data table', async () => {
    const sections = page.getByRole('img', { name: '일별 접수 (문의 구분별)' });
    expect(await sections.count()).toBe(1);
    const described = async (image: ReturnType<Page['getByRole']>) =>
      page.locator(`[id="${(await image.getAttribute('aria-describedby')) ?? 'missing'}"]`).textContent();
    expect(await described(sections)).toMatch(
      /^최근 30일 접수 6건\. 병원예약 3건, 컨시어지 1건, 호텔예약 1건, 통역예약 1건\./,
    );
    expect(await described(page.getByRole('img', { name: '일별 접수 (문의 페이지 언어별)' }))).toContain(
      '베트남어 페이지 1건',
    );
    // Open: two of today (under a day), two of three days ago (3-7 days); one answered, one closed.
    expect(await described(page.getByRole('img', { name: '미처리 문의 (접수 후 경과일)' }))).toBe(
      '미처리 문의 4건: 1일 미만 2건, 1~3일 0건, 3~7일 2건, 7~30일 0건, 30일 이상 0건.',
    );

    const sectionTable = await tableOf(page, 'sections');
    expect(sectionTable[0]).toEqual(['날짜', '병원예약', '컨시어지', '호텔예약', '통역예약', '합계']);
    expect(sectionTable).toHaveLength(1 + 30 + 1);
    expect(sectionTable.find((row) => row[0] === TODAY)).toEqual([TODAY, '2', '0', '0', '0', '2']);
    expect(sectionTable.find((row) => row[0] === EARLIER)).toEqual([EARLIER, '1', '1', '1', '1', '4']);
    expect(sectionTable.at(-1)).toEqual(['합계', '3', '1', '1', '1', '6']);
    expect(await tableOf(page, 'open-age')).toEqual([
      ['경과일', '미처리'],
      ['1일 미만', '2'],
      ['1~3일', '0'],
      ['3~7일', '2'],
      ['7~30일', '0'],
      ['30일 이상', '0'],
      ['합계', '4'],
    ]);
    // The table opens on demand.
    const details = page.locator('[data-chart="locales"] details');
    await details.locator('summary').click();
    await eventually(() => details.locator('table').isVisible()).toBe(true);

    // The median reply time: one reply, two hours after receipt.
    const median = page.locator('.dash-median');
    expect(await median.locator('.dash-big').textContent()).toBe('2시간');
    expect(await median.textContent()).toContain('방문자의 마지막 메시지부터 답장까지, 최근 30일에 보낸 답장 1건 기준');
  });

  it('switches to 90 days and keeps the choice in the address', async () => {
    await page.getByRole('button', { name: '최근 90일' }).click();
    await eventually(() => page.getByRole('button', { name: '최근 90일' }).getAttribute('aria-pressed')).toBe('true');
    await drawn(page);
    expect(new URL(page.url()).search).toBe('?days=90');
    await eventually(async () => (await tableOf(page, 'sections')).length).toBe(1 + 90 + 1);
    await page.reload();
    await drawn(page);
    expect(await page.getByRole('button', { name: '최근 90일' }).getAttribute('aria-pressed')).toBe('true');
  });

  it("downloads the month's report as CSV", async () => {
    const month = TODAY.slice(0, 7);
    expect(await page.getByLabel('보고서 월').inputValue()).toBe(month);
    const caught = page.waitForEvent('download');
    await page.getByRole('button', { name: '월간 보고서 CSV' }).click();
    const download = await caught;
    expect(download.suggestedFilename()).toBe(`dashboard_${month}.csv`);
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.toString('utf8').slice(1));
    expect(rows[0]).toEqual([...MONTHLY_CSV_COLUMNS]);
    expect(rows.at(-2)?.[0]).toBe(TODAY);
    expect(rows.at(-2)?.[1]).toBe('2');
    const total = rows.at(-1) ?? [];
    expect(total[0]).toBe('total');
    // Enquiries of three days ago are in this month's total only if that was still this month.
    expect(Number(total[1])).toBe(EARLIER.startsWith(month) ? 6 : 2);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  });

  it('has nothing axe finds to fix (WCAG 2.2 AA)', async () => {
    const result = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(result.passes.length).toBeGreaterThan(0);
    expect(
      result.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => JSON.stringify(node.target)).join(' ')}`,
      ),
    ).toEqual([]);
  });

  it('fits 768 px without scrolling sideways, every chart within the page', async () => {
    const narrow = await browser.newContext({ viewport: { width: 768, height: 1024 } });
    const token = await signIn(stack);
    await narrow.addInitScript(([key, value]) => window.localStorage.setItem(key, value), ['login_T', token] as const);
    const small = await narrow.newPage();
    await small.goto(`${stack.url}/dashboard?days=90`);
    await drawn(small);
    // The data tables open too: wide tables scroll inside their box, never the page.
    for (const summary of await small.locator('details summary').all()) await summary.click();
    const widths = await small.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    for (const chart of await small.locator('svg.dash-chart').all()) {
      const box = await chart.boundingBox();
      expect(box?.x).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(768);
      expect(box?.height).toBeGreaterThan(100);
    }
    await narrow.close();
  });
});
