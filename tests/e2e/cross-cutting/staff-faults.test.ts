/**
 * The back office while a backing service fails, in Debian's Chromium: the
 * staff member sees an error, stays signed in on the same page, and the same
 * action works once the service is back, without a reload.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../shared/auth';
import { SERVICE_UP } from '../../../local/faults/faults';
import { STAFF_TEXT } from '../../../site/src/staff/core/words';
import { launchBrowser } from '../../support/browser';
import { type TestStack, enquiry, postJson, signIn, startTestStack } from '../../support/stack';
import { eventually } from '../../support/page-checks';

let stack: TestStack;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
  const token = await signIn(stack);
  for (const name of ['Ирина Смирнова', 'Nguyễn Văn An']) {
    expect((await postJson(stack, '/api/sendmail', { data: enquiry({ user_name: name }) })).status).toBe(200);
  }
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'ko-KR' });
  await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    TOKEN_STORAGE_KEY,
    token,
  ] as const);
  page = await context.newPage();
});
afterAll(async () => {
  await stack?.faults.set('dynamodb', SERVICE_UP);
  await browser?.close();
  await stack?.dispose();
});

const rows = () => page.locator('tbody tr').count();
const alertText = () =>
  page
    .getByRole('alert')
    .allTextContents()
    .then((texts) => texts.join(' ').trim());

describe('the message box while DynamoDB refuses', () => {
  it('shows an error, keeps the visitor signed in on the page, and lists again once DynamoDB is back', async () => {
    await page.goto(`${stack.url}/view`);
    await eventually(rows).toBe(2);
    // A mark that a reload or a trip to the sign-in page would wipe.
    await page.evaluate(() => Object.assign(window, { stayedOnPage: true }));

    await stack.faults.set('dynamodb', { mode: 'refuse' });
    await page.getByRole('button', { name: '검색' }).click();
    await eventually(alertText).not.toBe('');
    // Said as what it is (it passes), not as a missing permission.
    expect(await alertText()).toBe(STAFF_TEXT.serviceDown);
    expect(new URL(page.url()).pathname).toBe('/view');

    await stack.faults.set('dynamodb', SERVICE_UP);
    await page.getByRole('button', { name: '검색' }).click();
    await eventually(alertText).toBe('');
    await eventually(rows).toBe(2);
    expect(await page.evaluate(() => (window as { stayedOnPage?: boolean }).stayedOnPage)).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/view');
  });
});
