/**
 * The message box's CSV download in Debian's Chromium: the file of the
 * current filter, caught as a browser download and parsed back (UTF-8 BOM,
 * header, text in six scripts intact, a formula-looking name made harmless),
 * and a large export, made in the background: a progress bar (rows written
 * of the total) while the page follows the job, then the file from its
 * short-lived link to the export bucket, arriving whole in the browser.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../shared/auth';
import { formatKoreaDate } from '../../../shared/korea-time';
import { documentClient } from '../../../functions/platform/wiring/dynamodb-client';
import { seedEnquiries } from '../../../local/seed/enquiries';
import { launchBrowser } from '../../support/browser';
import { type TestStack, enquiry, postJson, signIn, startTestStack } from '../../support/stack';
import { parseCsv } from '../../support/csv';
import { CSV_COLUMNS, csvHeader } from '../../../shared/exports/csv';
import { eventually } from '../../support/page-checks';

/** Retries until the page shows what is expected; a loaded 2-core machine can take seconds. */

const HEADER = [...CSV_COLUMNS];
const FORMULA = '=HYPERLINK("x")';
/** Names in the six scripts of the site's languages, and one a spreadsheet would run as a formula. */
const NAMES = ['Anna Petrova', '김민수', 'Иван Петров', '王芳', 'Nguyễn Thị Hoa', '佐藤 花子', FORMULA];
const SEEDED = 80;
/** Small enough that the whole list goes through the export bucket, large enough for one day's few rows to be answered directly. */
const INLINE_MAX_BYTES = 2000;

let stack: TestStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let today: string;

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startTestStack({ env: { EXPORT_INLINE_MAX_BYTES: String(INLINE_MAX_BYTES) } }),
    launchBrowser(),
  ]);
  // Older enquiries first (seeded straight into the tables, ending two days ago), then today's from the API.
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
      Date.now() - 2 * 24 * 60 * 60_000,
      20 * 60_000,
    );
  } finally {
    db.destroy();
  }
  for (const [i, name] of NAMES.entries()) {
    const response = await postJson(stack, '/api/sendmail', {
      data: enquiry({ user_name: name, user_email: `sent${i}@example.test` }),
    });
    if (response.status !== 200) throw new Error(`sendmail answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
  }
  today = formatKoreaDate(Date.now());
  const token = await signIn(stack);
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    TOKEN_STORAGE_KEY,
    token,
  ] as const);
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await stack?.dispose();
});

interface Caught {
  download: Download;
  exportResponse: { url: string; contentType: string };
  bytes: Buffer;
}

/** Clicks 'CSV 다운로드' and catches the file the browser saves; `whileMade` runs while a background export is made. */
async function downloadCsv(expectedStatus: 200 | 202, whileMade?: () => Promise<void>): Promise<Caught> {
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/export.csv');
  const caught = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV 다운로드' }).click();
  const response = await answered;
  expect(response.status()).toBe(expectedStatus);
  await whileMade?.();
  const download = await caught;
  expect(await download.failure()).toBeNull();
  const path = await download.path();
  return {
    download,
    exportResponse: { url: response.url(), contentType: response.headers()['content-type'] ?? '' },
    bytes: await readFile(path),
  };
}

function decode(bytes: Buffer): string[][] {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  expect(text.startsWith('\uFEFF')).toBe(true);
  expect(text.endsWith('\r\n')).toBe(true);
  return parseCsv(text.slice(1));
}

describe('CSV download', () => {
  it("downloads the current filter's rows as data_<12 digits>.csv, parsed back intact", async () => {
    await page.goto(`${stack.url}/view`);
    await eventually(() => page.getByText(`총 ${SEEDED + NAMES.length}건`).isVisible()).toBe(true);
    await page.getByLabel('시작일').fill(today);
    await page.getByLabel('종료일').fill(today);
    await page.getByRole('button', { name: '검색' }).click();
    await eventually(() => page.getByText(`총 ${NAMES.length}건`).isVisible()).toBe(true);

    const { download, exportResponse, bytes } = await downloadCsv(200);
    expect(download.suggestedFilename()).toMatch(/^data_\d{12}\.csv$/);
    // The filter on screen is the filter of the file, answered directly (it is small).
    const asked = new URL(exportResponse.url).searchParams;
    expect(Object.fromEntries(asked)).toEqual({ from: today, to: today });
    expect(exportResponse.contentType).toMatch(/^text\/csv/);

    const rows = decode(bytes);
    expect(rows[0]).toEqual(HEADER);
    expect(
      bytes
        .subarray(3, 3 + 400)
        .toString('utf8')
        .startsWith(csvHeader().slice(1)),
    ).toBe(true);
    const body = rows.slice(1);
    expect(body).toHaveLength(NAMES.length);
    expect(body.every((row) => row.length === HEADER.length)).toBe(true);
    // Newest first; every script intact; the formula-looking name starts with an apostrophe.
    const names = body.map((row) => row[0]);
    expect(names).toEqual([`'${FORMULA}`, ...NAMES.slice(0, -1).reverse()]);
    expect(names).toContain('김민수');
    expect(names).toContain('Иван Петров');
    const [anna] = body.filter((row) => row[0] === 'Anna Petrova');
    // The eleven inherited columns first (docs/contract.md, 'The CSV row'); a phone number is written so a spreadsheet shows it as typed.
    expect(anna?.slice(0, 11)).toEqual([
      'Anna Petrova',
      '="+7 900 123-45-67"',
      'sent0@example.test',
      'Russian',
      '병원예약',
      '종합검진',
      '2036-12-10 09:30',
      '',
      '',
      '2',
      '1',
    ]);
    expect(anna?.slice(11, 14)).toEqual([expect.stringMatching(/^MT-\d{6}$/), 'new', '']);
  });

  it('shows a progress bar while a large export is made in the background, then downloads it in full from the export bucket', async () => {
    await page.getByRole('button', { name: '초기화' }).click();
    await eventually(() => page.getByText(`총 ${SEEDED + NAMES.length}건`).isVisible()).toBe(true);

    const total = SEEDED + NAMES.length;
    let shown: { label: string | null; max: number; value: number; text: string; buttonDisabled: boolean } | undefined;
    const { download, exportResponse, bytes } = await downloadCsv(202, async () => {
      // Too big to answer directly: a job, followed on the page with a progress bar of its rows. The bar is read in
      // one go the moment it appears (it may be gone a second later, when the file is ready).
      const handle = await page.waitForFunction(
        () => {
          const bar = document.querySelector('progress');
          const button = [...document.querySelectorAll('button')].find(
            (candidate) => candidate.textContent === '내려받는 중…',
          );
          return (
            bar && {
              label: bar.getAttribute('aria-label'),
              max: bar.max,
              value: bar.value,
              text: bar.parentElement?.textContent ?? '',
              buttonDisabled: button?.disabled === true,
            }
          );
        },
        undefined,
        { polling: 'raf', timeout: 15_000 },
      );
      shown = (await handle.jsonValue()) as typeof shown;
    });
    expect(shown).toMatchObject({ label: 'CSV 파일 만드는 중', max: total, buttonDisabled: true });
    expect(shown?.value).toBeLessThanOrEqual(total);
    expect(shown?.text).toMatch(new RegExp(`^CSV 파일 만드는 중: [\\d,]+ / ${total}건`));
    expect(exportResponse.contentType).toMatch(/^application\/json/);
    expect(new URL(exportResponse.url).search).toBe('');
    expect(download.url()).not.toContain(new URL(stack.url).host);
    expect(download.url()).toContain('X-Amz-Signature=');
    expect(download.suggestedFilename()).toMatch(/^data_\d{12}\.csv$/);
    expect(bytes.length).toBeGreaterThan(INLINE_MAX_BYTES);

    const rows = decode(bytes);
    expect(rows[0]).toEqual(HEADER);
    const body = rows.slice(1);
    expect(body).toHaveLength(SEEDED + NAMES.length);
    expect(new Set(body.map((row) => row[2])).size).toBe(SEEDED + NAMES.length);
    expect(body[0]?.[0]).toBe(`'${FORMULA}`);
    // Seeded names in Hangul, Cyrillic, Han, Vietnamese and Japanese came through intact.
    const names = body.map((row) => row[0] ?? '');
    for (const stem of ['김민수', 'Иван Иванов', '王芳', 'Nguyễn Văn An', '佐藤 花子'])
      expect(names.some((name) => name.startsWith(`${stem} `))).toBe(true);
    // The page is still the message box; the download did not navigate away; the bar is gone and the saving announced.
    expect(new URL(page.url()).pathname).toBe('/view');
    await eventually(() => page.getByRole('progressbar').count()).toBe(0);
    await eventually(() => page.getByRole('status').filter({ hasText: 'CSV 파일을 내려받았습니다.' }).count()).toBe(1);
  });
});
