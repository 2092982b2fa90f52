/**
 * The BEST 3 board and its popup in the browser: nothing until the packages
 * arrive, nothing when the API fails, the three packages with their images,
 * each page language's text with the agreed fallbacks, and a popup that
 * closes with CLOSE, Escape or a click outside and gives focus back.
 */
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BestPackage } from '../../../shared/packages/best-package';
import { copyFor } from '../../../shared/content/copy';
import { LOCALES, type LocaleCode, type PackageSuffix } from '../../../shared/locales';
import { SEED_PACKAGES } from '../../../local/seed/packages';
import { launchBrowser } from '../../support/browser';
import { type TestStack, postJson, signIn, startTestStack } from '../../support/stack';
import { hydrate, keepRequestsLocal, pageOf } from '../pages';

let stack: TestStack;
let browser: Browser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await stack?.dispose();
});

/** A fresh context each time: `/api/amendBest` may be cached by the browser for a minute. */
async function withPage<T>(work: (page: Page) => Promise<T>): Promise<T> {
  const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await keepRequestsLocal(context, stack.url);
    return await work(await context.newPage());
  } finally {
    await context.close();
  }
}

const items = (page: Page) => page.locator('#best .board > li');
const titleOf = (pkg: BestPackage, suffix: PackageSuffix) => String(pkg[`TITLE_${suffix}` as keyof BestPackage] ?? '');
const contentOf = (pkg: BestPackage, suffix: PackageSuffix) =>
  String(pkg[`CONTENT_${suffix}` as keyof BestPackage] ?? '');

describe('loading', () => {
  it('shows nothing until /api/amendBest answers, then the three packages with their images from /image/', async () => {
    await withPage(async (page) => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let asked!: () => void;
      const requested = new Promise<void>((resolve) => (asked = resolve));
      await page.route('**/api/amendBest', async (route: Route) => {
        asked();
        await released;
        await route.continue();
      });
      await page.goto(`${stack.url}/`);
      await hydrate(page, 'BestBoard');
      await requested;
      expect(await items(page).count()).toBe(0);
      expect(await page.locator('#best img, #best button').count()).toBe(0);

      release();
      await page.locator('#best .board > li:nth-child(3)').waitFor();
      expect(await items(page).count()).toBe(3);
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLImageElement>('#best .board img')].every(
          (image) => image.complete && image.naturalWidth > 0,
        ),
      );
      const images = await page.$$eval('#best .board img', (list) =>
        list.map((image) => ({
          src: image.getAttribute('src'),
          width: image.getAttribute('width'),
          height: image.getAttribute('height'),
          loading: image.getAttribute('loading'),
        })),
      );
      expect(images.map((image) => image.src).sort()).toEqual(
        SEED_PACKAGES.map((pkg) => `/image/${pkg.FILE_POPUP}`).sort(),
      );
      for (const image of images) {
        expect(image.width).toMatch(/^\d+$/);
        expect(image.height).toMatch(/^\d+$/);
        expect(image.loading).toBe('lazy');
      }
      const response = await page.request.get(`${stack.url}${images[0]!.src}`);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toMatch(/^image\//);
    });
  });

  it('stays empty when /api/amendBest fails, and the rest of the page works', async () => {
    await withPage(async (page) => {
      await page.route('**/api/amendBest', (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'unavailable', message: 'Down' }),
        }),
      );
      const warned = page.waitForEvent('console', (message) => message.text().includes('BEST 3 could not be loaded'));
      await page.goto(`${stack.url}/JpPage`);
      await hydrate(page, 'BestBoard');
      await warned;
      expect(await items(page).count()).toBe(0);
      expect(await page.locator('#best dialog[open]').count()).toBe(0);
      expect(await page.locator('#best h2').textContent()).toBe(copyFor('ja')['best.heading']);
    });
  });

  it('stays empty when the connection fails', async () => {
    await withPage(async (page) => {
      await page.route('**/api/amendBest', (route) => route.abort('connectionrefused'));
      const warned = page.waitForEvent('console', (message) => message.text().includes('BEST 3 could not be loaded'));
      await page.goto(`${stack.url}/`);
      await hydrate(page, 'BestBoard');
      await warned;
      expect(await items(page).count()).toBe(0);
    });
  });
});

/** Opens every item's popup on a page and reports what each showed. */
async function readBoard(code: LocaleCode) {
  return withPage(async (page) => {
    await page.goto(`${stack.url}${pageOf(code).route}`);
    await hydrate(page, 'BestBoard');
    await page.locator('#best .board > li:nth-child(3)').waitFor();
    const board = await items(page).evaluateAll((list) =>
      list.map((item) => ({
        title: item.querySelector('h3')?.textContent ?? '',
        content: item.querySelector('p')?.textContent ?? '',
      })),
    );
    const popups: { title: string; content: string; image: string | null }[] = [];
    for (let index = 0; index < board.length; index += 1) {
      await items(page).nth(index).locator('button').click();
      const dialog = page.locator('#best dialog[open]');
      await dialog.waitFor();
      popups.push({
        title: (await dialog.locator('h3').textContent()) ?? '',
        content: (await dialog.locator('p').first().textContent()) ?? '',
        image: await dialog.locator('img').getAttribute('src'),
      });
      await dialog.locator('button').click();
      await dialog.waitFor({ state: 'hidden' });
    }
    return { board, popups };
  });
}

describe('each page language', () => {
  it.each(LOCALES.map((locale) => [locale.code, locale.packageSuffix] as const))(
    'shows the %s page its own title and content (TITLE_%s) on the board and in the popup',
    async (code, suffix) => {
      const { board, popups } = await readBoard(code);
      const expected = SEED_PACKAGES.map((pkg) => ({ title: titleOf(pkg, suffix), content: contentOf(pkg, suffix) }));
      expect([...board].sort((a, b) => a.title.localeCompare(b.title))).toEqual(
        [...expected].sort((a, b) => a.title.localeCompare(b.title)),
      );
      expect(popups.map(({ title, content }) => ({ title, content }))).toEqual(board);
      for (const popup of popups) {
        const pkg = SEED_PACKAGES.find((candidate) => titleOf(candidate, suffix) === popup.title)!;
        expect(popup.image).toBe(`/image/${pkg.FILE_THUMB}`);
      }
    },
  );
});

describe('the popup', () => {
  it('opens with focus inside, closes with CLOSE, Escape and a click outside, and gives focus back to its button', async () => {
    await withPage(async (page) => {
      const t = copyFor('en');
      await page.goto(`${stack.url}/`);
      await hydrate(page, 'BestBoard');
      await page.locator('#best .board > li:nth-child(3)').waitFor();
      const dialog = page.locator('#best dialog');
      const readMore = items(page).nth(1).locator('button');
      expect(await readMore.textContent()).toContain(t['best.readMore']);

      const open = async () => {
        await readMore.click();
        await page.locator('#best dialog[open]').waitFor();
        expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
        expect(await dialog.evaluate((element) => element.matches(':modal'))).toBe(true);
        expect(await dialog.getAttribute('aria-labelledby')).toBe('best-popup-title');
      };
      const closedWithFocusBack = async () => {
        await page.waitForFunction(() => !document.querySelector('#best dialog')?.hasAttribute('open'));
        await page.waitForFunction(() => document.activeElement?.closest('#best .board > li:nth-child(2)') !== null);
        expect(await readMore.evaluate((button) => button === document.activeElement)).toBe(true);
      };

      await open();
      expect(await dialog.locator('button').textContent()).toBe(t['best.close']);
      // Keyboard focus stays in the popup while it is open.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(
          () => document.activeElement === document.body || !!document.activeElement?.closest('#best dialog'),
        ),
      ).toBe(true);
      await dialog.locator('button', { hasText: t['best.close'] }).click();
      await closedWithFocusBack();

      await open();
      await page.keyboard.press('Escape');
      await closedWithFocusBack();

      await open();
      const box = await dialog.boundingBox();
      expect(box).not.toBeNull();
      // A point on the backdrop, outside the dialog's box.
      await page.mouse.click(Math.max(2, box!.x / 2), Math.max(2, box!.y / 2));
      await closedWithFocusBack();

      // A click inside the popup does not close it.
      await open();
      await dialog.locator('h3').click();
      expect(await dialog.evaluate((element) => (element as HTMLDialogElement).open)).toBe(true);
      await page.keyboard.press('Escape');
      await closedWithFocusBack();
    });
  });
});

describe('fallbacks for Japanese and Vietnamese', () => {
  it('shows the Chinese text on the Japanese page and the English text on the Vietnamese page when their fields are emptied', async () => {
    const token = await signIn(stack);
    const pkg = SEED_PACKAGES.find((candidate) => candidate.INDEX === 1)!;
    const response = await postJson(
      stack,
      '/api/modalinput',
      {
        data: {
          index: 1,
          title_kr: pkg.TITLE_kr,
          content_kr: pkg.CONTENT_kr,
          title_en: pkg.TITLE_en,
          content_en: pkg.CONTENT_en,
          title_ch: pkg.TITLE_ch,
          content_ch: pkg.CONTENT_ch,
          title_ru: pkg.TITLE_ru,
          content_ru: pkg.CONTENT_ru,
          title_jp: '',
          content_jp: '',
          title_vn: '',
          content_vn: '',
        },
      },
      token,
    );
    expect(response.status, await response.clone().text()).toBe(200);
    const updated = (await response.json()) as BestPackage;
    expect(updated.TITLE_jp ?? '').toBe('');
    expect(updated.TITLE_vn ?? '').toBe('');

    const ja = await readBoard('ja');
    expect(ja.board.map((item) => item.title)).toContain(pkg.TITLE_ch);
    expect(ja.popups.map((popup) => popup.title)).toContain(pkg.TITLE_ch);
    expect(ja.popups.find((popup) => popup.title === pkg.TITLE_ch)?.content).toBe(pkg.CONTENT_ch);
    // The other two packages keep their own Japanese text.
    expect(ja.board.map((item) => item.title)).toEqual(
      expect.arrayContaining(SEED_PACKAGES.filter((other) => other.INDEX !== 1).map((other) => other.TITLE_jp)),
    );

    const vi = await readBoard('vi');
    expect(vi.board.map((item) => item.title)).toContain(pkg.TITLE_en);
    expect(vi.popups.find((popup) => popup.title === pkg.TITLE_en)?.content).toBe(pkg.CONTENT_en);
    expect(vi.board.map((item) => item.title)).toEqual(
      expect.arrayContaining(SEED_PACKAGES.filter((other) => other.INDEX !== 1).map((other) => other.TITLE_vn)),
    );

    // The languages with their own fields are unchanged.
    const ko = await readBoard('ko');
    expect(ko.popups.map((popup) => popup.title)).toContain(pkg.TITLE_kr);
  });
});
