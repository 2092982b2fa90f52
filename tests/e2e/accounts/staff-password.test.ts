/**
 * A staff member changes their own password in Debian's Chromium against a
 * local stack: from the header's link, a wrong current password said in
 * Korean and nothing changed, then the change, after which this browser stays
 * signed in and another browser's session has ended; the new password signs
 * in, the old one no more. An editor, to show it is every role's.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../shared/auth';
import { ensureStaffAccount } from '../../../local/setup';
import { launchBrowser } from '../../support/browser';
import { axeViolations, eventually } from '../../support/page-checks';
import { accountWithRole } from '../../support/staff-accounts';
import { type TestStack, getWithToken, postJson, startTestStack } from '../../support/stack';

const EDITOR = { email: 'editor-password@example.test', password: 'the editor password now' };
const NEW_PASSWORD = 'the editor password next';

let stack: TestStack;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
  await ensureStaffAccount(stack.deps.staff, EDITOR.email, EDITOR.password);
  await accountWithRole(stack.deps.staff, EDITOR.email, 'editor');
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await stack?.dispose();
});

/** A fresh browser signed in through the form as the editor, on the page sign-in lands on. */
async function signedInBrowser(password = EDITOR.password): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ko-KR' });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${stack.url}/login`);
  await page.locator('input[name="email"]').fill(EDITOR.email);
  await page.locator('input[name="pass"]').fill(password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await page.waitForURL(`${stack.url}/editpage`);
  return page;
}

const storedToken = async (page: Page) =>
  (await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_STORAGE_KEY)) ?? '';
const twoFactorStatus = async (token: string) => (await getWithToken(stack, '/api/two-factor', token)).status;

describe("changing one's own password", () => {
  it('refuses a wrong current password, then changes it: this browser stays signed in, the other one is signed out', async () => {
    const other = await signedInBrowser();
    const page = await signedInBrowser();
    await page.getByRole('link', { name: '비밀번호 변경' }).click();
    await page.waitForURL(`${stack.url}/password`);
    await eventually(() => page.getByRole('heading', { level: 1, name: '비밀번호 변경' }).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    const form = async (current: string) => {
      await page.getByLabel('현재 비밀번호').fill(current);
      await page.getByLabel('새 비밀번호', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('비밀번호 확인').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: '비밀번호 변경' }).click();
    };
    await form('not the password now');
    await eventually(() => page.getByRole('alert').textContent()).toBe('현재 비밀번호가 맞지 않습니다.');
    expect((await postJson(stack, '/api/login', { data: { email: EDITOR.email, pass: EDITOR.password } })).status).toBe(
      200,
    );

    const before = await storedToken(page);
    await form(EDITOR.password);
    await eventually(() => page.getByRole('status').textContent()).toBe(
      '비밀번호를 바꾸었습니다. 다른 기기의 로그인은 끝났습니다.',
    );
    const after = await storedToken(page);
    expect(after).not.toBe(before);
    expect(await twoFactorStatus(after)).toBe(200);
    expect(await twoFactorStatus(before)).toBe(401);
    expect(await twoFactorStatus(await storedToken(other))).toBe(401);

    // The other browser's next call is refused, and it goes to sign-in.
    await other.goto(`${stack.url}/two-factor`);
    await other.waitForURL(`${stack.url}/login`);
    // This one goes on.
    await page.reload();
    await eventually(() => page.getByRole('heading', { level: 1, name: '비밀번호 변경' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: '2단계 인증' }).click();
    await eventually(() => page.getByText('2단계 인증을 사용하지 않습니다.').isVisible()).toBe(true);

    expect((await postJson(stack, '/api/login', { data: { email: EDITOR.email, pass: EDITOR.password } })).status).toBe(
      401,
    );
    await signedInBrowser(NEW_PASSWORD);
  });
});
