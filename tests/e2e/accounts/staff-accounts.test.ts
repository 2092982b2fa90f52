/**
 * Staff accounts in Debian's Chromium: an admin invites a member from the
 * accounts page, the member opens the link read back from the mailbox, sets
 * a password, enrols two-factor (the code computed here from the key the
 * page shows) and keeps the recovery codes, then signs in with a code. An
 * editor cannot open the message box: the page says so and the API answers 403.
 * An account that must enrol gets no session for its password: the page says a
 * link went to its address, and the mailed link with the password again opens
 * the two-factor set-up, which then starts without asking the password again.
 */
import { TOTP } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TOTP_PARAMETERS } from '../../../shared/accounts/accounts';
import { TOKEN_STORAGE_KEY } from '../../../shared/auth';
import { ensureStaffAccount } from '../../../local/setup';
import { launchBrowser } from '../../support/browser';
import { STAFF, type TestStack, capturedMail, startTestStack } from '../../support/stack';
import { axeViolations, eventually } from '../../support/page-checks';

const MEMBER = { email: 'member@example.test', password: 'member password 2026' };
const EDITOR = { email: 'editor@example.test', password: 'editor password 2026' };
const ENROLLING = { email: 'enrolling@example.test', password: 'enrolling password 2026' };

let stack: TestStack;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
});
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});
afterAll(async () => {
  await browser?.close();
  await stack?.dispose();
});

async function freshPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'ko-KR' });
  contexts.push(context);
  return context.newPage();
}

async function signInThroughForm(page: Page, email: string, pass: string): Promise<void> {
  await page.goto(`${stack.url}/login`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="pass"]').fill(pass);
  await page.getByRole('button', { name: 'LOGIN' }).click();
}

const totpOf = (email: string, secret: string) =>
  new TOTP({
    label: email,
    secret,
    algorithm: TOTP_PARAMETERS.algorithm,
    digits: TOTP_PARAMETERS.digits,
    period: TOTP_PARAMETERS.period,
  });

describe('an invited member', () => {
  it('is invited by an admin, sets a password, enrols two-factor and signs in with a code', async () => {
    const admin = await freshPage();
    await signInThroughForm(admin, STAFF.email, STAFF.password);
    await admin.waitForURL(`${stack.url}/view`);
    await admin.getByRole('link', { name: '계정 관리' }).click();
    await admin.waitForURL(`${stack.url}/accounts`);
    await eventually(() => admin.getByRole('row').filter({ hasText: STAFF.email }).textContent()).toContain('관리자');

    await admin.getByLabel('이메일').fill(MEMBER.email);
    await admin.locator('select[name="role"]').selectOption('staff');
    await admin.getByRole('button', { name: '초대 메일 보내기' }).click();
    await eventually(() => admin.getByRole('status').textContent()).toContain(
      `${MEMBER.email}에 초대 메일을 보냈습니다.`,
    );
    const row = admin.getByRole('row').filter({ hasText: MEMBER.email });
    await eventually(() => row.textContent()).toContain('초대됨');

    const mail = (await capturedMail(stack)).find((candidate) => candidate.destination.to.includes(MEMBER.email));
    const link = /(http:\/\/\S+\/welcome#[\w.-]+)/.exec(mail?.body.text ?? '')?.[1];
    expect(link).toBeDefined();

    const member = await freshPage();
    await member.goto(link ?? '');
    await eventually(() => member.getByRole('heading', { level: 1, name: '관리자 계정 만들기' }).isVisible()).toBe(
      true,
    );
    // The token leaves the address bar at once.
    await eventually(() => new URL(member.url()).hash).toBe('');
    await member.getByLabel('새 비밀번호').fill(MEMBER.password);
    await member.getByLabel('비밀번호 확인').fill(MEMBER.password);
    await member.getByRole('button', { name: '비밀번호 정하기' }).click();
    await member.waitForURL(`${stack.url}/two-factor`);

    // The welcome page's session is an ordinary one: the set-up asks the password just set.
    await member.getByLabel('현재 비밀번호').fill(MEMBER.password);
    await member.getByRole('button', { name: '2단계 인증 설정 시작' }).click();
    const qr = member.getByRole('img', { name: '인증 앱에 등록할 QR 코드' });
    await eventually(() => qr.isVisible()).toBe(true);
    expect(await qr.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const secret = ((await member.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await member.getByLabel('앱에 표시된 6자리 코드').fill(totpOf(MEMBER.email, secret).generate());
    await member.getByRole('button', { name: '확인' }).click();
    await eventually(() => member.getByRole('heading', { name: '복구 코드' }).isVisible()).toBe(true);
    expect(await member.locator('.recovery-codes li').count()).toBe(10);

    // The admin's list shows it: active, two-factor on.
    await admin.reload();
    await eventually(() => admin.getByRole('row').filter({ hasText: MEMBER.email }).textContent()).toMatch(
      /사용 중.*사용/,
    );

    // Signing in again: the password, then the code (the next time step's: the one that confirmed is spent).
    await member.getByRole('button', { name: '로그아웃' }).click();
    await member.waitForURL(`${stack.url}/login`);
    await signInThroughForm(member, MEMBER.email, MEMBER.password);
    const code = member.getByLabel('인증 코드');
    await eventually(() => code.isVisible()).toBe(true);
    await code.fill('000000');
    await member.getByRole('button', { name: 'LOGIN' }).click();
    await eventually(() => member.getByRole('alert').textContent()).toBe(
      '인증 코드가 맞지 않거나 이미 사용한 코드입니다.',
    );
    await code.fill(totpOf(MEMBER.email, secret).generate({ timestamp: Date.now() + TOTP_PARAMETERS.period * 1000 }));
    await member.getByRole('button', { name: 'LOGIN' }).click();
    await member.waitForURL(`${stack.url}/view`);
    await eventually(() => member.getByText('총 0건').isVisible()).toBe(true);
    // A staff member sees no accounts page.
    expect(await member.getByRole('link', { name: '계정 관리' }).count()).toBe(0);
  });
});

describe('an editor', () => {
  it('cannot open the message box: the page says so and the API answers 403', async () => {
    await ensureStaffAccount(stack.deps.staff, EDITOR.email, EDITOR.password);
    const account = await stack.deps.staff.get(EDITOR.email);
    if (!account) throw new Error('editor account missing');
    await stack.deps.staff.put({ ...account, role: 'editor' });

    const page = await freshPage();
    await signInThroughForm(page, EDITOR.email, EDITOR.password);
    await page.waitForURL(`${stack.url}/editpage`);
    expect(await page.getByRole('link', { name: '메시지함' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: '계정 관리' }).count()).toBe(0);
    const refused = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/view');
    await page.goto(`${stack.url}/view`);
    expect((await refused).status()).toBe(403);
    await eventually(() => page.getByRole('alert').textContent()).toBe('접근 권한이 없습니다.');
    // Still signed in: a 403 is not a sign-out.
    expect(await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_STORAGE_KEY)).toBeTruthy();
    expect(new URL(page.url()).pathname).toBe('/view');
  });
});

describe('an account that must enrol in two-factor', () => {
  it('is mailed a link for its password, and the link with the password again opens the set-up', async () => {
    await ensureStaffAccount(stack.deps.staff, ENROLLING.email, ENROLLING.password);
    const account = await stack.deps.staff.get(ENROLLING.email);
    if (!account) throw new Error('account missing');
    await stack.deps.staff.put({ ...account, role: 'staff' });
    await stack.deps.policies.put({ requireTwoFactor: true, updatedAt: new Date().toISOString(), updatedBy: 'test' });
    try {
      const page = await freshPage();
      await signInThroughForm(page, ENROLLING.email, ENROLLING.password);
      await eventually(() => page.getByRole('status').textContent()).toContain(
        `${ENROLLING.email} 주소로 설정 링크를 보냈습니다`,
      );
      expect(new URL(page.url()).pathname).toBe('/login');
      expect(await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_STORAGE_KEY)).toBeNull();

      const mail = (await capturedMail(stack))
        .filter((candidate) => candidate.destination.to.includes(ENROLLING.email))
        .at(-1);
      expect(mail?.subject).toBe('[의료관광센터] 2단계 인증 설정 링크');
      const link = /(http:\/\/\S+\/enrol#[\w.-]+)/.exec(mail?.body.text ?? '')?.[1];
      expect(link).toBeDefined();
      await page.goto(link ?? '');
      await eventually(() => page.getByRole('heading', { level: 1, name: '2단계 인증 설정' }).isVisible()).toBe(true);
      await eventually(() => new URL(page.url()).hash).toBe('');
      expect(await axeViolations(page)).toEqual([]);

      await page.getByLabel('비밀번호').fill('not the password at all');
      await page.getByRole('button', { name: '확인' }).click();
      await eventually(() => page.getByRole('alert').textContent()).toContain('비밀번호가 맞지 않습니다');
      await page.getByLabel('비밀번호').fill(ENROLLING.password);
      await page.getByRole('button', { name: '확인' }).click();
      await page.waitForURL(`${stack.url}/two-factor`);
      await eventually(() =>
        page.getByText('이 계정은 2단계 인증을 설정해야 다른 화면을 쓸 수 있습니다.').isVisible(),
      ).toBe(true);
      // The link's page took the password: the set-up starts without asking it again.
      expect(await page.getByLabel('현재 비밀번호').count()).toBe(0);
      await page.getByRole('button', { name: '2단계 인증 설정 시작' }).click();
      await eventually(() => page.getByRole('img', { name: '인증 앱에 등록할 QR 코드' }).isVisible()).toBe(true);
    } finally {
      await stack.deps.policies.put({
        requireTwoFactor: false,
        updatedAt: new Date().toISOString(),
        updatedBy: 'test',
      });
    }
  });
});
