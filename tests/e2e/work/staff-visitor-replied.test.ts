/**
 * A visitor writes again, and its owner sees it in Debian's Chromium: the
 * message box badges the enquiry as a new message (with an accessible
 * label), lists it under "waiting for us" (the 방문자 답장 status, theirs),
 * and the badge goes once the owner has opened the enquiry. A visitor's
 * answer by real SMTP with an attachment: the staff member downloads the
 * attachment from the enquiry's history, and the browser saves the same
 * bytes under its name.
 */
import { readFile } from 'node:fs/promises';
import nodemailer from 'nodemailer';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitorWrote } from '../../../functions/work/visitor-wrote';
import { MESSAGE_BOX_TEXT } from '../../../site/src/staff/message-box/words';
import { CONVERSATION_TEXT } from '../../../site/src/staff/conversation/words';
import { BYTES } from '../../support/inbound-mail';
import { launchBrowser, signedInPage } from '../../support/browser';
import { STAFF, type TestStack, capturedMail, enquiry, postJson, signIn, startTestStack } from '../../support/stack';
import { axeViolations, eventually } from '../../support/page-checks';

let browser: Browser;
let stack: TestStack;
let page: Page;

/** Three enquiries from Russian-speaking visitors, MT-000001 to MT-000003. */
async function receiveThree() {
  for (const user_name of ['Ирина Смирнова', 'Nguyễn Văn An', 'Li Wei']) {
    expect((await postJson(stack, '/api/sendmail', { data: enquiry({ user_name, page_locale: 'ru' }) })).status).toBe(
      200,
    );
  }
}

beforeAll(async () => {
  [browser, stack] = await Promise.all([launchBrowser(), startTestStack()]);
  await receiveThree();
  const token = await signIn(stack);
  // The staff member answered enquiry 1 and is working on 2; nobody has taken 3.
  expect(
    (await postJson(stack, '/api/enquiry/work', { data: { index: 1, version: 0, owner: STAFF.email } }, token)).status,
  ).toBe(200);
  expect(
    (
      await postJson(
        stack,
        '/api/enquiry/reply',
        { data: { index: 1, version: 1, subject: 'Ваш визит', body: 'Врач примет вас 10 декабря.' } },
        token,
      )
    ).status,
  ).toBe(200);
  expect(
    (
      await postJson(
        stack,
        '/api/enquiry/work',
        { data: { index: 2, version: 0, owner: STAFF.email, status: 'in_progress' } },
        token,
      )
    ).status,
  ).toBe(200);
  // The visitor of enquiry 1 answers the reply by mail.
  expect(
    await visitorWrote(stack.deps, {
      postIndex: 1,
      at: Date.now(),
      channel: 'mail',
      preview: 'Спасибо! Можно 12 декабря?',
    }),
  ).toMatchObject({ enquiry: 'changed' });
  page = await signedInPage(browser, token);
});
afterAll(async () => {
  await browser?.close();
  await stack?.dispose();
});

const row = (reference: string) => page.locator('table.messages tbody tr', { hasText: reference });

describe("a visitor's new message in the message box", () => {
  it('badges the enquiry for its owner, with a label a screen reader says', async () => {
    await page.goto(`${stack.url}/view`);
    await eventually(() => page.locator('table.messages tbody tr').count()).toBe(3);
    const badge = row('MT-000001').locator('.unread-badge');
    expect(await badge.isVisible()).toBe(true);
    // Seen: the short word; said: the whole meaning (the rest is visually hidden, not hidden from screen readers).
    expect((await badge.locator('.visually-hidden').boundingBox())?.width).toBeLessThanOrEqual(1);
    expect((await row('MT-000001').getByRole('cell').nth(1).ariaSnapshot()).replace(/\s+/g, ' ')).toContain(
      `${MESSAGE_BOX_TEXT.unread}${MESSAGE_BOX_TEXT.unreadMeaning}`,
    );
    expect(await row('MT-000001').textContent()).toContain('방문자 답장');
    expect(await row('MT-000002').locator('.unread-badge').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/staff-visitor-replied-list.png', fullPage: true });
  });

  it('lists it under "waiting for us", and the badge goes once its owner has opened it', async () => {
    await page.getByLabel('상태').first().selectOption('visitor_replied');
    await page.waitForURL(/status=visitor_replied/);
    await page.getByLabel('담당').selectOption('mine');
    await page.waitForURL(/owner=mine/);
    await eventually(() => page.locator('table.messages tbody tr').count()).toBe(1);
    expect(await page.getByText('총 1건').isVisible()).toBe(true);

    const seen = page.waitForResponse(
      (response) => response.url().endsWith('/api/enquiry/seen') && response.status() === 200,
    );
    await row('MT-000001').getByRole('link').click();
    await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('문의 MT-000001');
    expect(await (await seen).json()).toEqual({ cleared: true });

    await page.goBack();
    await page.waitForURL(/status=visitor_replied/);
    await eventually(() => page.locator('table.messages tbody tr').count()).toBe(1);
    expect(await row('MT-000001').locator('.unread-badge').count()).toBe(0);
  });
});

describe("a visitor's attachment in the enquiry's history", () => {
  it('is a button that downloads it: the browser saves the bytes the visitor sent, under their name, and stays on the enquiry', async () => {
    // The visitor of enquiry 3 answers its acknowledgement by mail, through the local SMTP door, with a scan attached.
    const replyTo =
      (await capturedMail(stack)).find((mail) => mail.subject.includes('MT-000003') && mail.replyTo?.length)
        ?.replyTo?.[0] ?? '';
    expect(replyTo).toMatch(/^reply\+3-/);
    const transport = nodemailer.createTransport({
      host: stack.inboundSmtp.host,
      port: stack.inboundSmtp.port,
      secure: false,
      ignoreTLS: true,
    });
    try {
      await transport.sendMail({
        from: 'li.wei@example.test',
        to: replyTo,
        subject: 'Re: MT-000003',
        text: 'Скан направления во вложении.',
        attachments: [{ filename: 'направление.pdf', content: BYTES.pdf }],
      });
    } finally {
      transport.close();
    }

    await page.goto(`${stack.url}/detail/3`);
    const button = page.getByRole('button', {
      name: CONVERSATION_TEXT.download(`направление.pdf (${CONVERSATION_TEXT.size(BYTES.pdf.length)})`),
    });
    await button.waitFor();
    const saved = page.waitForEvent('download');
    await button.click();
    const download = await saved;
    expect(download.suggestedFilename()).toBe('направление.pdf');
    expect((await readFile(await download.path())).equals(BYTES.pdf)).toBe(true);
    expect(page.url()).toBe(`${stack.url}/detail/3`);
  });
});
