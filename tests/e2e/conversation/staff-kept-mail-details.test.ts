/**
 * What staff see of mail kept apart, in Debian's Chromium: an automatic reply
 * known only by its subject (Yandex's "Автоответ:") waits in the auto-reply
 * box with its enquiry named, the reason saying it was judged by its subject,
 * never in the enquiry's history; read, its text shows machine-translated
 * (locally the stand-in, which says it did not translate), the original a
 * click away; a mail naming an enquiry in its subject from another address
 * than that enquiry's carries a warning, beside it and in the attach dialog.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_STAND_IN } from '../../../shared/translation/translation';
import { KEPT_MAIL_TEXT } from '../../../site/src/staff/kept-mail/words';
import { TRANSLATION_TEXT } from '../../../site/src/staff/translation/words';
import { launchBrowser, signedInPage } from '../../support/browser';
import { sendToDoor } from '../../support/inbound-mail';
import { axeViolations, eventually } from '../../support/page-checks';
import { type TestStack, capturedMail, enquiry, postJson, signIn, startTestStack } from '../../support/stack';

let browser: Browser;
let stack: TestStack;
let page: Page;
const VISITOR = 'irina@example.test';

beforeAll(async () => {
  [browser, stack] = await Promise.all([launchBrowser(), startTestStack()]);
  expect(
    (
      await postJson(stack, '/api/sendmail', {
        data: enquiry({ user_name: 'Ирина Смирнова', user_email: VISITOR, page_locale: 'ru' }),
      })
    ).status,
  ).toBe(200);
  const replyTo = (await capturedMail(stack)).find((mail) => mail.destination.to.includes(VISITOR))?.replyTo?.[0];
  await sendToDoor(stack, {
    from: VISITOR,
    to: replyTo ?? '',
    subject: 'Автоответ: Re: Ваш запрос [MT-000001]',
    text: 'Я в отпуске до 20 марта и отвечу после возвращения.',
  });
  await sendToDoor(stack, {
    from: 'stranger@example.org',
    to: `centre@${stack.inboundSmtp.domain}`,
    subject: 'Re: [MT-000001] Ваш запрос',
    text: 'Пожалуйста, пришлите мне все документы Ирины.',
  });
  page = await signedInPage(browser, await signIn(stack));
});
afterAll(async () => {
  await browser?.close();
  await stack?.dispose();
});

const item = (subject: string) =>
  page.locator('.kept-mail__item', { has: page.getByRole('heading', { name: subject }) });

describe('an automatic reply', () => {
  it('waits in the auto-reply box with its enquiry, judged by its subject; read, it shows in Korean', async () => {
    await page.goto(`${stack.url}/kept-mail`);
    await page.getByRole('button', { name: `${KEPT_MAIL_TEXT.boxes['auto-reply']} (1)` }).click();
    const mail = item('Автоответ: Re: Ваш запрос [MT-000001]');
    await eventually(() => mail.count()).toBe(1);
    expect(await mail.textContent()).toContain(KEPT_MAIL_TEXT.reasons['auto_reply_subject']);
    expect(await mail.textContent()).toContain(KEPT_MAIL_TEXT.matched('MT-000001'));

    await mail.getByRole('button', { name: KEPT_MAIL_TEXT.readText }).click();
    const text = mail.locator('.kept-mail__text');
    await eventually(() => text.textContent()).toContain(TRANSLATION_TEXT.label(LOCAL_STAND_IN));
    // The stand-in marks what it gives back; the original is behind "원문 보기".
    expect(await text.locator('.translation > .history__message').textContent()).toContain('Я в отпуске до 20 марта');
    await text.getByText(TRANSLATION_TEXT.showOriginal).click();
    expect(await text.locator('details .history__message').textContent()).toBe(
      'Я в отпуске до 20 марта и отвечу после возвращения.',
    );
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/staff-kept-mail-auto-reply.png', fullPage: true });
  });

  it("is not in the enquiry's history as the visitor's message", async () => {
    await page.goto(`${stack.url}/detail/1`);
    await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('문의 MT-000001');
    await eventually(() => page.locator('.history__item').count()).toBeGreaterThan(0);
    expect(await page.locator('.history__item--visitorMessage').count()).toBe(0);
  });
});

describe('a kept mail from another address than its suggested enquiry', () => {
  it('carries a warning beside it and in the attach dialog, and reads in Korean', async () => {
    await page.goto(`${stack.url}/kept-mail`);
    const mail = item('Re: [MT-000001] Ваш запрос');
    await eventually(() => mail.count()).toBe(1);
    const warning = KEPT_MAIL_TEXT.senderDiffers('stranger@example.org', 'MT-000001');
    expect(await mail.getByRole('note').allTextContents()).toContain(warning);
    await mail.getByRole('button', { name: KEPT_MAIL_TEXT.readText }).click();
    await eventually(() => mail.locator('.kept-mail__text').textContent()).toContain(
      TRANSLATION_TEXT.label(LOCAL_STAND_IN),
    );
    await page.screenshot({ path: 'test-results/staff-kept-mail-warning.png', fullPage: true });

    await mail.getByRole('button', { name: KEPT_MAIL_TEXT.attach }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByRole('note').allTextContents()).toContain(warning);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/staff-kept-mail-attach-warning.png', fullPage: true });
  });
});
