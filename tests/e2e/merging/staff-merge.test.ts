/**
 * Merging duplicate enquiries in Debian's Chromium, on the local stack as
 * `npm start` runs it: a visitor wrote twice; on the second enquiry's page
 * the first is listed, merged in after a confirm, and its message then reads
 * in this history; the first's page link lands on the second; the merge is
 * undone from the list of merged enquiries and the first stands alone again;
 * a message is split out into a new enquiry, whose page opens with it. axe
 * finds nothing on the page with the merge.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_CHECKED_LOCALLY } from '../../../shared/conversation/visitor-messages';
import { MERGING_TEXT } from '../../../site/src/staff/merging/words';
import { launchBrowser, signedInPage } from '../../support/browser';
import { axeViolations, eventually } from '../../support/page-checks';
import { type TestStack, enquiry, postJson, signIn, startTestStack } from '../../support/stack';

const VISITOR = 'olga.ivanova@example.test';
const FLIGHT = 'Мой рейс SU250, 8 декабря, прилёт в 10:40';

let stack: TestStack;
let browser: Browser;
let page: Page;

async function send(message: string): Promise<void> {
  const response = await postJson(stack, '/api/sendmail', {
    data: enquiry({ user_name: 'Ольга Иванова', user_email: VISITOR, message }),
  });
  expect(response.status).toBe(200);
  await response.arrayBuffer();
}

const reference = (index: number) => `MT-${String(index).padStart(6, '0')}`;
const history = () => page.locator('ol.history');

async function openDetail(index: number): Promise<void> {
  await page.goto(`${stack.url}/detail/${index}`);
  await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(`문의 ${reference(index)}`);
}

/** Presses a button, then the dialog's own submit. */
async function confirm(name: string, submit: string): Promise<void> {
  await page.getByRole('button', { name, exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: submit, exact: true }).click();
}

beforeAll(async () => {
  [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
  const token = await signIn(stack);
  await send('Хочу пройти обследование в декабре.');
  await send('Нужна гостиница рядом с больницей.');
  // Her answer by mail to the first enquiry, as the mail receiver files it.
  await stack.deps.events.add({
    postIndex: 1,
    at: `${new Date().toISOString()}#0e2e`,
    type: 'visitorMessage',
    actor: VISITOR,
    text: FLIGHT,
    channel: 'mail',
    visitor: {
      channel: 'mail',
      subject: 'Re: MT-000001',
      receivedAt: new Date().toISOString(),
      verdicts: NOT_CHECKED_LOCALLY,
      attachments: [],
      fromEnquiryAddress: true,
    },
  });
  page = await signedInPage(browser, token);
});
afterAll(async () => {
  await browser?.close();
  await stack?.dispose();
});

describe('merging in the back office', () => {
  it('merges the first enquiry into the second, whose history then holds her message', async () => {
    await openDetail(2);
    await confirm(MERGING_TEXT.merge.label(reference(1)), MERGING_TEXT.merge.submit);
    await eventually(() => history().textContent()).toContain(FLIGHT);
    await eventually(() => history().textContent()).toContain(MERGING_TEXT.history.merge(reference(1), reference(2)));
    // Its own form message reads in the merge's line.
    expect(await history().textContent()).toContain('Хочу пройти обследование в декабре.');
    await page.getByRole('heading', { name: MERGING_TEXT.merged.heading }).waitFor();
    // Kept outside the checkout, to look at (the merged history, the list of merged enquiries).
    await page.screenshot({ path: join(tmpdir(), 'staff-merge.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  });

  it("lands the first enquiry's page link on the second", async () => {
    await page.goto(`${stack.url}/detail/1`);
    await eventually(() => new URL(page.url()).pathname).toBe('/detail/2');
  });

  it('undoes the merge: the first stands alone again with her message', async () => {
    await openDetail(2);
    await confirm(MERGING_TEXT.merged.label(reference(1)), MERGING_TEXT.merged.submit);
    await eventually(() => history().textContent()).toContain(MERGING_TEXT.history.unmerge(reference(1), reference(2)));
    expect(await history().textContent()).not.toContain(FLIGHT);
    await openDetail(1);
    await eventually(() => history().textContent()).toContain(FLIGHT);
    expect(new URL(page.url()).pathname).toBe('/detail/1');
  });

  it('splits her message out into a new enquiry, whose page opens with it', async () => {
    await openDetail(1);
    await page.getByRole('button', { name: /새 문의로 분리$/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: MERGING_TEXT.split.submit, exact: true }).click();
    await eventually(() => new URL(page.url()).pathname).toBe('/detail/3');
    await eventually(() => history().textContent()).toContain(FLIGHT);
    await openDetail(1);
    await eventually(() => history().textContent()).toContain(MERGING_TEXT.history.split(reference(1), reference(3)));
    expect(await history().textContent()).not.toContain(FLIGHT);
  });
});
