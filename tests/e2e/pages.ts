/**
 * What the browser tests share: the public pages, a guard that keeps every
 * request on the local stack, and the waits that make islands hydrate.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { LOCALES, type Locale, type LocaleCode, localeByCode } from '../../shared/locales';
import { HYDRATED_ATTRIBUTE, ISLAND_ATTRIBUTE, type IslandName } from '../../site/src/islands/island-names';
import { ENHANCED_ATTRIBUTE } from '../../site/src/scripts/public-page';

export interface PublicPage {
  route: string;
  locale: Locale;
}

/**
 * What a language page may weigh: its HTML with the inlined stylesheet, gzipped, fits the first round
 * trip of a new connection (ten segments of 1,460 bytes, less the response headers). `bench:site` and
 * page-weight.test.ts hold the built pages to it.
 */
export const HTML_GZIP_BUDGET_BYTES = 14 * 1024;

/** Lighthouse's mobile emulation (its default form factor, a Moto G Power): the phone its audits, `bench:site` and the phone tests load a page on. */
export const LIGHTHOUSE_PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};

/** The six canonical language pages. */
export const LANGUAGE_PAGES: PublicPage[] = LOCALES.map((locale) => ({ route: locale.route, locale }));

/** Every route that serves a language page: the six and `/Home` (English, canonical `/`). */
export const ALL_PAGE_ROUTES: PublicPage[] = [...LANGUAGE_PAGES, { route: '/Home', locale: localeByCode('en') }];

export const pageOf = (code: LocaleCode): PublicPage => ({
  route: localeByCode(code).route,
  locale: localeByCode(code),
});

export type { IslandName };

/** The element of an island that has not hydrated yet. */
export const sleepingIsland = (island: IslandName) => `[${ISLAND_ATTRIBUTE}="${island}"]:not([${HYDRATED_ATTRIBUTE}])`;
/** The element of an island that has hydrated. */
export const awakeIsland = (island: IslandName) => `[${ISLAND_ATTRIBUTE}="${island}"][${HYDRATED_ATTRIBUTE}]`;

/** Waits until the page's own script has run (it loads after the first paint): facades play in place, the call button has its number. */
export async function enhanced(page: Page): Promise<void> {
  await page.waitForSelector(`html[${ENHANCED_ATTRIBUTE}]`, { state: 'attached' });
}

const SECTION_OF_ISLAND: Record<IslandName, string> = {
  ClinicVideoPlayer: '#videos',
  EnquiryAccordion: '#contact',
  BestBoard: '#best',
};

export function isLocal(url: string, base: string): boolean {
  const { protocol, host } = new URL(url);
  if (protocol === 'data:' || protocol === 'blob:' || protocol === 'about:') return true;
  return host === new URL(base).host;
}

/**
 * Answers every request that would leave the local stack with an empty page
 * (there is no internet here; a video player is only a stand-in). The
 * requests still show up in `page.on('request')`, which the tests record.
 */
export async function keepRequestsLocal(context: BrowserContext, base: string): Promise<void> {
  await context.route(
    (url) => !isLocal(url.toString(), base),
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>stand-in</title>' }),
  );
}

/** Scrolls the island's section into view and waits until the island has hydrated. */
export async function hydrate(page: Page, island: IslandName): Promise<void> {
  await page.locator(SECTION_OF_ISLAND[island]).scrollIntoViewIfNeeded();
  await page.waitForSelector(awakeIsland(island), { state: 'attached' });
}

/**
 * Scrolls down the page a screen at a time, as a reader would, until every island has hydrated, and
 * ends at the bottom (lazy images there load). An island wakes only near the screen, so a quick pass
 * may have gone past one before its code arrived.
 */
export async function scrollThrough(page: Page): Promise<void> {
  await enhanced(page);
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    for (let y = 0; y < document.documentElement.scrollHeight; y += Math.max(200, window.innerHeight / 2)) {
      window.scrollTo(0, y);
      await frame();
    }
    window.scrollTo(0, document.documentElement.scrollHeight);
    await frame();
  });
  // Islands hydrate once their code has loaded; one the quick pass may have missed is brought into view again.
  await page.waitForFunction((sleeping) => {
    const waiting = document.querySelectorAll(sleeping);
    const missed = [...waiting].find((island) => {
      const box = island.parentElement?.getBoundingClientRect();
      return box && (box.bottom < 0 || box.top > window.innerHeight);
    });
    missed?.parentElement?.scrollIntoView({ block: 'center' });
    return waiting.length === 0;
  }, `[${ISLAND_ATTRIBUTE}]:not([${HYDRATED_ATTRIBUTE}])`);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}

/**
 * Waits until the BEST 3 board shows its three images, loaded. The board wakes near the screen and its images are lazy: when the board's
 * data arrives after a read-through has scrolled past it, they load only once the board is near
 * the viewport again, as they would for a visitor scrolling back, so it is brought into view.
 */
export async function boardImagesLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const images = [...document.querySelectorAll<HTMLImageElement>('#best .board img')];
    const loaded = images.length === 3 && images.every((image) => image.complete && image.naturalWidth > 0);
    if (!loaded) document.querySelector('#best')?.scrollIntoView();
    return loaded;
  });
}
