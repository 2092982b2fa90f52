/**
 * The visitor's page in Debian's Chromium, on the phone Lighthouse emulates:
 * opened by the link a mail carries, it drops the link from the address and
 * from every entry of the tab's history,
 * shows the reference, where the request stands, what was sent and the reply,
 * takes a message that then shows in the conversation (and in the staff
 * thread), survives a reload, and does so on a slow phone too; a wrong link
 * and a replaced one say so; without
 * JavaScript it says how to reach the centre; axe finds nothing. Screenshots
 * of the Russian and Japanese pages are kept for a person to look at
 * (VISITOR_SCREENSHOTS names the folder).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFor } from '../../../shared/content/copy';
import { type LocaleCode, localeByCode } from '../../../shared/locales';
import { mintVisitorLink } from '../../../functions/visitor/visitor-links';
import { launchBrowser } from '../../support/browser';
import { axeViolations, eventually } from '../../support/page-checks';
import { type TestStack, enquiry, getWithToken, postJson, signIn, startTestStack } from '../../support/stack';
import { LIGHTHOUSE_PHONE, keepRequestsLocal } from '../pages';
import { emulateSlowPhone } from '../slow-phone';

const ENQUIRIES: Record<'ru' | 'ja', number> = { ru: 1, ja: 2 };

let stack: TestStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
  token = await signIn(stack);
  for (const locale of ['ru', 'ja'] as const) {
    const sent = await postJson(stack, '/api/sendmail', {
      data: enquiry({
        page_locale: locale,
        user_email: `${locale}@example.test`,
        message: locale === 'ru' ? 'Хочу пройти обследование в декабре.' : '12月に健診を受けたいです。',
      }),
    });
    expect(sent.status).toBe(200);
  }
  const replied = await postJson(
    stack,
    '/api/enquiry/reply',
    {
      data: {
        index: 1,
        version: 0,
        subject: 'Ваше обследование',
        body: 'Здравствуйте!\n\nВрач примет вас 10 декабря в 9:30.',
      },
    },
    token,
  );
  expect(replied.status).toBe(200);
  context = await browser.newContext({ ...LIGHTHOUSE_PHONE });
  await keepRequestsLocal(context, stack.url);
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await stack?.dispose();
});

const pageUrl = (url: string) => url.replace(/^https?:\/\/[^/]+/, stack.url);
const copy = (locale: LocaleCode) => copyFor(locale);

/** Where the screenshots go: VISITOR_SCREENSHOTS, or the test stack's data folder (gone with it). */
function screenshotPath(name: string): string {
  const folder = process.env['VISITOR_SCREENSHOTS'] ?? join(stack.dataDir, 'screenshots');
  mkdirSync(folder, { recursive: true });
  return join(folder, name);
}

describe('the visitor page', () => {
  it('opens by the link, drops it from the address, shows the enquiry and the reply, and takes a message', async () => {
    const t = copy('ru');
    const link = await mintVisitorLink(stack.deps, ENQUIRIES.ru, 'ru');
    await page.goto(pageUrl(link));
    await eventually(() => page.locator('.visitor__reference').textContent()).toContain('MT-000001');
    expect(new URL(page.url()).hash).toBe('');
    expect(page.url()).toBe(`${stack.url}/my-enquiry/ru`);
    const main = page.locator('main');
    expect(await main.textContent()).toContain(t['visitor.standing.answered']);
    expect(await main.textContent()).toContain('Хочу пройти обследование в декабре.');
    expect(await main.textContent()).toContain('Врач примет вас 10 декабря в 9:30.');
    expect(await main.textContent()).toContain('Ваше обследование');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('textbox', { name: t['visitor.write.label'] }).fill('Спасибо! Можно в 10:00?');
    await page.getByRole('button', { name: t['visitor.write.submit'] }).click();
    await eventually(() => page.getByRole('status').last().textContent()).toBe(t['visitor.write.sent']);
    expect(await page.locator('.visitor__message--visitor').textContent()).toContain('Спасибо! Можно в 10:00?');
    expect(await page.getByRole('textbox', { name: t['visitor.write.label'] }).inputValue()).toBe('');
    const thread = (await (await getWithToken(stack, '/api/thread/1', token)).json()) as {
      type: string;
      text?: string;
    }[];
    expect(thread.filter((entry) => entry.type === 'visitorMessage').map((entry) => entry.text)).toEqual([
      'Спасибо! Можно в 10:00?',
    ]);

    // A reload opens it again without the link in the address (kept for this tab).
    await page.reload();
    await eventually(() => page.locator('.visitor__message--visitor').count()).toBe(1);
    await page.screenshot({ path: screenshotPath('visitor-page-ru.png'), fullPage: true });
  });

  it("leaves no entry holding the link in the tab's history: the address and every back-and-forward entry are without it, a reload still opens it", async () => {
    const link = await mintVisitorLink(stack.deps, ENQUIRIES.ja, 'ja');
    const secret = link.split('#')[1] ?? '';
    const fresh = await context.newPage();
    await fresh.goto(pageUrl(link));
    await eventually(() => fresh.locator('.visitor__reference').textContent()).toContain('MT-000002');
    const entries = async () => {
      const cdp = await context.newCDPSession(fresh);
      const { entries: all } = await cdp.send('Page.getNavigationHistory');
      await cdp.detach();
      return all.map((entry) => entry.url);
    };
    expect(await fresh.evaluate(() => window.location.href)).toBe(`${stack.url}/my-enquiry/ja`);
    expect(await fresh.evaluate(() => window.history.length)).toBe((await entries()).length);
    for (const url of await entries()) expect(url).not.toContain(secret);
    await fresh.reload();
    await eventually(() => fresh.locator('.visitor__reference').textContent()).toContain('MT-000002');
    for (const url of await entries()) expect(url).not.toContain(secret);
    await fresh.close();
  });

  it('shows the Japanese page in Japanese', async () => {
    const t = copy('ja');
    const jaPage = await context.newPage();
    await jaPage.goto(pageUrl(await mintVisitorLink(stack.deps, ENQUIRIES.ja, 'ja')));
    await eventually(() => jaPage.locator('.visitor__reference').textContent()).toContain('MT-000002');
    expect(await jaPage.locator('html').getAttribute('lang')).toBe(localeByCode('ja').lang);
    expect(await jaPage.locator('main').textContent()).toContain(t['visitor.standing.received']);
    expect(await jaPage.locator('main').textContent()).toContain(t['visitor.conversation.empty']);
    expect(await axeViolations(jaPage)).toEqual([]);
    await jaPage.screenshot({ path: screenshotPath('visitor-page-ja.png'), fullPage: true });
    await jaPage.close();
  });

  it('says a wrong link and a replaced one open nothing, with how to reach the centre', async () => {
    const t = copy('ru');
    const fresh = await context.newPage();
    await fresh.goto(`${stack.url}/my-enquiry/ru#1.${'A'.repeat(43)}`);
    await eventually(() => fresh.getByRole('heading', { level: 2 }).textContent()).toBe(t['visitor.notFound.title']);
    expect(await fresh.locator('main a[href^="tel:"]').count()).toBeGreaterThan(0);
    expect(await axeViolations(fresh)).toEqual([]);

    const old = await mintVisitorLink(stack.deps, ENQUIRIES.ru, 'ru');
    const current = ((await (await getWithToken(stack, '/api/detail/1', token)).json()) as { VERSION: number }[])[0];
    expect(
      (await postJson(stack, '/api/enquiry/visitor-link', { data: { index: 1, version: current?.VERSION } }, token))
        .status,
    ).toBe(200);
    const replaced = await context.newPage();
    await replaced.goto(pageUrl(old));
    await eventually(() => replaced.getByRole('heading', { level: 2 }).textContent()).toBe(t['visitor.notFound.title']);
    await fresh.close();
    await replaced.close();
  });

  it('opens on a slow phone (slow 4G, a CPU four times slower) and takes a message there', async () => {
    const t = copy('ja');
    const slow = await context.newPage();
    await emulateSlowPhone(slow);
    await slow.goto(pageUrl(await mintVisitorLink(stack.deps, ENQUIRIES.ja, 'ja')));
    await eventually(() => slow.locator('.visitor__reference').textContent()).toContain('MT-000002');
    await slow.getByRole('textbox', { name: t['visitor.write.label'] }).fill('よろしくお願いします。');
    await slow.getByRole('button', { name: t['visitor.write.submit'] }).click();
    await eventually(() => slow.locator('.visitor__message--visitor').textContent()).toContain(
      'よろしくお願いします。',
    );
    await slow.close();
  });

  it('without JavaScript, says how to reach the centre instead', async () => {
    const t = copy('ru');
    const noScript = await browser.newContext({ ...LIGHTHOUSE_PHONE, javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto(`${stack.url}/my-enquiry/ru#1.${'A'.repeat(43)}`);
    expect(await plain.locator('main').textContent()).toContain(t['visitor.noscript']);
    expect(await plain.locator('main a[href^="mailto:"]').count()).toBe(1);
    await noScript.close();
  });
});
