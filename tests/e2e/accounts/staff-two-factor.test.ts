/**
 * Two-factor set-up from an open session in Debian's Chromium against a local
 * stack: the page asks the current password first (in Korean); a wrong one is
 * refused there, shows no key, changes nothing and is in the access log; the
 * right one shows the QR code, and a code from it turns two-factor on. And
 * the access-log page shows a signed-in account's forbidden calls, to paths
 * made new each time, as one counted row.
 */
import { TOTP } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TOTP_PARAMETERS } from '../../../shared/accounts/accounts';
import { formatKoreaDate } from '../../../shared/korea-time';
import { ensureStaffAccount } from '../../../local/setup';
import { launchBrowser } from '../../support/browser';
import { accessLogDay } from '../../support/access-log';
import { axeViolations, eventually } from '../../support/page-checks';
import { accountWithRole, tokenWithRole } from '../../support/staff-accounts';
import { STAFF, type TestStack, getWithToken, startTestStack } from '../../support/stack';

const MEMBER = { email: 'two-factor-member@example.test', password: 'the member password 2026' };

let stack: TestStack;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
  await ensureStaffAccount(stack.deps.staff, MEMBER.email, MEMBER.password);
  await accountWithRole(stack.deps.staff, MEMBER.email, 'staff');
});
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});
afterAll(async () => {
  await browser?.close();
  await stack?.dispose();
});

async function signedInBrowser(email: string, password: string, landing: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ko-KR' });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${stack.url}/login`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="pass"]').fill(password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await page.waitForURL(`${stack.url}${landing}`);
  return page;
}

const today = () => formatKoreaDate(Date.now());

describe('two-factor set-up from an open session', () => {
  it('asks the current password: a wrong one is refused and changes nothing, the right one enrols', async () => {
    const page = await signedInBrowser(MEMBER.email, MEMBER.password, '/view');
    await page.getByRole('link', { name: '2단계 인증' }).click();
    await page.waitForURL(`${stack.url}/two-factor`);
    const password = page.getByLabel('현재 비밀번호');
    await eventually(() => password.isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    await password.fill('not the member password');
    await page.getByRole('button', { name: '2단계 인증 설정 시작' }).click();
    await eventually(() => page.getByRole('alert').textContent()).toBe('현재 비밀번호가 맞지 않습니다.');
    expect(await password.inputValue()).toBe('');
    const qr = page.getByRole('img', { name: '인증 앱에 등록할 QR 코드' });
    expect(await qr.count()).toBe(0);
    expect(await stack.deps.staff.get(MEMBER.email)).not.toHaveProperty('pendingTotpSecretSealed');
    expect(await accessLogDay(stack.deps.accessLog, today())).toContainEqual(
      expect.objectContaining({ actor: MEMBER.email, action: 'twofactor.start_failed' }),
    );

    await password.fill(MEMBER.password);
    await page.getByRole('button', { name: '2단계 인증 설정 시작' }).click();
    await eventually(() => qr.isVisible()).toBe(true);
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
    const { algorithm, digits, period } = TOTP_PARAMETERS;
    const totp = new TOTP({ label: MEMBER.email, secret, algorithm, digits, period });
    await page.getByLabel('앱에 표시된 6자리 코드').fill(totp.generate());
    await page.getByRole('button', { name: '확인' }).click();
    await eventually(() => page.getByRole('heading', { name: '복구 코드' }).isVisible()).toBe(true);
    expect(await stack.deps.staff.get(MEMBER.email)).toHaveProperty('twoFactorSince');
  });
});

describe("the access-log page and a signed-in account's refused calls", () => {
  it('shows forbidden calls to paths made new each time as one counted row under the account', async () => {
    const editor = 'refused-editor@example.test';
    const token = await tokenWithRole(stack.deps, editor, 'editor');
    for (let index = 1; index <= 30; index += 1) {
      const refused = await getWithToken(stack, `/api/detail/${index}`, token);
      expect(refused.status).toBe(403);
      await refused.arrayBuffer();
    }
    const admin = await signedInBrowser(STAFF.email, STAFF.password, '/view');
    await admin.goto(`${stack.url}/access-log?from=${today()}&to=${today()}&action=auth.forbidden`);
    const row = admin.getByRole('row').filter({ hasText: editor });
    await eventually(() => row.count()).toBe(1);
    expect(await row.textContent()).toMatch(/30회, 마지막 .*GET \/api\/detail\/\{index\}/);
  });
});
