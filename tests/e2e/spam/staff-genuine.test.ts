/**
 * A genuine enquiry held as suspected spam, found and marked in Debian's
 * Chromium on the local stack: the form's hidden field was filled (a
 * browser's autofill does it), so nobody was told of it; the message box
 * says one waits in the suspected-spam list and leads there; its page says
 * why it was held and, after a confirm, marks it genuine. It then opens as
 * any enquiry, its history says so, it tops the message box, and its staff
 * notice and the visitor's acknowledgement are in the mailbox; the access
 * log has the mark. axe finds nothing on the suspected-spam page. The pages
 * are photographed into test-results/staff-spam/.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECEIPT_TEXT } from '../../../shared/intake/receipt-text';
import { formatKoreaDate } from '../../../shared/korea-time';
import { ENQUIRY_TEXT } from '../../../site/src/staff/enquiry/words';
import { SPAM_TEXT } from '../../../site/src/staff/spam/words';
import { launchBrowser, signedInPage } from '../../support/browser';
import { axeViolations, eventually } from '../../support/page-checks';
import {
  type TestStack,
  capturedMail,
  enquiry,
  getWithToken,
  postJson,
  signIn,
  startTestStack,
} from '../../support/stack';

/** Where the pages are photographed (git-ignored, kept after the run). */
const SHOTS = join('test-results', 'staff-spam');
const VISITOR = 'tran.van.an@example.test';
const MESSAGE = 'Tôi muốn khám mắt vào tháng sau.';

let stack: TestStack;
let browser: Browser;
let page: Page;
let token: string;
let held = 0;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
  token = await signIn(stack);
  const ordinary = await postJson(stack, '/api/sendmail', { data: enquiry({ user_email: 'other@example.test' }) });
  expect(ordinary.status).toBe(200);
  const autofilled = await postJson(stack, '/api/sendmail', {
    data: enquiry({
      user_name: 'Trần Văn An',
      user_email: VISITOR,
      message: MESSAGE,
      page_locale: 'vi',
      user_language: 'Vietnamese',
      website: 'https://tran-van-an.example',
    }),
  });
  expect(autofilled.status).toBe(200);
  held = Number(((await autofilled.json()) as { reference: string }).reference.replace('MT-', ''));
  page = await signedInPage(browser, token);
});
afterAll(async () => {
  await browser?.close();
  await stack?.dispose();
});

const reference = (index: number) => `MT-${String(index).padStart(6, '0')}`;
const mailsTo = async (address: string) =>
  (await capturedMail(stack)).filter((mail) => mail.destination.to.includes(address));
const firstRow = () => page.locator('table tbody tr').first();

describe('suspected spam marked genuine in the back office', () => {
  it('says in the message box how many wait in the suspected-spam list, and leads there', async () => {
    expect(await mailsTo(VISITOR)).toEqual([]);
    await page.goto(`${stack.url}/view`);
    const notice = page.getByRole('status').filter({ hasText: SPAM_TEXT.waiting(1) });
    await notice.waitFor();
    await page.screenshot({ path: join(SHOTS, 'message-box.png') });
    await notice.getByRole('button', { name: SPAM_TEXT.showSpam }).click();
    await eventually(() => new URL(page.url()).searchParams.get('spam')).toBe('1');
    await eventually(() => firstRow().textContent()).toContain('Trần Văn An');
    expect(await page.getByText(SPAM_TEXT.waiting(1)).count()).toBe(0);
  });

  it('shows why it was held on its page, and only the panel that marks it; axe finds nothing', async () => {
    await firstRow().getByRole('link').click();
    await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(
      ENQUIRY_TEXT.detailTitle(reference(held)),
    );
    const panel = page.getByRole('region', { name: SPAM_TEXT.panel.heading });
    await panel.waitFor();
    expect(await panel.textContent()).toContain(SPAM_TEXT.reason('honeypot'));
    expect(await page.locator('.detail-layout__work > section.panel').count()).toBe(1);
    await page.screenshot({ path: join(SHOTS, 'suspected-spam.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  });

  it('marks it genuine after a confirm: it opens as any enquiry, with the history line, and tops the message box', async () => {
    await page.getByRole('button', { name: SPAM_TEXT.panel.button, exact: true }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.textContent()).toContain(SPAM_TEXT.panel.confirm(reference(held)));
    await dialog.getByRole('button', { name: SPAM_TEXT.panel.submit, exact: true }).click();
    const history = page.locator('ol.history');
    await eventually(() => history.textContent()).toContain('스팸 의심에서 정상 문의로 표시');
    expect(await history.textContent()).toContain(SPAM_TEXT.reason('honeypot'));
    expect(await page.getByRole('region', { name: SPAM_TEXT.panel.heading }).count()).toBe(0);
    expect(await page.locator('.detail-layout__work > section.panel').count()).toBeGreaterThan(1);

    await page.screenshot({ path: join(SHOTS, 'marked-genuine.png'), fullPage: true });

    await page.goto(`${stack.url}/view`);
    await eventually(() => firstRow().textContent()).toContain('Trần Văn An');
    expect(await page.getByText(SPAM_TEXT.waiting(1)).count()).toBe(0);
  });

  it('sends the staff notice and the acknowledgement then, in the visitor’s language, and logs the mark', async () => {
    const [acknowledgement] = await mailsTo(VISITOR);
    expect(acknowledgement?.subject).toBe(RECEIPT_TEXT.vi.mail.subject(reference(held), RECEIPT_TEXT.vi.centreName));
    // The staff notice: the one other mail naming the enquiry, to staff.
    const notices = (await capturedMail(stack)).filter(
      (mail) => mail.subject.includes(reference(held)) && !mail.destination.to.includes(VISITOR),
    );
    expect(notices).toHaveLength(1);
    const today = formatKoreaDate(Date.now());
    const log = await getWithToken(stack, `/api/access-log?from=${today}&to=${today}&action=enquiry.genuine`, token);
    expect(log.status).toBe(200);
    const { entries } = (await log.json()) as { entries: { action: string; target: string }[] };
    expect(entries.map(({ action, target }) => ({ action, target }))).toEqual([
      { action: 'enquiry.genuine', target: String(held) },
    ]);
  });
});
