/**
 * The message box and the enquiry detail in Debian's Chromium against a local
 * stack: an enquiry sent from the English page's hospital form shows up in
 * the list and its detail shows every field; a message holding HTML is shown
 * as text and never runs.
 */
import type { Browser, BrowserContext, Dialog, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../shared/auth';
import { formatReference } from '../../../shared/work/enquiry-work';
import { launchBrowser } from '../../support/browser';
import { type TestStack, enquiry, postJson, signIn, startTestStack } from '../../support/stack';
import { awakeIsland } from '../pages';
import { eventually } from '../../support/page-checks';

/** Retries until the page shows what is expected; a loaded 2-core machine can take seconds. */

let stack: TestStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;
/** Every JavaScript dialog (alert, confirm, prompt) the page opened: there must be none. */
const dialogs: string[] = [];

beforeAll(async () => {
  [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
  token = await signIn(stack);
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // There is no internet here: anything that would leave the stack gets an empty answer.
  const local = new URL(stack.url).host;
  await context.route(
    (url) => url.protocol.startsWith('http') && url.host !== local,
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '' }),
  );
  page = await context.newPage();
  page.on('dialog', (dialog) => void recordDialog(dialog));
});
afterAll(async () => {
  await browser?.close();
  await stack?.dispose();
});

async function recordDialog(dialog: Dialog): Promise<void> {
  dialogs.push(`${dialog.type()}: ${dialog.message()}`);
  await dialog.dismiss().catch(() => undefined);
}

/** Puts the API's token where the staff app keeps it (the sign-in page itself is tested in staff-auth). */
async function signInBrowser(): Promise<void> {
  await page.goto(`${stack.url}/login`);
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [TOKEN_STORAGE_KEY, token] as const);
}

/** The newest enquiries, as the API lists them. */
async function newest(): Promise<
  { POST_INDEX: number; NAME: string; DATE: string; SPAM: boolean; CONSENT_VERSION: string }[]
> {
  const response = await postJson(stack, '/api/view', {}, token);
  expect(response.status).toBe(200);
  return (await response.json()) as never;
}

/** The text of each cell of the message box's body rows, once the rows are there. */
async function tableRows(): Promise<string[][]> {
  await page.locator('table.messages tbody tr').first().waitFor();
  return page
    .locator('table.messages tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('td')].map((cell) => (cell as HTMLElement).innerText.trim())),
    );
}

/** The detail page's fields as label -> text. */
async function detailFields(): Promise<Map<string, string>> {
  await page.locator('dl.detail').waitFor();
  const pairs = await page.locator('dl.detail').evaluate((list) => {
    const result: [string, string][] = [];
    for (const term of list.querySelectorAll('dt')) {
      const value = term.nextElementSibling as HTMLElement | null;
      result.push([(term.textContent ?? '').trim(), value?.innerText ?? '']);
    }
    return result;
  });
  return new Map(pairs);
}

describe('an enquiry sent from the English page', () => {
  const visitor = {
    name: 'Olga Smirnova',
    email: 'olga.smirnova@example.test',
    phone: '+7 912 555-01-02',
    message: 'First line: a full check-up.\nSecond line: Олга, 올가.',
  };
  let postIndex = 0;

  it('is sent through the hospital form', async () => {
    await page.goto(`${stack.url}/`);
    await page.locator('#contact').scrollIntoViewIfNeeded();
    await page.waitForSelector(awakeIsland('EnquiryAccordion'), { state: 'attached' });
    const hydratedAt = Date.now();
    const form = page.locator('form.enquiry').first();
    await form.locator('input[name="user_name"]').fill(visitor.name);
    await form.locator('input[name="user_email"]').fill(visitor.email);
    await form.locator('input[name="phone"]').fill(visitor.phone);
    await form.locator('select[name="detail_section"]').selectOption('치과');
    await form.locator('select[name="user_count"]').selectOption('3');
    await form.locator('input[name="start"]').fill('2027-03-15T10:30');
    await form.locator('input[type="radio"][value="Russian"]').check();
    await form.locator('textarea[name="message"]').fill(visitor.message);
    await form.locator('input[name="consent_privacy"]').check();
    await form.locator('input[name="consent_health"]').check();
    // A person takes a few seconds; a faster send is asked to be sent again, and nothing is stored.
    await page.waitForTimeout(Math.max(0, 3_500 - (Date.now() - hydratedAt)));
    const sent = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/sendmail');
    await form.locator('button[type="submit"]').click();
    const response = await sent;
    expect(response.status()).toBe(200);
    await form.locator('.form-status--ok').waitFor();
    const [stored] = await newest();
    expect(stored?.NAME).toBe(visitor.name);
    expect(stored?.SPAM).toBe(false);
    postIndex = stored?.POST_INDEX ?? 0;
  });

  it('appears at the top of the message box with its summary, contact, language, section, date and mail status', async () => {
    expect(postIndex).toBeGreaterThan(0);
    await signInBrowser();
    await page.goto(`${stack.url}/view`);
    const rows = await tableRows();
    const [first] = rows;
    // The number, and under it the reference the visitor was given.
    expect(first?.[0]).toBe(`${postIndex}\n${formatReference(postIndex)}`);
    expect(first?.[1]).toBe('First line: a full check-up. Second line…');
    expect(first?.[2]).toBe(visitor.name);
    expect(first?.[3]).toBe(`${visitor.phone}\n${visitor.email}`);
    expect(first?.[4]).toBe('러시아어');
    expect(first?.[5]).toBe('병원예약');
    expect(first?.[6]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(first?.[7]).toMatch(/^(발송됨|발송 대기)$/);
    await eventually(() => page.getByText('총 1건').isVisible()).toBe(true);
  });

  it('opens its detail at /detail/N showing every field', async () => {
    await page.getByRole('link', { name: /^First line: a full check-up\./ }).click();
    await page.waitForURL(`${stack.url}/detail/${postIndex}`);
    await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(
      `문의 ${formatReference(postIndex)}`,
    );
    const fields = await detailFields();
    const listDate = await newest();
    expect(Object.fromEntries(fields)).toEqual({
      // Only the fields of a hospital booking (no rooms, hotel or destination), times in Korea time.
      '접수 번호': formatReference(postIndex),
      '접수 일시 (한국 시간)': listDate[0]?.DATE,
      '문의 구분': '병원예약',
      '진료 과목': '치과',
      이름: visitor.name,
      연락처: visitor.phone,
      이메일: visitor.email,
      '문의 페이지 언어': 'English',
      '희망 언어': '러시아어',
      인원: '3',
      '시작 일시 (한국 시간)': '2027-03-15 10:30',
      '메일 발송': expect.stringMatching(/^(발송됨|발송 대기)$/),
      '개인정보 동의': expect.stringMatching(
        new RegExp(
          `^${listDate[0]?.CONSENT_VERSION} · \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} \\(한국 시간\\) · 건강정보 동의$`,
        ),
      ),
      // The message, with its machine translation (or where that stands) beside it.
      '문의 내용': expect.stringContaining(visitor.message),
    });
    // The original is the paragraph not in Korean. The line break of the message is kept on screen (pre-wrap), not folded into
    // one line: the paragraph shown first, the original or, once made, its translation (the original then behind a disclosure).
    expect(await page.locator('dl.detail p.detail__message:not([lang="ko"])').textContent()).toBe(visitor.message);
    const message = page.locator('dl.detail p.detail__message').first();
    expect(await message.evaluate((element) => getComputedStyle(element).whiteSpace)).toBe('pre-wrap');
    expect(
      await message.evaluate(
        (element) => element.getClientRects().length > 0 && element.getBoundingClientRect().height,
      ),
    ).toBeGreaterThan(30);
    expect(await page.getByRole('link', { name: visitor.email }).getAttribute('href')).toBe(`mailto:${visitor.email}`);
    // Back to the list it came from.
    await page.getByRole('link', { name: /목록으로/ }).click();
    await page.waitForURL(`${stack.url}/view`);
  });

  it('shows a clear not-found state for an unknown index', async () => {
    await page.goto(`${stack.url}/detail/99999`);
    await eventually(() => page.getByText('해당 문의를 찾을 수 없습니다.').isVisible()).toBe(true);
  });
});

describe('a message holding HTML', () => {
  const attack = '<img src=x onerror=alert(1)>';
  const name = '<b onmouseover=alert(2)>Mallory</b>';
  let postIndex = 0;

  beforeAll(async () => {
    const response = await postJson(stack, '/api/sendmail', {
      data: enquiry({ user_name: name, message: attack }),
    });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    postIndex = (await newest())[0]?.POST_INDEX ?? 0;
    expect(postIndex).toBeGreaterThan(0);
  });

  it('is shown as text in the list: no element made from it and no dialog', async () => {
    await signInBrowser();
    await page.goto(`${stack.url}/view`);
    const rows = await tableRows();
    const row = rows.find((cells) => cells[0]?.split('\n')[0] === String(postIndex));
    expect(row?.[1]).toBe(attack);
    expect(row?.[2]).toBe(name);
    expect(await page.locator('table.messages img, table.messages b').count()).toBe(0);
    const link = page.getByRole('link', { name: attack });
    expect(await link.textContent()).toBe(attack);
    await link.hover();
    await page.locator('table.messages').getByText(name).hover();
    await page.waitForTimeout(300);
    expect(dialogs).toEqual([]);
  });

  it('is shown as text in the detail: no element made from it and no dialog', async () => {
    await page.getByRole('link', { name: attack }).click();
    await page.waitForURL(`${stack.url}/detail/${postIndex}`);
    const fields = await detailFields();
    // The message may show with its machine translation (or where that stands) beside it: the original is the paragraph not in Korean.
    expect(fields.get('문의 내용')).toContain(attack);
    expect(fields.get('이름')).toBe(name);
    expect(await page.locator('dl.detail img, dl.detail b').count()).toBe(0);
    expect(await page.locator('dl.detail p.detail__message:not([lang="ko"])').textContent()).toBe(attack);
    await page.locator('dl.detail').getByText(name).hover();
    // Give a broken image's error handler every chance to run.
    await page.waitForTimeout(500);
    expect(dialogs).toEqual([]);
  });
});
