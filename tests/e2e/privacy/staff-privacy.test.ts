/**
 * The privacy pages in Debian's Chromium, as an admin uses them: a visitor's
 * request found by address, handed over as a file and erased after a reason
 * and the address typed again; a legal hold set and lifted on the detail
 * page; tonight's retention count above the message box; the access log
 * filtered and downloaded. A staff member sees none of the admin pages.
 * axe finds nothing on either page.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../shared/auth';
import { RETENTION } from '../../../shared/privacy/retention';
import { hashPassword } from '../../../functions/accounts/passwords/passwords';
import { launchBrowser } from '../../support/browser';
import { type TestStack, enquiry, postJson, signIn, startTestStack } from '../../support/stack';
import { eventually, axeViolations } from '../../support/page-checks';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-11-20T02:00:00Z');
/** The stack's clock: the first enquiry arrives before the retention period, the rest now; each reading a millisecond on, so the access log has an order. */
const clock = { at: NOW - (RETENTION.enquiryMonths * 31 + 2) * DAY, now: () => (clock.at += 1) };
const VISITOR = 'tran.thi.mai@example.test';
const COLLEAGUE = { email: 'colleague@example.test', password: 'another long password' };

let stack: TestStack;
let browser: Browser;
let page: Page;

async function contextFor(token: string): Promise<Page> {
  const next = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'ko-KR' });
  // The browser's today is the stack's (the access log's default week ends on it), whatever the date the suite runs on.
  await next.clock.setSystemTime(NOW);
  await next.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    TOKEN_STORAGE_KEY,
    token,
  ] as const);
  return next.newPage();
}

beforeAll(async () => {
  [stack, browser] = await Promise.all([startTestStack({ clock }), launchBrowser()]);
  await stack.deps.staff.put({
    email: COLLEAGUE.email,
    passwordHash: await hashPassword(COLLEAGUE.password),
    disabled: false,
    role: 'staff',
    createdAt: new Date(NOW).toISOString(),
    updatedAt: new Date(NOW).toISOString(),
  });
  const send = async (overrides: Record<string, unknown>) => {
    const response = await postJson(stack, '/api/sendmail', {
      data: enquiry({ start: '2030-01-10 09:30', ...overrides }),
    });
    expect(response.status).toBe(200);
  };
  await send({ user_email: 'old.visitor@example.test', user_name: 'Old Visitor' }); // 1: past its period
  clock.at = NOW;
  await send({ user_email: VISITOR, user_name: 'Trần Thị Mai', page_locale: 'vi' }); // 2
  await send({ user_email: 'someone@example.test', user_name: 'Someone Else' }); // 3
  await send({
    user_email: VISITOR.toUpperCase(),
    user_name: 'Trần Thị Mai',
    page_locale: 'vi',
    section: '통역예약',
    destination: 'Airport',
    consent_health: false,
  }); // 4
  page = await contextFor(await signIn(stack));
});
afterAll(async () => {
  await browser?.close();
  await stack?.dispose();
});

describe('as an admin', () => {
  it("shows how many enquiries tonight's retention run deletes, above the message box", async () => {
    await page.goto(`${stack.url}/view`);
    await eventually(() => page.getByRole('status').filter({ hasText: '자동 삭제' }).textContent()).toContain(
      `보관 기간(${RETENTION.enquiryMonths}개월)이 지난 문의 1건`,
    );
  });

  it('holds an enquiry with a reason, shows it held, and lifts the hold', async () => {
    await page.goto(`${stack.url}/detail/4`);
    await page.getByLabel('보존 사유').fill('Insurance claim 2026-77');
    await page.getByRole('button', { name: '보존 설정' }).click();
    await eventually(() => page.getByText('보존 중: Insurance claim 2026-77').isVisible()).toBe(true);
    expect((await stack.deps.enquiries.get(4))?.LEGAL_HOLD).toBe('Insurance claim 2026-77');
    await page.reload();
    await eventually(() => page.getByRole('button', { name: '보존 해제' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: '보존 해제' }).click();
    await eventually(() => page.getByRole('button', { name: '보존 설정' }).isVisible()).toBe(true);
    expect((await stack.deps.enquiries.get(4))?.LEGAL_HOLD).toBeUndefined();
    // Held again for the erasure below: it must stay.
    await page.getByLabel('보존 사유').fill('Insurance claim 2026-77');
    await page.getByRole('button', { name: '보존 설정' }).click();
    await eventually(() => page.getByText('보존 중: Insurance claim 2026-77').isVisible()).toBe(true);
  });

  it("finds a visitor's enquiries, hands them over as a file, and erases them after a reason and the address again", async () => {
    await page.goto(`${stack.url}/privacy-requests`);
    await page.getByLabel('방문자 이메일').fill('Tran.Thi.Mai@example.test');
    await page.getByRole('button', { name: '찾기' }).click();
    const found = page.getByRole('region', { name: '이 주소의 문의 2건' });
    await eventually(() => found.isVisible()).toBe(true);
    expect(await found.locator('tbody tr').allTextContents()).toEqual([
      expect.stringContaining('MT-000002'),
      expect.stringContaining('보존 중: Insurance claim 2026-77'),
    ]);
    expect(new URL(page.url()).search).toBe('');
    expect(await axeViolations(page)).toEqual([]);

    const saved = page.waitForEvent('download');
    await page.getByRole('button', { name: '전체 내려받기 (JSON)' }).click();
    const download = await saved;
    expect(download.suggestedFilename()).toBe('personal-data.json');
    const data = JSON.parse(await readFile(await download.path(), 'utf8')) as {
      email: string;
      enquiries: { REFERENCE: string; NAME: string }[];
    };
    expect(data.email).toBe(VISITOR);
    expect(data.enquiries.map((entry) => [entry.REFERENCE, entry.NAME])).toEqual([
      ['MT-000002', 'Trần Thị Mai'],
      ['MT-000004', 'Trần Thị Mai'],
    ]);

    await page.getByRole('button', { name: '삭제…' }).click();
    const dialog = page.getByRole('dialog', { name: '개인정보 삭제' });
    await eventually(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain(`${VISITOR}의 문의 2건`);
    const erase = dialog.getByRole('button', { name: '삭제', exact: true });
    expect(await erase.isDisabled()).toBe(true);
    await dialog.getByLabel('삭제 사유 (기록에 남습니다)').fill('Asked by e-mail on 19 November');
    await dialog.getByLabel('삭제 확인: 방문자 이메일을 다시 입력하세요').fill('someone@example.test');
    expect(await erase.isDisabled()).toBe(true);
    await page.screenshot({ path: 'test-results/staff-privacy-erase-dialog.png' });
    await dialog.getByLabel('삭제 확인: 방문자 이메일을 다시 입력하세요').fill(VISITOR.toUpperCase());
    await erase.click();
    await eventually(() => page.getByRole('status').filter({ hasText: '1건을 삭제했습니다.' }).textContent()).toContain(
      '법적 보존 중이라 남긴 문의: MT-000004',
    );
    // What to tell the visitor: the backups keep the erased data for the tables' recovery period, then it is gone.
    expect(await page.getByRole('status').filter({ hasText: '1건을 삭제했습니다.' }).textContent()).toContain(
      `백업에는 ${RETENTION.backupDays}일 동안 남아 있다가 사라집니다`,
    );
    await eventually(() =>
      page.getByRole('region', { name: '이 주소의 문의 1건' }).locator('tbody tr').allTextContents(),
    ).toEqual([expect.stringContaining('MT-000004')]);
    expect(await stack.deps.enquiries.get(2)).toBeUndefined();
    expect(await stack.deps.enquiries.get(3)).toBeDefined();
    await page.screenshot({ path: 'test-results/staff-privacy-after-erase.png', fullPage: true });
  });

  it('leaves no trace of the erased enquiry in the list, its detail page, the CSV or the open count of the dashboard', async () => {
    await page.goto(`${stack.url}/view`);
    await eventually(() => page.locator('table.messages tbody tr').count()).toBe(3);
    const list = await page.locator('table.messages').textContent();
    expect(list).not.toContain('MT-000002');
    expect(list).toContain('MT-000004');
    expect(await page.getByText('총 3건').isVisible()).toBe(true);

    await page.goto(`${stack.url}/detail/2`);
    await eventually(() => page.getByText('해당 문의를 찾을 수 없습니다.').isVisible()).toBe(true);

    await page.goto(`${stack.url}/view`);
    const saved = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSV 다운로드' }).click();
    const csv = await readFile(await (await saved).path(), 'utf8');
    expect(csv).toContain('Someone Else');
    expect(csv).toContain('MT-000004');
    expect(csv).not.toContain('MT-000002');

    // Four were open, one is erased (what was received stays counted: a number that names no one).
    await page.goto(`${stack.url}/dashboard`);
    const open = page.getByRole('img', { name: '미처리 문의 (접수 후 경과일)' });
    await eventually(() => open.count()).toBe(1);
    const description = page.locator(`[id="${(await open.getAttribute('aria-describedby')) ?? 'missing'}"]`);
    expect(await description.textContent()).toMatch(/^미처리 문의 3건:/);
  });

  it('reads the access log by action and downloads it as CSV', async () => {
    await page.goto(`${stack.url}/access-log`);
    const rows = page.locator('table.access-log tbody tr');
    await eventually(() => rows.count()).toBeGreaterThan(3);
    await page.getByLabel('작업').selectOption('subject.');
    await page.getByRole('button', { name: '검색' }).click();
    await eventually(() => rows.allTextContents()).toEqual([
      expect.stringContaining('개인정보 열람 (검색)'),
      expect.stringContaining('개인정보 삭제'),
      expect.stringContaining('개인정보 내려받기'),
      expect.stringContaining('개인정보 열람 (검색)'),
    ]);
    expect(await rows.nth(1).textContent()).toContain('Asked by e-mail on 19 November');
    expect(new URL(page.url()).searchParams.get('action')).toBe('subject.');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/staff-access-log.png', fullPage: true });

    const saved = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSV 다운로드' }).click();
    const csv = await readFile(await (await saved).path(), 'utf8');
    expect(csv).toContain('subject.erase');
    expect(csv).not.toContain('enquiry.list');

    await page.reload();
    await eventually(() => rows.count()).toBe(4);
    expect(await page.getByLabel('작업').inputValue()).toBe('subject.');
  });
});

describe('as a staff member', () => {
  it('offers none of the admin pages, and an admin page opened by address shows no data', async () => {
    const staffPage = await contextFor(await signIn(stack, COLLEAGUE.email, COLLEAGUE.password));
    await staffPage.goto(`${stack.url}/view`);
    const sidebar = staffPage.getByRole('navigation', { name: '관리자 메뉴' });
    await eventually(() => sidebar.getByRole('link').allTextContents()).toEqual([
      '메시지함',
      '대시보드',
      '답장 양식',
      '보관 메일함',
    ]);
    await staffPage.goto(`${stack.url}/access-log`);
    await eventually(() => staffPage.getByRole('alert').textContent()).toBe('접근 권한이 없습니다.');
    expect(await staffPage.locator('table.access-log').count()).toBe(0);
    await staffPage.goto(`${stack.url}/detail/4`);
    await eventually(() => staffPage.getByText('보존 중: Insurance claim 2026-77').isVisible()).toBe(true);
    expect(await staffPage.getByRole('button', { name: '보존 해제' }).count()).toBe(0);
  });
});
