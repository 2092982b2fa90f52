/**
 * Every word in the page's language: on each of the six pages, read through
 * with the BEST 3 popup and every enquiry panel opened in turn, no text node
 * a reader (or a screen reader) meets is a string that only another page's
 * copy, clinic video list or enquiry labels hold (an English "CLOSE" on the
 * Korean page, a Russian label on the Vietnamese page, ...).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLINIC_VIDEOS } from '../../../shared/content/clinic-videos';
import { CONTACT } from '../../../shared/content/contact';
import { copyFor } from '../../../shared/content/copy';
import { displayText } from '../../../shared/content/placeholders';
import { CHANNEL_NAMES } from '../../../shared/intake/contact-channels';
import { DETAIL_SECTIONS, LANGUAGES, SECTIONS } from '../../../shared/enquiries/enums';
import { LOCALES, LOCALE_CODES, type LocaleCode } from '../../../shared/locales';
import { launchBrowser } from '../../support/browser';
import { type TestStack, startTestStack } from '../../support/stack';
import { LANGUAGE_PAGES, keepRequestsLocal, scrollThrough } from '../pages';

/**
 * Shown on every page in one form on purpose: the languages by their own
 * names (the language menu and the flags), the messengers' brand names, the
 * social networks' names and the BEST 3 collection's name.
 */
const SAME_ON_EVERY_PAGE = new Set([
  ...LOCALES.map((locale) => locale.label),
  ...Object.values(CHANNEL_NAMES),
  'Instagram',
  'Facebook',
  'Weibo',
  'BEST 3',
]);

/** Every string a page in `code` is built from. */
function stringsOf(code: LocaleCode): Set<string> {
  return new Set([
    ...Object.values(copyFor(code)),
    ...CLINIC_VIDEOS[code].videos.map((video) => video.title),
    ...[...SECTIONS, ...DETAIL_SECTIONS, ...LANGUAGES].map((entry) => entry.labels[code]),
    displayText(CONTACT.address[code]),
  ]);
}

/** Strings that only other pages are built from. */
function foreignTo(code: LocaleCode): Set<string> {
  const own = stringsOf(code);
  const foreign = new Set<string>();
  for (const other of LOCALE_CODES.filter((candidate) => candidate !== code)) {
    for (const text of stringsOf(other)) if (!own.has(text) && !SAME_ON_EVERY_PAGE.has(text)) foreign.add(text.trim());
  }
  return foreign;
}

let stack: TestStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await keepRequestsLocal(context, stack.url);
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await stack?.dispose();
});

/** The text of every text node a reader or a screen reader meets now (options of a select included; the bots' honeypot left out). */
function shownTexts(): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      if (!parent || !text || parent.closest('script, style, template, .honeypot')) continue;
      if (parent.checkVisibility() || parent.closest('select')) texts.push(text);
    }
    return texts;
  });
}

describe.each(LANGUAGE_PAGES)('$route', ({ route, locale }) => {
  it("shows no string that belongs only to another page's language", async () => {
    const foreign = foreignTo(locale.code);
    await page.goto(`${stack.url}${route}`);
    await scrollThrough(page);
    const seen = await shownTexts();

    // The BEST 3 popup, with its close button.
    await page.locator('#best .board button').first().click();
    await page.locator('#best dialog[open]').waitFor();
    seen.push(...(await shownTexts()));
    await page.keyboard.press('Escape');

    // Every enquiry panel, each with its own hints.
    for (const index of [1, 2, 3]) {
      await page.locator('#contact details.panel').nth(index).locator(':scope > summary').click();
      await page.waitForFunction(
        (i) => document.querySelectorAll('#contact details.panel')[i]?.hasAttribute('open'),
        index,
      );
      seen.push(...(await shownTexts()));
    }

    expect(seen.length).toBeGreaterThan(100);
    expect([...new Set(seen.filter((text) => foreign.has(text)))], route).toEqual([]);
  });
});

describe('the check itself', () => {
  it("would catch an untranslated close button and another page's label", () => {
    expect(foreignTo('ko').has('CLOSE')).toBe(true);
    expect(foreignTo('vi').has(copyFor('ru')['form.name'])).toBe(true);
    expect(foreignTo('ru').has('Tiếng Việt')).toBe(false);
    expect(foreignTo('zh').has(displayText(CONTACT.address.en))).toBe(true);
  });
});
