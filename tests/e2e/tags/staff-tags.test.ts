/**
 * Tags on enquiries in Debian's Chromium, as a staff member uses them: tags
 * added comma-separated in the detail and one taken off with its ×, each
 * change in the history and kept over a reload; a tag too long refused in
 * Korean before anything is sent; the tags under each summary in the message
 * box and the tag filter (its total, cursor pages, the tag in the address
 * over reload and back, a tag's link opening its list); the × used with the
 * keyboard alone. axe finds nothing on the detail or the tag's list.
 */
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAG_MAX_LENGTH } from '../../../shared/tags/tags';
import { TAGS_TEXT } from '../../../site/src/staff/tags/words';
import { launchBrowser, signedInPage } from '../../support/browser';
import { type TestStack, enquiry, postJson, signIn, startTestStack } from '../../support/stack';
import { eventually, axeViolations } from '../../support/page-checks';

/** Retries until the page shows what is expected; a loaded 2-core machine can take seconds. */

/** Enquiries 1..COUNT; VIP ends up on 1 and 3..15 (14: a full page of 13 and one more), 재연락 on 2, none on 16. */
const COUNT = 16;
const VIP_BY_API = Array.from({ length: 13 }, (_, i) => i + 3);
/** VIP's enquiries as its list shows them, newest first. */
const vip = [...VIP_BY_API].reverse().concat(1);

let stack: TestStack;
let browser: Browser;
let page: Page;
let token: string;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
  token = await signIn(stack);
  for (let index = 1; index <= COUNT; index += 1) {
    const response = await postJson(stack, '/api/sendmail', {
      data: enquiry({
        user_name: `Visitor ${index}`,
        user_email: `visitor${index}@example.test`,
        message: `Enquiry number ${index}: a check-up.`,
      }),
    });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  }
  page = await signedInPage(browser, token);
});
afterAll(async () => {
  await browser?.close();
  await stack?.dispose();
});

/** The detail's tags panel (a section named by its heading). */
const panel = () => page.getByRole('region', { name: TAGS_TEXT.heading, exact: true });
const tagInput = () => page.getByLabel(TAGS_TEXT.input, { exact: true });
const history = () => page.locator('.history');

/** The tags the detail's panel shows, in order (each chip's own text, without its ×). */
const chips = () =>
  panel()
    .locator('li.tag')
    .evaluateAll((items) => items.map((item) => (item.firstChild?.textContent ?? '').trim()));

async function openDetail(index: number): Promise<void> {
  await page.goto(`${stack.url}/detail/${index}`);
  await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(
    `문의 MT-${String(index).padStart(6, '0')}`,
  );
  await panel().waitFor();
}

/** Every tag change the page sent (POST /api/enquiry/tags), recorded from the moment this is called. */
function recordTagChanges(): { sent: string[]; stop: () => void } {
  const sent: string[] = [];
  const listener = (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/enquiry/tags')
      sent.push(request.postData() ?? '');
  };
  page.on('request', listener);
  return { sent, stop: () => page.off('request', listener) };
}

/** The message box's rows as their enquiry numbers (none while loading). */
const indexes = () =>
  page
    .locator('table.messages tbody tr')
    .evaluateAll((rows) => rows.map((row) => Number.parseInt(row.querySelector('td')?.textContent ?? '', 10)));
const total = () => page.locator('p.staff__muted', { hasText: /^총 / }).textContent();
/** The tag filter (a select; its label also holds the option texts). */
const tagFilter = () => page.getByRole('combobox', { name: TAGS_TEXT.filter });
const query = () => Object.fromEntries(new URL(page.url()).searchParams);

describe('tags in the detail', () => {
  it('adds two tags comma-separated and takes one off with its ×; the history says each, and a reload keeps them', async () => {
    await openDetail(1);
    expect(await panel().getByText(TAGS_TEXT.none).isVisible()).toBe(true);
    await tagInput().fill('VIP, 보험');
    await page.getByRole('button', { name: TAGS_TEXT.add }).click();
    await eventually(chips).toEqual(['VIP', '보험']);
    await eventually(() => tagInput().inputValue()).toBe('');
    await eventually(() => history().textContent()).toContain('태그 추가: VIP, 보험');

    await panel()
      .getByRole('button', { name: TAGS_TEXT.remove('보험') })
      .click();
    await eventually(chips).toEqual(['VIP']);
    expect(
      await panel()
        .getByRole('button', { name: TAGS_TEXT.remove('보험') })
        .count(),
    ).toBe(0);
    await eventually(() => history().textContent()).toContain('태그 삭제: 보험');

    await page.reload();
    await panel().waitFor();
    await eventually(chips).toEqual(['VIP']);
    await eventually(() => history().textContent()).toContain('태그 삭제: 보험');
    const lines = await page.locator('.history .history__what').allTextContents();
    expect(lines.filter((line) => line.startsWith('태그'))).toEqual(['태그 추가: VIP, 보험', '태그 삭제: 보험']);
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it(`refuses a tag over ${TAG_MAX_LENGTH} characters in Korean and sends nothing`, async () => {
    await openDetail(2);
    const tooLong = '가'.repeat(TAG_MAX_LENGTH + 1);
    const changes = recordTagChanges();
    try {
      await tagInput().fill(`재연락, ${tooLong}`);
      await page.getByRole('button', { name: TAGS_TEXT.add }).click();
      await eventually(() => panel().getByRole('alert').textContent()).toBe(TAGS_TEXT.tooLong(tooLong));
      // Kept for the staff member to correct; nothing put on the enquiry.
      expect(await tagInput().inputValue()).toBe(`재연락, ${tooLong}`);
      expect(await panel().getByText(TAGS_TEXT.none).isVisible()).toBe(true);

      // Corrected, it goes: the one request seen is this one, so the refused input sent none before it.
      await tagInput().fill('재연락');
      const response = page.waitForResponse((answer) => new URL(answer.url()).pathname === '/api/enquiry/tags');
      await page.getByRole('button', { name: TAGS_TEXT.add }).click();
      expect((await response).status()).toBe(200);
      await eventually(chips).toEqual(['재연락']);
      expect(await panel().getByRole('alert').count()).toBe(0);
      expect(changes.sent.map((body) => JSON.parse(body) as unknown)).toEqual([
        { data: { index: 2, add: ['재연락'] } },
      ]);
    } finally {
      changes.stop();
    }
  });
});

describe('tags in the message box', () => {
  beforeAll(async () => {
    for (const index of VIP_BY_API) {
      const response = await postJson(stack, '/api/enquiry/tags', { data: { index, add: ['VIP'] } }, token);
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
  });

  it('shows the tags under each summary, each linking to its list', async () => {
    await page.goto(`${stack.url}/view`);
    await eventually(indexes).toEqual(Array.from({ length: 13 }, (_, i) => COUNT - i));
    await eventually(total).toBe(`총 ${COUNT}건`);
    const row = (index: number) =>
      page.locator('table.messages tbody tr', {
        has: page.getByRole('link', { name: `Enquiry number ${index}: a check-up.` }),
      });
    const link = row(4).getByRole('link', { name: TAGS_TEXT.showTag('VIP') });
    expect(await link.textContent()).toBe('VIP');
    expect(await link.getAttribute('href')).toBe('/view?tag=VIP');
    expect(await row(16).locator('li.tag').count()).toBe(0);
  });

  it('lists one tag with its total and cursor pages, the tag in the address', async () => {
    await eventually(() => tagFilter().locator('option').allTextContents()).toEqual([
      TAGS_TEXT.all,
      TAGS_TEXT.inUse('VIP', 14),
      TAGS_TEXT.inUse('재연락', 1),
    ]);
    await tagFilter().selectOption('VIP');
    await page.waitForURL((url) => url.searchParams.get('tag') === 'VIP');
    expect(query()).toEqual({ tag: 'VIP' });
    await eventually(indexes).toEqual(vip.slice(0, 13));
    await eventually(total).toBe('총 14건');
    expect(await tagFilter().inputValue()).toBe('VIP');
    expect(await page.getByRole('button', { name: '처음으로' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: '다음 페이지' }).click();
    await page.waitForURL((url) => url.searchParams.has('after'));
    expect(query()).toEqual({ tag: 'VIP', after: expect.stringMatching(/^\d+$/) });
    await eventually(indexes).toEqual([1]);
    await eventually(total).toBe('총 14건');
    expect(await page.getByRole('button', { name: '다음 페이지' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: '처음으로' }).isEnabled()).toBe(true);
  });

  it('keeps the tag over a reload, and back and forward with the browser', async () => {
    const second = page.url();
    await page.reload();
    expect(page.url()).toBe(second);
    await eventually(indexes).toEqual([1]);
    await eventually(total).toBe('총 14건');
    await eventually(() => tagFilter().inputValue()).toBe('VIP');

    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('tag') === 'VIP' && !url.searchParams.has('after'));
    await eventually(indexes).toEqual(vip.slice(0, 13));
    await eventually(total).toBe('총 14건');
    expect(await tagFilter().inputValue()).toBe('VIP');

    await page.goBack();
    await page.waitForURL(`${stack.url}/view`);
    await eventually(total).toBe(`총 ${COUNT}건`);
    await eventually(() => tagFilter().inputValue()).toBe('');

    await page.goForward();
    await page.waitForURL((url) => url.searchParams.get('tag') === 'VIP');
    await eventually(indexes).toEqual(vip.slice(0, 13));
    await eventually(total).toBe('총 14건');
    expect(await tagFilter().inputValue()).toBe('VIP');
  });

  it("returns from a detail to the tag's list with the browser and with the detail's back link", async () => {
    await page.getByRole('link', { name: 'Enquiry number 7: a check-up.' }).click();
    await page.waitForURL(`${stack.url}/detail/7`);
    await eventually(chips).toEqual(['VIP']);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/view');
    expect(query()).toEqual({ tag: 'VIP' });
    await eventually(indexes).toEqual(vip.slice(0, 13));
    await eventually(total).toBe('총 14건');

    await page.getByRole('link', { name: 'Enquiry number 7: a check-up.' }).click();
    await page.waitForURL(`${stack.url}/detail/7`);
    await page.getByRole('link', { name: /목록으로/ }).click();
    await page.waitForURL((url) => url.pathname === '/view');
    expect(query()).toEqual({ tag: 'VIP' });
    await eventually(indexes).toEqual(vip.slice(0, 13));
  });

  it("opens a tag's list from its link under a summary", async () => {
    await page.goto(`${stack.url}/view?page=2`);
    await eventually(indexes).toEqual([3, 2, 1]);
    await eventually(total).toBe(`총 ${COUNT}건`);
    await page.getByRole('link', { name: TAGS_TEXT.showTag('재연락') }).click();
    await page.waitForURL((url) => url.searchParams.get('tag') === '재연락');
    expect(query()).toEqual({ tag: '재연락' });
    await eventually(indexes).toEqual([2]);
    await eventually(total).toBe('총 1건');
    await eventually(() => tagFilter().inputValue()).toBe('재연락');
  });
});

describe('without a mouse', () => {
  it('adds a tag with Enter, reaches its × with the keyboard, takes it off with Enter and keeps the focus in the panel', async () => {
    await openDetail(16);
    await tagInput().focus();
    await page.keyboard.type('임시');
    await page.keyboard.press('Enter');
    await eventually(chips).toEqual(['임시']);
    await eventually(() => history().textContent()).toContain('태그 추가: 임시');

    // The × sits just before the input in the tab order.
    expect(await tagInput().evaluate((input) => input === document.activeElement)).toBe(true);
    const remove = panel().getByRole('button', { name: TAGS_TEXT.remove('임시') });
    await eventually(() => remove.isEnabled()).toBe(true);
    await page.keyboard.press('Shift+Tab');
    await eventually(() => remove.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await eventually(chips).toEqual([]);
    await eventually(() => panel().getByText(TAGS_TEXT.none).isVisible()).toBe(true);
    await eventually(() => history().textContent()).toContain('태그 삭제: 임시');
    // The × went with its tag: the focus is on the input, ready for the next tag, not back at the page's top.
    expect(await tagInput().evaluate((input) => input === document.activeElement)).toBe(true);
  });
});

describe('accessibility', () => {
  it("has nothing axe finds to fix (WCAG 2.2 AA) in a detail with tags and its refusal shown, and in a tag's list", async () => {
    await openDetail(1);
    await eventually(chips).toEqual(['VIP']);
    await eventually(() => history().textContent()).toContain('태그 삭제: 보험');
    await tagInput().fill('x'.repeat(TAG_MAX_LENGTH + 1));
    await page.getByRole('button', { name: TAGS_TEXT.add }).click();
    await panel().getByRole('alert').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`${stack.url}/view?tag=VIP`);
    await eventually(indexes).toEqual(vip.slice(0, 13));
    await eventually(() => tagFilter().inputValue()).toBe('VIP');
    expect(await axeViolations(page)).toEqual([]);
  });
});
