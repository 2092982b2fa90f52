/**
 * A staff member works an enquiry in Debian's Chromium: takes it, moves it
 * on, writes a note, replies from the template in the visitor's language,
 * and the visitor's mailbox shows the reply; a colleague's change meanwhile
 * is shown instead of overwritten; the message box filters by status and owner.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signedInPage } from '../../support/browser';
import { STAFF, type TestStack, capturedMail, enquiry, postJson, signIn, startTestStack } from '../../support/stack';
import { eventually } from '../../support/page-checks';

let stack: TestStack;
let browser: Browser;
let page: Page;
let token: string;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
  token = await signIn(stack);
  for (const [name, locale, section] of [
    ['Ирина Смирнова', 'ru', '병원예약'],
    ['Nguyễn Văn An', 'vi', '호텔예약'],
  ] as const) {
    const extra =
      section === '호텔예약'
        ? { hotel: 'Grand', finish: '2036-12-12', destination: undefined, consent_health: undefined }
        : {};
    const response = await postJson(stack, '/api/sendmail', {
      data: enquiry({ user_name: name, user_email: `${locale}@example.test`, page_locale: locale, section, ...extra }),
    });
    expect(response.status).toBe(200);
  }
  page = await signedInPage(browser, token);
});
afterAll(async () => {
  await browser?.close();
  await stack?.dispose();
});

describe('working an enquiry', () => {
  it('takes it, moves it on and notes what was done; the history shows each step', async () => {
    await page.goto(`${stack.url}/detail/1`);
    await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('문의 MT-000001');
    await page.getByRole('button', { name: '내가 맡기' }).click();
    await eventually(() => page.locator('.panel').first().textContent()).toContain(STAFF.email);
    await page.getByLabel('상태', { exact: true }).selectOption('in_progress');
    await page.getByRole('button', { name: '상태 저장' }).click();
    await page.getByLabel('메모 추가').fill('Clinic called back: 10 December works.');
    await page.getByRole('button', { name: '메모 추가' }).click();
    const history = page.locator('.history');
    await eventually(() => history.textContent()).toContain('Clinic called back: 10 December works.');
    expect(await history.textContent()).toContain('상태 변경: 신규 → 처리 중');
    expect(await history.textContent()).toContain('담당 변경: 미배정 → staff@example.test');
  });

  it("replies from the template in the visitor's language; the visitor receives it with the reference", async () => {
    await page.goto(`${stack.url}/detail/1`);
    await eventually(() => page.getByLabel('양식 언어').inputValue()).toBe('ru');
    await page.getByRole('button', { name: '양식' }).click();
    await eventually(() => page.getByLabel('제목').inputValue()).toBe('Ваше обращение MT-000001');
    expect(await page.getByLabel('내용').inputValue()).toContain('Здравствуйте, Ирина Смирнова!');
    await page.getByLabel('내용').fill('Здравствуйте, Ирина Смирнова!\n\nВрач примет вас 10 декабря в 10:00.');
    await page.getByRole('button', { name: '미리 보기', exact: true }).click();
    expect(await page.locator('.reply-preview').textContent()).toContain('Врач примет вас 10 декабря в 10:00.');
    await page.getByRole('button', { name: '답장 보내기' }).click();
    await eventually(() => page.getByText('답장을 보냈습니다.').isVisible()).toBe(true);
    await eventually(() => page.locator('.history').textContent()).toContain('답장 발송: Ваше обращение MT-000001');

    const mail = (await capturedMail(stack)).find((candidate) => candidate.subject === 'Ваше обращение MT-000001');
    expect(mail?.destination.to).toEqual(['ru@example.test']);
    expect(mail?.body.text).toContain('Врач примет вас 10 декабря в 10:00.');
    expect(await page.locator('.panel').first().textContent()).toContain('답변 완료');
  });

  it("shows a colleague's change made meanwhile instead of overwriting it", async () => {
    await page.goto(`${stack.url}/detail/2`);
    await eventually(() => page.getByRole('button', { name: '내가 맡기' }).isVisible()).toBe(true);
    // A colleague closes it while the page is open.
    const colleague = await postJson(
      stack,
      '/api/enquiry/work',
      { data: { index: 2, version: 0, status: 'closed' } },
      token,
    );
    expect(colleague.status).toBe(200);
    await page.getByRole('button', { name: '내가 맡기' }).click();
    await eventually(() => page.getByRole('alert').textContent()).toContain('다른 직원이 먼저 이 문의를 변경했습니다');
    expect(await page.getByLabel('상태', { exact: true }).inputValue()).toBe('closed');
  });

  it('filters the message box by status and owner, with waiting times for open enquiries', async () => {
    await page.goto(`${stack.url}/view`);
    await page.getByLabel('담당').selectOption('mine');
    await page.waitForURL(/owner=mine/);
    await eventually(() => page.locator('table.messages tbody tr').count()).toBe(1);
    expect(await page.locator('table.messages tbody').textContent()).toContain('MT-000001');
    await page.getByLabel('담당').selectOption('');
    await page.getByLabel('상태').first().selectOption('closed');
    await eventually(() => page.locator('table.messages tbody').textContent()).toContain('MT-000002');
    await page.getByLabel('접수 번호').fill('mt-1');
    await page.getByRole('button', { name: '찾기' }).click();
    await eventually(() => page.locator('table.messages tbody tr').count()).toBe(1);
    expect(await page.locator('table.messages tbody').textContent()).toContain('MT-000001');
  });
});
