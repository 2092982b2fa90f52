/**
 * Staff sign-in and sign-out in Debian's Chromium against a local stack:
 * the seeded account lands on the message box with its token in
 * localStorage, a wrong password is refused in Korean, a page without a
 * token goes to /login, and a logged-out token is refused by the API.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../shared/auth';
import { launchBrowser } from '../../support/browser';
import { STAFF, type TestStack, postJson, startTestStack } from '../../support/stack';
import { eventually } from '../../support/page-checks';

/** Retries until the page shows what is expected; a loaded 2-core machine can take seconds. */

let stack: TestStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await stack?.dispose();
});

/** Every test starts in a fresh browser profile: no token, no history. */
async function freshPage(): Promise<Page> {
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ko-KR' });
  page = await context.newPage();
  return page;
}
afterEach(async () => {
  await context?.close();
});

const storedToken = (target: Page) => target.evaluate((key) => window.localStorage.getItem(key), TOKEN_STORAGE_KEY);

async function signInThroughForm(target: Page, email: string, pass: string): Promise<void> {
  await target.goto(`${stack.url}/login`);
  await target.locator('input[name="email"]').fill(email);
  await target.locator('input[name="pass"]').fill(pass);
  await target.getByRole('button', { name: 'LOGIN' }).click();
}

describe('sign-in', () => {
  it('signs in with the seeded account: lands on /view with the token in localStorage', async () => {
    const target = await freshPage();
    await signInThroughForm(target, STAFF.email, STAFF.password);
    await target.waitForURL(`${stack.url}/view`);
    await eventually(() => target.getByRole('heading', { level: 1, name: '메시지함' }).isVisible()).toBe(true);
    const token = await storedToken(target);
    // A compact JWS: three base64url parts.
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    // The token the browser holds is one the API accepts.
    const response = await postJson(stack, '/api/view', {}, token ?? '');
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    // The message box has loaded (no enquiries yet) and offers the staff navigation.
    await eventually(() => target.getByText('총 0건').isVisible()).toBe(true);
    await eventually(() => target.getByRole('button', { name: '로그아웃' }).isVisible()).toBe(true);
  });

  it('refuses a wrong password with the Korean alert and clears the password field', async () => {
    const target = await freshPage();
    await signInThroughForm(target, STAFF.email, 'not the password at all');
    const alert = target.getByRole('alert');
    await eventually(() => alert.textContent()).toBe('접근 권한이 없습니다.');
    expect(await target.locator('input[name="pass"]').inputValue()).toBe('');
    // The e-mail stays, so the staff member only retypes the password.
    expect(await target.locator('input[name="email"]').inputValue()).toBe(STAFF.email);
    expect(new URL(target.url()).pathname).toBe('/login');
    expect(await storedToken(target)).toBeNull();
    // The button is usable again for the next try.
    expect(await target.getByRole('button', { name: 'LOGIN' }).isEnabled()).toBe(true);
  });

  it.each(['/view', '/editpage', '/detail/1'])('sends %s without a stored token to /login', async (route) => {
    const target = await freshPage();
    await target.goto(`${stack.url}${route}`);
    await target.waitForURL(`${stack.url}/login`);
    await eventually(() => target.locator('input[name="email"]').isVisible()).toBe(true);
  });
});

describe('logout', () => {
  it('goes to /login, after which the old token is refused (401) and /view goes back to /login', async () => {
    const target = await freshPage();
    await signInThroughForm(target, STAFF.email, STAFF.password);
    await target.waitForURL(`${stack.url}/view`);
    await eventually(() => target.getByText('총 0건').isVisible()).toBe(true);
    const token = await storedToken(target);
    expect(token).toBeTruthy();

    const logout = target.waitForResponse((response) => new URL(response.url()).pathname === '/api/logout');
    await target.getByRole('button', { name: '로그아웃' }).click();
    expect((await logout).status()).toBe(200);
    await target.waitForURL(`${stack.url}/login`);
    expect(await storedToken(target)).toBeNull();

    // The server revoked the token: every staff route now answers 401.
    const view = await postJson(stack, '/api/view', {}, token ?? '');
    expect(view.status).toBe(401);
    await view.arrayBuffer();
    const detail = await fetch(`${stack.url}/api/logout`, { headers: { authorization: `Bearer ${token}` } });
    expect(detail.status).toBe(401);
    await detail.arrayBuffer();

    // Without a token the message box goes straight to /login.
    await target.goto(`${stack.url}/view`);
    await target.waitForURL(`${stack.url}/login`);

    // With the old token put back (a second tab that still held it), the API's 401 signs out too. The message
    // box asks /api/view and /api/retention at once: the first 401 signs out and cuts the other request off.
    await target.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
      TOKEN_STORAGE_KEY,
      token ?? '',
    ] as const);
    const refused = target.waitForResponse((response) =>
      ['/api/view', '/api/retention'].includes(new URL(response.url()).pathname),
    );
    await target.goto(`${stack.url}/view`);
    expect((await refused).status()).toBe(401);
    await target.waitForURL(`${stack.url}/login`);
    expect(await storedToken(target)).toBeNull();
  });
});
