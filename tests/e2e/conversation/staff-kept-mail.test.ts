/**
 * The kept mail box in Debian's Chromium: an answer sent by real SMTP to an
 * address that names no enquiry waits in the unmatched box; a staff member
 * opens the box, reads the mail, attaches it to the enquiry its subject
 * names (prefilled), and sees it in that enquiry's thread; another mail is
 * discarded after the confirmation dialog.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSATION_TEXT } from '../../../site/src/staff/conversation/words';
import { KEPT_MAIL_TEXT } from '../../../site/src/staff/kept-mail/words';
import { launchBrowser, signedInPage } from '../../support/browser';
import { sendToDoor } from '../../support/inbound-mail';
import { axeViolations, eventually } from '../../support/page-checks';
import { STAFF, type TestStack, enquiry, postJson, signIn, startTestStack } from '../../support/stack';

let browser: Browser;
let stack: TestStack;
let page: Page;

beforeAll(async () => {
  [browser, stack] = await Promise.all([launchBrowser(), startTestStack()]);
  expect(
    (
      await postJson(stack, '/api/sendmail', {
        data: enquiry({ user_name: 'Ирина Смирнова', user_email: 'irina@example.test', page_locale: 'ru' }),
      })
    ).status,
  ).toBe(200);
  const centre = `centre@${stack.inboundSmtp.domain}`;
  // Answered from another mail program, to the centre's address instead of the enquiry's reply address.
  await sendToDoor(stack, {
    from: 'irina@example.test',
    to: centre,
    subject: 'Re: [MT-000001] Ваш запрос',
    text: 'Я приеду 12 декабря.',
    date: new Date(Date.now() - 60_000),
  });
  await sendToDoor(stack, {
    from: 'noise@example.test',
    to: centre,
    subject: 'Special offer',
    text: 'Buy now.',
    date: new Date(),
  });
  page = await signedInPage(browser, await signIn(stack));
});
afterAll(async () => {
  await browser?.close();
  await stack?.dispose();
});

const item = (subject: string) =>
  page.locator('.kept-mail__item', { has: page.getByRole('heading', { name: subject }) });

describe('the kept mail box', () => {
  it('lists the unmatched mail, newest first, with the reason in Korean and the enquiry its subject names', async () => {
    await page.goto(`${stack.url}/kept-mail`);
    await eventually(() => page.locator('.kept-mail__item').count()).toBe(2);
    expect(await page.locator('.kept-mail__item h3').allTextContents()).toEqual([
      'Special offer',
      'Re: [MT-000001] Ваш запрос',
    ]);
    const mail = item('Re: [MT-000001] Ваш запрос');
    expect(await mail.textContent()).toContain(KEPT_MAIL_TEXT.reasons['no_match']);
    expect(await mail.textContent()).toContain(KEPT_MAIL_TEXT.suggested('MT-000001'));
    await mail.getByRole('button', { name: KEPT_MAIL_TEXT.readText }).click();
    await eventually(() => mail.locator('.kept-mail__text').textContent()).toContain('Я приеду 12 декабря.');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/staff-kept-mail.png', fullPage: true });
  });

  it('attaches one to the enquiry named, and the thread shows it', async () => {
    await item('Re: [MT-000001] Ваш запрос').getByRole('button', { name: KEPT_MAIL_TEXT.attach }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel(KEPT_MAIL_TEXT.attachIndex).inputValue()).toBe('MT-000001');
    await dialog.getByRole('button', { name: KEPT_MAIL_TEXT.attach }).click();
    await eventually(() => page.getByRole('status').textContent()).toContain(KEPT_MAIL_TEXT.attached('MT-000001'));
    await eventually(() => page.locator('.kept-mail__item').count()).toBe(1);

    await page.getByRole('link', { name: KEPT_MAIL_TEXT.openEnquiry }).click();
    await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('문의 MT-000001');
    const message = page.locator('.history__item--visitorMessage');
    await eventually(() => message.textContent()).toContain('Я приеду 12 декабря.');
    expect(await message.textContent()).toContain(CONVERSATION_TEXT.attachedBy(STAFF.email));
  });

  it('discards another after the confirmation', async () => {
    await page.goto(`${stack.url}/kept-mail`);
    await item('Special offer').getByRole('button', { name: KEPT_MAIL_TEXT.discard }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.textContent()).toContain(KEPT_MAIL_TEXT.discardConfirm);
    await dialog.getByRole('button', { name: KEPT_MAIL_TEXT.discard }).click();
    await eventually(() => page.getByRole('status').textContent()).toContain(KEPT_MAIL_TEXT.discarded);
    await eventually(() => page.getByText(KEPT_MAIL_TEXT.empty).isVisible()).toBe(true);
  });
});
