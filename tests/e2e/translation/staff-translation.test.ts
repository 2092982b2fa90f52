/**
 * A staff member opens an enquiry from the Russian page in Debian's Chromium:
 * its message, and the visitor's answer in the history, read as
 * machine translation labelled with the engine (locally the stand-in, whose
 * marked output says it is no translation), the Russian original one click
 * away; the message box summarises it in Korean, the original on hover. The
 * screenshot goes to TRANSLATION_SCREENSHOTS, or the test stack's
 * data folder (gone with it).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintVisitorLink } from '../../../functions/visitor/visitor-links';
import { LOCAL_STAND_IN, LOCAL_STAND_IN_MARK } from '../../../shared/translation/translation';
import { TRANSLATION_TEXT } from '../../../site/src/staff/translation/words';
import { launchBrowser, signedInPage } from '../../support/browser';
import { type TestStack, enquiry, postJson, signIn, startTestStack } from '../../support/stack';
import { axeViolations, eventually } from '../../support/page-checks';

const MESSAGE =
  'Здравствуйте! У меня болит спина уже два года, хочу пройти МРТ и консультацию у ортопеда. Можно ли приехать в декабре?';
const ANSWER = 'Спасибо! Мне подходит 10 декабря.';

let browser: Browser;
let stack: TestStack;
let page: Page;

function screenshotPath(name: string): string {
  const folder = process.env['TRANSLATION_SCREENSHOTS'] ?? join(stack.dataDir, 'screenshots');
  mkdirSync(folder, { recursive: true });
  return join(folder, name);
}

beforeAll(async () => {
  [browser, stack] = await Promise.all([launchBrowser(), startTestStack()]);
  expect(
    (
      await postJson(stack, '/api/sendmail', {
        data: enquiry({ user_name: 'Ирина Смирнова', page_locale: 'ru', message: MESSAGE }),
      })
    ).status,
  ).toBe(200);
  const link = (await mintVisitorLink(stack.deps, 1, 'ru')).split('#')[1];
  expect(
    (
      await postJson(stack, '/api/visitor/message', {
        data: { link, text: ANSWER, message_id: crypto.randomUUID(), form_fill_ms: 10_000 },
      })
    ).status,
  ).toBe(200);
  expect(await stack.runTranslations()).toMatchObject({ done: 2 });
  page = await signedInPage(browser, await signIn(stack));
});
afterAll(async () => {
  await browser?.close();
  await stack?.dispose();
});

describe('a Russian enquiry in the back office', () => {
  it("shows the message labelled as machine translation with the engine's name, and the original on a click", async () => {
    await page.goto(`${stack.url}/detail/1`);
    const message = page
      .locator('.detail .translation')
      .filter({ hasText: `${LOCAL_STAND_IN_MARK}: ru→ko]` })
      .first();
    await eventually(() => message.isVisible()).toBe(true);
    expect(await message.locator('.translation__label').textContent()).toBe(TRANSLATION_TEXT.label(LOCAL_STAND_IN));
    const original = message.locator('details p');
    expect(await original.isVisible()).toBe(false);
    await message.getByText(TRANSLATION_TEXT.showOriginal).click();
    expect(await original.isVisible()).toBe(true);
    expect(await original.textContent()).toBe(MESSAGE);
    expect(await original.getAttribute('lang')).toBe('ru');
    expect(await axeViolations(page)).toEqual([]);
  });

  it("shows the visitor's answer in the history the same way, opened with the keyboard", async () => {
    const answer = page.locator('.translation').filter({ hasText: `${LOCAL_STAND_IN_MARK}: ru→ko] ${ANSWER}` });
    await eventually(() => answer.isVisible()).toBe(true);
    expect(await answer.locator('.translation__label').textContent()).toBe(TRANSLATION_TEXT.label(LOCAL_STAND_IN));
    await answer.locator('summary').focus();
    await page.keyboard.press('Enter');
    expect(await answer.locator('details p').textContent()).toBe(ANSWER);
    await page.screenshot({ path: screenshotPath('staff-translation-detail.png'), fullPage: true });
  });

  it('summarises it in Korean in the message box, the original on hover', async () => {
    await page.goto(`${stack.url}/view`);
    const summary = page.locator('table.messages tbody tr').first().getByRole('link');
    await eventually(() => summary.textContent()).toMatch(/^\[local stand-in, not translated: ru→ko\]/);
    expect(await summary.getAttribute('title')).toBe(`${MESSAGE.slice(0, 40)}…`);
  });
});
