/**
 * A staff member answers a Russian enquiry in Korean, in Debian's Chromium:
 * writes the reply in Korean, asks for the translation preview,
 * sees the Russian beside it labelled as machine translation with the engine
 * (locally the stand-in, which marks its output as no translation), edits it
 * and sends; the visitor's mailbox has the edited text, and the thread the
 * Korean original.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_STAND_IN, LOCAL_STAND_IN_MARK } from '../../../shared/translation/translation';
import { REPLY_TRANSLATION_TEXT } from '../../../site/src/staff/enquiry/reply-translation-words';
import { launchBrowser, signedInPage } from '../../support/browser';
import { type TestStack, capturedMail, enquiry, postJson, signIn, startTestStack } from '../../support/stack';
import { axeViolations, eventually } from '../../support/page-checks';

const KOREAN = '안녕하세요. 12월 10일에 MRI 검사와 정형외과 진료가 가능합니다.';
const ADDED = 'С уважением, центр медицинского туризма.';

let browser: Browser;
let stack: TestStack;
let page: Page;

beforeAll(async () => {
  [browser, stack] = await Promise.all([launchBrowser(), startTestStack()]);
  const message =
    'Здравствуйте! У меня болит спина уже два года, хочу пройти МРТ и консультацию у ортопеда. Можно ли приехать в декабре?';
  expect(
    (
      await postJson(stack, '/api/sendmail', {
        data: enquiry({ page_locale: 'ru', message, user_email: 'olga@example.test' }),
      })
    ).status,
  ).toBe(200);
  page = await signedInPage(browser, await signIn(stack));
});
afterAll(async () => {
  await browser?.close();
  await stack?.dispose();
});

describe('a reply written in Korean to a Russian enquiry', () => {
  it('previews the Russian beside the Korean, labelled with the engine, lets the staff member edit it, and mails the edited text', async () => {
    await page.goto(`${stack.url}/detail/1`);
    await page.getByLabel('제목').fill('Ваш запрос MT-000001');
    await page.getByLabel(REPLY_TRANSLATION_TEXT.original).fill(KOREAN);
    await page.getByRole('button', { name: REPLY_TRANSLATION_TEXT.previewButton }).click();

    const translation = page.getByLabel(REPLY_TRANSLATION_TEXT.machine('Русский', LOCAL_STAND_IN));
    await translation.waitFor();
    const machine = await translation.inputValue();
    // The stand-in's mark, and the terminology's Russian label for 정형외과 put in.
    expect(machine).toBe(`${LOCAL_STAND_IN_MARK}: ko→ru] ${KOREAN.replace('정형외과', 'Ортопедия')}`);
    expect(await translation.getAttribute('lang')).toBe('ru');
    await translation.fill(`${machine}\n${ADDED}`);
    expect(await page.getByText(REPLY_TRANSLATION_TEXT.edited).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.locator('.reply-translation').screenshot({ path: 'test-results/staff-reply-translation.png' });

    await page.getByRole('button', { name: '답장 보내기' }).click();
    await page.getByText('답장을 보냈습니다.').waitFor();
    await eventually(async () =>
      (await capturedMail(stack))
        .find((mail) => mail.destination.to.includes('olga@example.test') && mail.subject.startsWith('Ваш запрос'))
        ?.body.text?.startsWith(`${machine}\n${ADDED}\n`),
    ).toBe(true);
    // The thread keeps the Korean original, labelled with the engine it was translated by.
    await page.getByText(REPLY_TRANSLATION_TEXT.threadOriginal(LOCAL_STAND_IN)).waitFor();
    expect(await page.locator('.reply-original').textContent()).toBe(KOREAN);
    await page.screenshot({ path: 'test-results/staff-reply-translation-sent.png', fullPage: true });
  });
});
