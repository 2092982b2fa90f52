/**
 * The message box over a few hundred enquiries in Debian's Chromium: the
 * section filter and a date range narrow the rows and the total, the page
 * links (5 around the current page, 3 margin pages at each end, 13 rows a
 * page), previous/next, and the page and filters kept in the address so
 * reload, back and the detail's back link all return to the same rows.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../shared/auth';
import { SECTION_VALUES } from '../../../shared/enquiries/enums';
import { formatKoreaDate, formatKoreaDateTime, startOfKoreaDay } from '../../../shared/korea-time';
import { documentClient } from '../../../functions/platform/wiring/dynamodb-client';
import { seedEnquiries } from '../../../local/seed/enquiries';
import { launchBrowser } from '../../support/browser';
import { type TestStack, signIn, startTestStack } from '../../support/stack';
import { eventually } from '../../support/page-checks';

/** Retries until the page shows what is expected; a loaded 2-core machine can take seconds. */

const COUNT = 300;
const SPACING_MS = 30 * 60_000;
/** The seeds end half an hour before this Korea midnight: 2026-03-01 18:00 to 2026-03-07 23:30, 48 a full day. */
const UNTIL = startOfKoreaDay('2026-03-08');
const PAGES = Math.ceil(COUNT / 13);

/** What the seeding wrote, by POST_INDEX (1-based), worked out the way `seedEnquiries` does. */
const seeded = Array.from({ length: COUNT }, (_, i) => {
  const received = UNTIL - COUNT * SPACING_MS + i * SPACING_MS;
  return {
    index: i + 1,
    section: SECTION_VALUES[i % SECTION_VALUES.length],
    day: formatKoreaDate(received),
    date: formatKoreaDateTime(received),
  };
});
/** Newest first, as the message box lists them. */
const newestFirst = [...seeded].reverse();

let stack: TestStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
  const db = documentClient({
    region: stack.aws.region,
    credentials: stack.aws.credentials,
    endpoint: stack.aws.endpoints?.dynamodb,
  });
  try {
    const { total } = await seedEnquiries(
      db,
      {
        enquiries: stack.tableNames.enquiries,
        counters: stack.tableNames.counters,
        aggregates: stack.tableNames.aggregates,
      },
      COUNT,
      UNTIL,
      SPACING_MS,
    );
    expect(total).toBe(COUNT);
  } finally {
    db.destroy();
  }
  const token = await signIn(stack);
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(
    ([key, value]) => {
      if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, value);
    },
    [TOKEN_STORAGE_KEY, token] as const,
  );
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await stack?.dispose();
});

interface Row {
  index: number;
  section: string;
  date: string;
}

/** The rows shown now (none while loading). */
async function rows(): Promise<Row[]> {
  return page.locator('table.messages tbody tr').evaluateAll((trs) =>
    trs.map((tr) => {
      const cells = [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim());
      // The first cell holds the number, then the reference.
      return { index: Number.parseInt(cells[0] ?? '', 10), section: cells[5] ?? '', date: cells[6] ?? '' };
    }),
  );
}

const indexes = async () => (await rows()).map((row) => row.index);

const total = () => page.locator('p.staff__muted', { hasText: /^총 / }).textContent();

/** The page links shown, in order (gaps as '…'), and the current page. */
async function pageLinks(): Promise<{ links: string[]; current: string | null }> {
  const nav = page.getByRole('navigation', { name: '페이지' });
  const links = await nav
    .locator('li')
    .evaluateAll((items) =>
      items.map((item) =>
        item.classList.contains('pagination__gap')
          ? '…'
          : (item.querySelector('button')?.getAttribute('aria-label') ?? ''),
      ),
    );
  const current = await nav.locator('button[aria-current="page"]').textContent();
  return {
    links: links
      .filter((label) => label !== '이전 페이지' && label !== '다음 페이지')
      .map((label) => label.replace('페이지', '')),
    current,
  };
}

/** The section select (its label also holds the option texts, so it is found through the filter form). */
const sectionSelect = () => page.getByRole('form', { name: '검색 조건' }).locator('select');

const query = () => Object.fromEntries(new URL(page.url()).searchParams);
const expectedPage = (list: typeof seeded, pageNumber: number) =>
  list.slice((pageNumber - 1) * 13, pageNumber * 13).map((entry) => entry.index);

describe('paging', () => {
  it('shows the newest 13 of all enquiries with the total and 5 links plus 3 margin pages', async () => {
    await page.goto(`${stack.url}/view`);
    await eventually(indexes).toEqual(expectedPage(newestFirst, 1));
    const first = await rows();
    expect(first[0]?.date).toBe(newestFirst[0]?.date);
    await eventually(total).toBe(`총 ${COUNT}건`);
    await eventually(pageLinks).toEqual({ links: ['1', '2', '3', '4', '5', '…', '22', '23', '24'], current: '1' });
    expect(PAGES).toBe(24);
    expect(await page.getByRole('button', { name: '이전 페이지' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: '다음 페이지' }).isEnabled()).toBe(true);
    expect(query()).toEqual({});
  });

  it('moves with next, a page link and previous, each page in the address', async () => {
    await page.getByRole('button', { name: '다음 페이지' }).click();
    await page.waitForURL(/\?page=2$/);
    await eventually(indexes).toEqual(expectedPage(newestFirst, 2));

    await page.getByRole('button', { name: '5페이지', exact: true }).click();
    await page.waitForURL(/\?page=5$/);
    await eventually(indexes).toEqual(expectedPage(newestFirst, 5));
    await eventually(pageLinks).toEqual({
      links: ['1', '2', '3', '4', '5', '6', '7', '…', '22', '23', '24'],
      current: '5',
    });

    await page.getByRole('button', { name: '7페이지', exact: true }).click();
    await page.waitForURL(/\?page=7$/);
    await page.getByRole('button', { name: '9페이지', exact: true }).click();
    await page.waitForURL(/\?page=9$/);
    await page.getByRole('button', { name: '11페이지', exact: true }).click();
    await page.waitForURL(/\?page=11$/);
    await page.getByRole('button', { name: '12페이지', exact: true }).click();
    await page.waitForURL(/\?page=12$/);
    await eventually(pageLinks).toEqual({
      links: ['1', '2', '3', '…', '10', '11', '12', '13', '14', '…', '22', '23', '24'],
      current: '12',
    });

    await page.getByRole('button', { name: '이전 페이지' }).click();
    await page.waitForURL(/\?page=11$/);
    await eventually(indexes).toEqual(expectedPage(newestFirst, 11));
  });

  it('keeps the page over a reload and goes back through the pages with the browser', async () => {
    await page.reload();
    expect(query()).toEqual({ page: '11' });
    await eventually(indexes).toEqual(expectedPage(newestFirst, 11));
    await eventually(async () => (await pageLinks()).current).toBe('11');

    await page.goBack();
    await page.waitForURL(/\?page=12$/);
    await eventually(indexes).toEqual(expectedPage(newestFirst, 12));
    await eventually(async () => (await pageLinks()).current).toBe('12');
    await page.goBack();
    await page.waitForURL(/\?page=11$/);
    await page.goBack();
    await page.waitForURL(/\?page=9$/);
    await eventually(indexes).toEqual(expectedPage(newestFirst, 9));
    await page.goForward();
    await page.waitForURL(/\?page=11$/);
    await eventually(indexes).toEqual(expectedPage(newestFirst, 11));
  });

  it('ends with the last page holding the remainder, next disabled', async () => {
    await page.getByRole('button', { name: '24페이지', exact: true }).click();
    await page.waitForURL(/\?page=24$/);
    await eventually(indexes).toEqual(expectedPage(newestFirst, 24));
    const last = await rows();
    expect(last).toHaveLength(COUNT - 23 * 13);
    await eventually(pageLinks).toEqual({ links: ['1', '2', '3', '…', '20', '21', '22', '23', '24'], current: '24' });
    expect(await page.getByRole('button', { name: '다음 페이지' }).isDisabled()).toBe(true);
  });
});

describe('filters', () => {
  const hotel = '호텔예약';
  const [from, to] = ['2026-03-03', '2026-03-04'];

  it('narrows the rows and the total to one section, back on page 1, the section in the address', async () => {
    await page.goto(`${stack.url}/view?page=3`);
    await eventually(indexes).toEqual(expectedPage(newestFirst, 3));
    await sectionSelect().selectOption(hotel);
    await page.getByRole('button', { name: '검색' }).click();
    await page.waitForURL((url) => url.searchParams.get('section') === hotel);
    expect(query()).toEqual({ section: hotel });
    const expected = newestFirst.filter((entry) => entry.section === hotel);
    await eventually(indexes).toEqual(expectedPage(expected, 1));
    const shown = await rows();
    expect(shown.every((row) => row.section === hotel)).toBe(true);
    await eventually(total).toBe(`총 ${expected.length}건`);
    expect(expected).toHaveLength(75);
    await eventually(pageLinks).toEqual({ links: ['1', '2', '3', '4', '5', '6'], current: '1' });
  });

  it('narrows further with a date range (Korea days), across pages, and keeps it all over a reload', async () => {
    await page.getByLabel('시작일').fill(from);
    await page.getByLabel('종료일').fill(to);
    await page.getByRole('button', { name: '검색' }).click();
    await page.waitForURL((url) => url.searchParams.get('from') === from);
    expect(query()).toEqual({ section: hotel, from, to });
    const expected = newestFirst.filter((entry) => entry.section === hotel && entry.day >= from && entry.day <= to);
    expect(expected).toHaveLength(24);
    await eventually(indexes).toEqual(expectedPage(expected, 1));
    const first = await rows();
    expect(first.every((row) => row.section === hotel && row.date >= from && row.date < '2026-03-05')).toBe(true);
    await eventually(total).toBe('총 24건');
    await eventually(pageLinks).toEqual({ links: ['1', '2'], current: '1' });

    await page.getByRole('button', { name: '다음 페이지' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    expect(query()).toEqual({ page: '2', section: hotel, from, to });
    await eventually(indexes).toEqual(expectedPage(expected, 2));
    expect(await page.getByRole('button', { name: '다음 페이지' }).isDisabled()).toBe(true);

    await page.reload();
    await eventually(indexes).toEqual(expectedPage(expected, 2));
    await eventually(total).toBe('총 24건');
    // The filter form shows the filters it came back with.
    expect(await sectionSelect().inputValue()).toBe(hotel);
    expect(await page.getByLabel('시작일').inputValue()).toBe(from);
    expect(await page.getByLabel('종료일').inputValue()).toBe(to);
  });

  it('narrows by a date range alone', async () => {
    await sectionSelect().selectOption('');
    await page.getByRole('button', { name: '검색' }).click();
    await page.waitForURL((url) => !url.searchParams.has('section'));
    expect(query()).toEqual({ from, to });
    const expected = newestFirst.filter((entry) => entry.day >= from && entry.day <= to);
    expect(expected).toHaveLength(96);
    await eventually(total).toBe(`총 ${expected.length}건`);
    await eventually(indexes).toEqual(expectedPage(expected, 1));
    await eventually(pageLinks).toEqual({ links: ['1', '2', '3', '4', '5', '6', '7', '8'], current: '1' });
  });

  it('goes back to the previous filters with the browser', async () => {
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('section') === hotel);
    expect(query()).toEqual({ page: '2', section: hotel, from, to });
    const expected = newestFirst.filter((entry) => entry.section === hotel && entry.day >= from && entry.day <= to);
    await eventually(indexes).toEqual(expectedPage(expected, 2));
    await eventually(total).toBe('총 24건');
    expect(await sectionSelect().inputValue()).toBe(hotel);
  });

  it("returns from a detail to the same page and filters with the detail's back link", async () => {
    const target = (await rows())[3];
    await page.locator('table.messages tbody tr').nth(3).getByRole('link').click();
    await page.waitForURL(`${stack.url}/detail/${target?.index}`);
    await page.locator('dl.detail').waitFor();
    await page.getByRole('link', { name: /목록으로/ }).click();
    await page.waitForURL((url) => url.pathname === '/view');
    expect(query()).toEqual({ page: '2', section: hotel, from, to });
    await eventually(indexes).toContain(target?.index);
  });

  it('shows the empty state for a range without enquiries, and the reset button lists everything again', async () => {
    await page.getByLabel('시작일').fill('2026-04-01');
    await page.getByLabel('종료일').fill('2026-04-30');
    await page.getByRole('button', { name: '검색' }).click();
    await page.waitForURL((url) => url.searchParams.get('from') === '2026-04-01');
    await eventually(total).toBe('총 0건');
    await eventually(() => page.getByText('조건에 맞는 문의가 없습니다.').isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: '페이지' }).count()).toBe(0);

    await page.getByRole('button', { name: '초기화' }).click();
    await page.waitForURL(`${stack.url}/view`);
    await eventually(indexes).toEqual(expectedPage(newestFirst, 1));
    await eventually(total).toBe(`총 ${COUNT}건`);
  });
});
