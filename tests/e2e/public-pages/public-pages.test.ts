/**
 * The public language pages in Debian's Chromium against a local stack:
 * routes, head metadata, every section in order, language navigation, the
 * alias redirects, the video facades and the clinic player, the call button,
 * the sitemap and robots.txt.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHINESE_START_VIDEO, CLINIC_VIDEOS, RUSSIAN_START_VIDEO } from '../../../shared/content/clinic-videos';
import { CONTACT, telHref } from '../../../shared/content/contact';
import { copyFor } from '../../../shared/content/copy';
import { SERVICE_VIDEOS, VR_VIDEOS } from '../../../shared/content/media';
import { LOCALES, LOCALE_CODES, privacyRoute } from '../../../shared/locales';
import { launchBrowser } from '../../support/browser';
import { type TestStack, startTestStack } from '../../support/stack';
import {
  ALL_PAGE_ROUTES,
  LANGUAGE_PAGES,
  LIGHTHOUSE_PHONE,
  boardImagesLoaded,
  enhanced,
  hydrate,
  isLocal,
  keepRequestsLocal,
  pageOf,
  scrollThrough,
} from '../pages';

let stack: TestStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Every request the shared page made since the last `page.goto` through `visit`. */
let requests: string[] = [];

beforeAll(async () => {
  [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await keepRequestsLocal(context, stack.url);
  page = await context.newPage();
  page.on('request', (request) => requests.push(request.url()));
});
afterAll(async () => {
  await browser?.close();
  await stack?.dispose();
});

async function visit(route: string): Promise<void> {
  requests = [];
  const response = await page.goto(`${stack.url}${route}`);
  expect(response?.status(), route).toBe(200);
}

const path = (href: string | null | undefined) => (href ? new URL(href).pathname : undefined);
const PHONE_TARGETS = CONTACT.customerCentres.map(telHref);

describe('routes', () => {
  const routes = [
    ...ALL_PAGE_ROUTES.map((entry) => entry.route),
    ...LOCALE_CODES.map(privacyRoute),
    '/KrPage/',
    '/privacy/en/',
    '/sitemap.xml',
    '/robots.txt',
    '/favicon.svg',
  ];

  it.each(routes)('%s answers 200', async (route) => {
    const response = await fetch(`${stack.url}${route}`, { redirect: 'manual' });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  });

  it.each(LOCALE_CODES)(
    "/privacy/%s names the cloud provider's machine translation, after the sharing paragraph",
    async (code) => {
      await visit(privacyRoute(code));
      const paragraphs = await page.locator('main p').allTextContents();
      const copy = copyFor(code);
      expect(paragraphs.indexOf(copy['privacy.processing'])).toBe(paragraphs.indexOf(copy['privacy.sharing']) + 1);
      expect(copy['privacy.processing']).toMatch(/Amazon Web Services[\s\S]*Amazon Translate/);
    },
  );

  it('answers an unknown path with the 404 page', async () => {
    for (const route of ['/no-such-page', '/KrPage/extra', '/krpage', '/privacy/xx']) {
      const response = await fetch(`${stack.url}${route}`, { redirect: 'manual' });
      expect(response.status, route).toBe(404);
      expect(response.headers.get('content-type'), route).toMatch(/text\/html/);
      const html = await response.text();
      expect(html, route).toContain(copyFor('en')['notFound.title']);
      expect(html, route).toContain('name="robots" content="noindex"');
    }
  });

  it.each([
    ['/KorPage', '/KrPage'],
    ['/ChPage', '/CnPage'],
    ['/ViPage', '/VnPage'],
  ])('redirects %s permanently to %s', async (from, to) => {
    const response = await fetch(`${stack.url}${from}`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(to);
    const withQuery = await fetch(`${stack.url}${from}?utm=x`, { redirect: 'manual' });
    expect(withQuery.status).toBe(301);
    expect(withQuery.headers.get('location')).toBe(`${to}?utm=x`);
  });

  it('follows an alias redirect in the browser to the canonical page', async () => {
    await page.goto(`${stack.url}/ChPage`);
    expect(new URL(page.url()).pathname).toBe('/CnPage');
    expect(await page.getAttribute('html', 'lang')).toBe('zh-Hans');
  });
});

describe.each(ALL_PAGE_ROUTES)('the page $route', ({ route, locale }) => {
  const t = copyFor(locale.code);

  beforeAll(async () => {
    await visit(route);
  });

  it('has its language, title, description, canonical, six hreflang alternates with x-default, and Open Graph tags', async () => {
    const head = await page.evaluate(() => {
      const attr = (selector: string, name: string) => document.querySelector(selector)?.getAttribute(name) ?? null;
      return {
        lang: document.documentElement.lang,
        title: document.title,
        description: attr('meta[name="description"]', 'content'),
        canonicals: [...document.querySelectorAll('link[rel="canonical"]')].map((link) => link.getAttribute('href')),
        alternates: [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((link) => [
          link.getAttribute('hreflang'),
          link.getAttribute('href'),
        ]),
        og: Object.fromEntries(
          [...document.querySelectorAll('meta[property^="og:"]')].map((meta) => [
            meta.getAttribute('property'),
            meta.getAttribute('content'),
          ]),
        ),
        viewport: attr('meta[name="viewport"]', 'content'),
        robots: attr('meta[name="robots"]', 'content'),
      };
    });
    expect(head.lang).toBe(locale.lang);
    expect(head.title).toBe(t['meta.title']);
    expect(head.description).toBe(t['meta.description']);
    expect(head.canonicals).toHaveLength(1);
    expect(path(head.canonicals[0])).toBe(locale.route);
    expect(Object.fromEntries(head.alternates.map(([lang, href]) => [lang, path(href)]))).toEqual({
      ...Object.fromEntries(LOCALES.map((target) => [target.lang, target.route])),
      'x-default': '/',
    });
    expect(head.alternates).toHaveLength(7);
    expect(head.og['og:title']).toBe(t['meta.title']);
    expect(head.og['og:description']).toBe(t['meta.description']);
    expect(path(head.og['og:url'])).toBe(locale.route);
    expect(head.og['og:locale']).toBe(locale.ogLocale);
    expect(head.og['og:type']).toBe('website');
    expect(head.og['og:site_name']).toBe(t['meta.siteName']);
    expect(head.og['og:image']).toMatch(/^https?:\/\//);
    expect(head.viewport).toContain('width=device-width');
    expect(head.robots).toBeNull();
  });

  it('has every section of a language page (docs/contract.md), in order', async () => {
    const order = await page.evaluate(() =>
      [
        ...document.querySelectorAll(
          '#top, section.banner, #about, #services, #shortcuts, #videos, #contact, #vr, #best, #footer',
        ),
      ].map((element) => element.id || element.classList[0]),
    );
    expect(order).toEqual([
      'top',
      'banner',
      'about',
      'services',
      'shortcuts',
      'videos',
      'contact',
      'vr',
      'best',
      'footer',
    ]);
    expect(await page.$eval('#top', (header) => getComputedStyle(header).position)).toBe('sticky');
  });

  it('fills each section with its parts', async () => {
    const parts = await page.evaluate(() => {
      const count = (selector: string) => document.querySelectorAll(selector).length;
      const text = (selector: string) =>
        document.querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
      return {
        logo: document.querySelector('#top a.logo')?.getAttribute('href'),
        flags: [...document.querySelectorAll('#top .flags a')].map((link) => link.getAttribute('href')),
        current: [...document.querySelectorAll('#top .flags a[aria-current="page"]')].map((link) =>
          link.getAttribute('href'),
        ),
        social: [...document.querySelectorAll('#top .social a')].map((link) => link.getAttribute('aria-label')),
        socialTargets: [...document.querySelectorAll('#top .social a')].map((link) => [
          link.getAttribute('target'),
          link.getAttribute('rel'),
        ]),
        bannerTitle: text('section.banner h1'),
        figures: [...document.querySelectorAll('#about .figure__value')].map((figure) => figure.textContent?.trim()),
        serviceVideos: [...document.querySelectorAll('#services [data-facade]')].map(
          (facade) => (facade as HTMLElement).dataset['embed'],
        ),
        serviceBlocks: count('#services article'),
        playerButtons: count('#videos .player__item'),
        phoneLinks: [...document.querySelectorAll('#contact .phone-panel ul a')].map((link) =>
          link.getAttribute('href'),
        ),
        panels: [...document.querySelectorAll('#contact details.panel > summary')].map((summary) =>
          summary.textContent?.trim(),
        ),
        forms: [...document.querySelectorAll('#contact form')].map((form) => [
          form.getAttribute('method'),
          form.getAttribute('action'),
        ]),
        vrVideos: [...document.querySelectorAll('#vr [data-facade]')].map(
          (facade) => (facade as HTMLElement).dataset['embed'],
        ),
        board: count('#best ul.board'),
        footer: text('#footer'),
        footerLinks: [...document.querySelectorAll('#footer a')].map((link) => link.getAttribute('href')),
      };
    });
    expect(parts.logo).toBe(locale.route);
    expect(parts.flags).toEqual(LOCALES.map((target) => target.route));
    expect(parts.current).toEqual([locale.route]);
    expect(parts.social).toEqual(locale.code === 'zh' ? [t['nav.weibo']] : [t['nav.instagram'], t['nav.facebook']]);
    for (const [target, rel] of parts.socialTargets) {
      expect(target).toBe('_blank');
      expect(rel).toContain('noopener');
    }
    expect(parts.bannerTitle).toBe(t['banner.title']);
    expect(parts.figures).toEqual([
      t['about.population.value'],
      t['about.institutions.value'],
      t['about.ranking.value'],
    ]);
    expect(parts.serviceVideos).toHaveLength(2);
    SERVICE_VIDEOS.forEach((id, index) => expect(parts.serviceVideos[index]).toContain(String(id)));
    expect(parts.serviceBlocks).toBe(2);
    expect(parts.playerButtons).toBe(CLINIC_VIDEOS[locale.code].videos.length);
    expect(parts.phoneLinks).toEqual(PHONE_TARGETS);
    expect(parts.panels).toHaveLength(4);
    expect(parts.forms).toEqual(Array.from({ length: 4 }, () => ['post', '/api/sendmail']));
    expect(parts.vrVideos).toHaveLength(2);
    VR_VIDEOS.forEach((id, index) => expect(parts.vrVideos[index]).toContain(String(id)));
    expect(parts.board).toBe(1);
    expect(parts.footer).toContain('© 2023');
    expect(parts.footerLinks).toEqual(
      expect.arrayContaining([telHref(CONTACT.landline), telHref(CONTACT.mobile), privacyRoute(locale.code)]),
    );
    expect(parts.footerLinks.some((href) => href?.startsWith('mailto:'))).toBe(true);
  });

  it('opens the two external banners in a new tab with rel="noopener"', async () => {
    const links = await page.$$eval('#shortcuts a', (anchors) =>
      anchors.map((anchor) => ({
        href: anchor.getAttribute('href'),
        target: anchor.getAttribute('target'),
        rel: anchor.getAttribute('rel'),
      })),
    );
    expect(links).toHaveLength(2);
    for (const link of links) {
      expect(link.href).toMatch(/^https:\/\//);
      expect(link.target).toBe('_blank');
      expect(link.rel?.split(/\s+/)).toContain('noopener');
    }
  });

  it('makes no request to another host before any interaction, nor while the visitor only scrolls', async () => {
    const beforeInteraction = [...requests];
    expect(beforeInteraction.filter((url) => !isLocal(url, stack.url))).toEqual([]);
    await scrollThrough(page);
    // Everything the page loads once read through: the board's data and its three images, from the stack.
    await boardImagesLoaded(page);
    expect(requests.some((url) => new URL(url).pathname === '/api/amendBest')).toBe(true);
    expect(requests.filter((url) => !isLocal(url, stack.url))).toEqual([]);
  });

  // A script request that ends before the first paint is on the screen counts towards Lighthouse's simulated
  // LCP (+0.2 s). The frame that follows the load event being worked out does not mean it is shown yet.
  it('asks for its script only once its first paint is on the screen', async () => {
    await enhanced(page);
    const order = await page.evaluate(() => {
      const path = (document.querySelector('#page-script') as HTMLTemplateElement | null)?.content
        .querySelector('script')
        ?.getAttribute('src');
      const src = path ? new URL(path, location.href).href : undefined;
      return {
        firstPaint: performance.getEntriesByType('paint')[0]?.startTime,
        scriptRequested: performance.getEntriesByType('resource').find((entry) => entry.name === src)?.startTime,
      };
    });
    expect(order.firstPaint).toBeGreaterThan(0);
    expect(
      order.scriptRequested,
      `script requested at ${order.scriptRequested} ms, first paint shown at ${order.firstPaint} ms`,
    ).toBeGreaterThan(order.firstPaint ?? Infinity);
  });

  it('lets the call button dial one of the two customer-centre numbers', async () => {
    const href = await page.getAttribute('#contact [data-random-call]', 'href');
    expect(PHONE_TARGETS).toContain(href);
  });
});

describe('on a 320 px phone', () => {
  it.each(LANGUAGE_PAGES)(
    '$route fits the width without sideways scrolling, every enquiry panel included',
    async ({ route }) => {
      await page.setViewportSize({ width: 320, height: 640 });
      try {
        await visit(route);
        await scrollThrough(page);
        const overflow = async (state: string) => {
          const found = await page.evaluate(() => {
            const width = document.documentElement.clientWidth;
            const wide = [...document.querySelectorAll<HTMLElement>('body *')]
              .filter(
                (element) =>
                  element.getBoundingClientRect().right > width + 0.5 &&
                  !element.closest('.visually-hidden, .honeypot, .skip'),
              )
              .slice(0, 4)
              .map(
                (element) =>
                  `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.className ? `.${String(element.className).split(' ').join('.')}` : ''} (${Math.round(element.getBoundingClientRect().right)} px)`,
              );
            return { scrollWidth: document.documentElement.scrollWidth, width, wide };
          });
          expect(
            found.scrollWidth,
            `${route} ${state}: page ${found.scrollWidth} px wide in a ${found.width} px viewport; widest: ${found.wide.join(', ')}`,
          ).toBeLessThanOrEqual(found.width);
          // A box that clips what overflows it (the banner) keeps the page itself from widening: no element
          // may reach past the viewport either.
          expect(found.wide, `${route} ${state}`).toEqual([]);
        };
        await overflow('as loaded');
        for (const index of [1, 2, 3]) {
          await page.locator('#contact details.panel').nth(index).locator(':scope > summary').click();
          await page.waitForFunction(
            (i) => document.querySelectorAll('#contact details.panel')[i]?.hasAttribute('open'),
            index,
          );
          await overflow(`with enquiry panel ${index + 1} open`);
        }
      } finally {
        await page.setViewportSize({ width: 1280, height: 800 });
      }
    },
  );
});

describe('the banner link to the enquiry forms, on a phone', () => {
  // Smooth scrolling (no reduced motion asked) aims at where the forms are when the scroll starts. Sections
  // laid out only near the screen (content-visibility) grew on the way and the scroll ended a screen short;
  // a reload, restoring the scroll offset onto guessed heights, landed a screen and a half past.
  it.each(LANGUAGE_PAGES)(
    'on $route brings the forms to the top of the screen, and a reload keeps them there',
    async ({ route }) => {
      const phone = await browser.newContext({ ...LIGHTHOUSE_PHONE, reducedMotion: 'no-preference' });
      try {
        await keepRequestsLocal(phone, stack.url);
        const tab = await phone.newPage();
        await tab.goto(`${stack.url}${route}`);
        await enhanced(tab);
        // How far #contact's top is from where an in-page link puts it (below the sticky header, scroll-padding-top), two frames on.
        const formsOffTarget = () =>
          tab.evaluate(async () => {
            await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
            const top = document.querySelector('#contact')?.getBoundingClientRect().top ?? Number.NaN;
            return Math.abs(top - Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop));
          });
        await tab.evaluate(() => {
          (window as unknown as { scrollEnded: Promise<unknown> }).scrollEnded = new Promise((resolve) =>
            window.addEventListener('scrollend', resolve, { once: true }),
          );
        });
        await tab.locator('.banner a[href="#contact"]').tap();
        await tab.evaluate(() => (window as unknown as { scrollEnded: Promise<unknown> }).scrollEnded);
        expect(
          await formsOffTarget(),
          `${route}: px between #contact's top and its place after the link's smooth scroll`,
        ).toBeLessThanOrEqual(2);

        await tab.reload();
        await enhanced(tab);
        expect(
          await formsOffTarget(),
          `${route}: px between #contact's top and its place after a reload`,
        ).toBeLessThanOrEqual(2);
      } finally {
        await phone.close();
      }
    },
  );
});

describe('language navigation', () => {
  it('goes through every flag to its canonical route', async () => {
    await visit('/');
    for (const target of [...LOCALES.slice(1), LOCALES[0]!]) {
      await Promise.all([
        page.waitForURL((url) => url.pathname === target.route),
        page.click(`#top .flags a[href="${target.route}"]`),
      ]);
      expect(await page.getAttribute('html', 'lang')).toBe(target.lang);
    }
  });

  it('lists the six languages by their own names in the header menu, in the dropdown order, the page own marked', async () => {
    for (const { route, locale } of ALL_PAGE_ROUTES) {
      await visit(route);
      const entries = await page.$$eval('#top details.lang-menu a', (links) =>
        links.map(
          (link) =>
            [
              link.getAttribute('href'),
              link.textContent?.trim(),
              link.getAttribute('lang'),
              link.getAttribute('aria-current'),
            ] as const,
        ),
      );
      expect(
        entries.map(([href, label, lang]) => [href, label, lang]),
        route,
      ).toEqual(
        ['KR', 'US', 'CN', 'RU', 'VN', 'JP'].map((flag) => {
          const target = LOCALES.find((candidate) => candidate.flag === flag)!;
          return [target.route, target.label, target.lang];
        }),
      );
      expect(
        entries.filter(([, , , current]) => current === 'page').map(([href]) => href),
        route,
      ).toEqual([locale.route]);
      expect((await page.textContent('#top details.lang-menu > summary'))?.trim(), route).toContain(locale.label);
    }
  });

  it.each(LANGUAGE_PAGES)(
    'goes from $route to every other language through the header menu, on a phone, with one tap to open it',
    async ({ route, locale }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      try {
        for (const target of LOCALES.filter((other) => other.code !== locale.code)) {
          await visit(route);
          const menu = page.locator('#top details.lang-menu');
          expect(await menu.locator('> summary').isVisible()).toBe(true);
          expect(await menu.locator(`a[href="${target.route}"]`).isVisible()).toBe(false);
          await menu.locator('> summary').click();
          const link = menu.locator(`a[href="${target.route}"]`);
          expect(await link.isVisible()).toBe(true);
          expect(await link.textContent()).toBe(target.label);
          await Promise.all([page.waitForURL((url) => url.pathname === target.route), link.click()]);
          expect(await page.getAttribute('html', 'lang')).toBe(target.lang);
        }
      } finally {
        await page.setViewportSize({ width: 1280, height: 800 });
      }
    },
  );

  it('opens the header menu from the keyboard and from /Home', async () => {
    await visit('/Home');
    await page.locator('#top details.lang-menu > summary').focus();
    await page.keyboard.press('Enter');
    expect(
      await page.locator('#top details.lang-menu').evaluate((details) => (details as HTMLDetailsElement).open),
    ).toBe(true);
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/JpPage'),
      page.click('#top details.lang-menu a[href="/JpPage"]'),
    ]);
  });
});

describe('videos', () => {
  it('switches the clinic player: the chosen button turns blue and pressed, one iframe holds its video', async () => {
    const { videos } = CLINIC_VIDEOS.en;
    await visit('/');
    await hydrate(page, 'ClinicVideoPlayer');
    expect(await page.locator('#videos iframe').count()).toBe(0);
    const buttons = page.locator('#videos .player__item');

    const choose = async (index: number) => {
      const video = videos[index]!;
      await buttons.nth(index).click();
      await page.waitForSelector(`#videos .player iframe[src*="/video/${video.videoUUID}"]`);
      const state = await buttons.evaluateAll((all) =>
        all.map((button) => [button.getAttribute('aria-pressed'), getComputedStyle(button).backgroundColor]),
      );
      expect(state[index]).toEqual(['true', 'rgb(39, 79, 213)']);
      expect(state.filter(([pressed]) => pressed === 'true')).toHaveLength(1);
      expect(state.filter((_, i) => i !== index).every(([, background]) => background !== 'rgb(39, 79, 213)')).toBe(
        true,
      );
      expect(await page.locator('#videos iframe').count()).toBe(1);
      expect(await page.textContent('#videos .player__now')).toContain(video.title);
    };

    await choose(2);
    await page.$eval('#videos iframe', (frame) => Object.assign(frame, { keptMark: 'first' }));
    await choose(videos.length - 1);
    await choose(0);
    // The same iframe element, only its source changed.
    expect(
      await page.$eval('#videos iframe', (frame) => (frame as HTMLIFrameElement & { keptMark?: string }).keptMark),
    ).toBe('first');
    // The frame's request goes out just after its source changes: wait for it rather than race it.
    await expect.poll(() => requests.some((url) => url.includes(`/video/${videos[0]!.videoUUID}`))).toBe(true);
  });

  it.each([
    ['ru', RUSSIAN_START_VIDEO],
    ['zh', CHINESE_START_VIDEO],
    ['en', CLINIC_VIDEOS.en.videos[0]!.videoUUID],
  ] as const)('starts the %s player on video %i, as a facade', async (code, id) => {
    await visit(pageOf(code).route);
    await hydrate(page, 'ClinicVideoPlayer');
    expect(await page.getAttribute('#videos .player .facade', 'data-video')).toBe(String(id));
    expect(await page.locator('#videos .player__item[aria-pressed="true"]').count()).toBe(1);
    const pressed = await page.textContent('#videos .player__item[aria-pressed="true"]');
    expect(pressed).toBe(CLINIC_VIDEOS[code].videos.find((video) => video.videoUUID === id)?.title);
  });

  it('starts the Korean player on one of its 20 videos', async () => {
    await visit('/KrPage');
    await hydrate(page, 'ClinicVideoPlayer');
    const id = Number(await page.getAttribute('#videos .player .facade', 'data-video'));
    expect(CLINIC_VIDEOS.ko.videos.map((video) => video.videoUUID)).toContain(id);
    expect(await page.locator('#videos .player__item[aria-pressed="true"]').count()).toBe(1);
  });

  it.each([
    [390, 1],
    [1366, 5],
  ])(
    'shows every clinic video at %i px in %i column(s), with no box that scrolls inside the page',
    async (width, columns) => {
      await page.setViewportSize({ width, height: 800 });
      try {
        await visit('/VnPage');
        await hydrate(page, 'ClinicVideoPlayer');
        const list = await page.$eval('#videos .player__list', (element) => {
          const scrollers = [];
          for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
            const style = getComputedStyle(node);
            if (/(auto|scroll|hidden)/.test(style.overflowY) && node.scrollHeight > node.clientHeight + 1)
              scrollers.push(node.className);
          }
          const box = element.getBoundingClientRect();
          const items = [...element.querySelectorAll('.player__item')].map((item) => item.getBoundingClientRect());
          return {
            scrollers,
            count: items.length,
            inside: items.every((item) => item.height > 0 && item.top >= box.top - 1 && item.bottom <= box.bottom + 1),
            columns: new Set(items.map((item) => Math.round(item.left))).size,
          };
        });
        expect(list.scrollers).toEqual([]);
        expect(list.count).toBe(CLINIC_VIDEOS.vi.videos.length);
        expect(list.inside).toBe(true);
        expect(list.columns).toBe(columns);
      } finally {
        await page.setViewportSize({ width: 1280, height: 800 });
      }
    },
  );

  it('plays the clinic facade itself in place on a click', async () => {
    await visit('/');
    await hydrate(page, 'ClinicVideoPlayer');
    await page.click('#videos .player .facade__link');
    await page.waitForSelector(`#videos .player iframe[src*="/video/${CLINIC_VIDEOS.en.videos[0]!.videoUUID}"]`);
  });

  it.each([
    ['#services', SERVICE_VIDEOS[0], 'loop=1'],
    ['#vr', VR_VIDEOS[1], 'dnt=1'],
  ] as const)('swaps the %s facade for the player on a click', async (section, id, parameter) => {
    await visit('/RuPage');
    await enhanced(page);
    const facade = page.locator(`${section} [data-facade][data-embed*="/video/${id}?"]`);
    expect(await facade.locator('iframe').count()).toBe(0);
    await facade.locator('a').click();
    const frame = facade.locator('iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toContain(`/video/${id}`);
    expect(await frame.getAttribute('src')).toContain(parameter);
    expect(await frame.getAttribute('title')).toBeTruthy();
    expect(await page.locator(`${section} iframe`).count()).toBe(1);
  });
});

describe('without JavaScript', () => {
  it('dials the first customer-centre number', async () => {
    const plain = await browser.newContext({ javaScriptEnabled: false });
    try {
      const noScript = await plain.newPage();
      await noScript.goto(`${stack.url}/VnPage`);
      expect(await noScript.getAttribute('#contact [data-random-call]', 'href')).toBe(PHONE_TARGETS[0]);
      // The facades are plain links to the video pages.
      expect(await noScript.getAttribute('#services [data-facade] a', 'href')).toBe(
        `https://vimeo.com/${SERVICE_VIDEOS[0]}`,
      );
    } finally {
      await plain.close();
    }
  });
});

describe('sitemap and robots.txt', () => {
  it('lists the six language pages with their alternates, and the privacy pages', async () => {
    const response = await fetch(`${stack.url}/sitemap.xml`);
    expect(response.headers.get('content-type')).toMatch(/xml/);
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => path(match[1]));
    expect(locs).toEqual(expect.arrayContaining(LOCALES.map((locale) => locale.route)));
    expect(locs).toEqual(expect.arrayContaining(LOCALE_CODES.map(privacyRoute)));
    expect(locs).not.toContain('/Home');
    expect(xml).toContain('hreflang="x-default"');
    for (const locale of LOCALES) expect(xml).toContain(`hreflang="${locale.lang}"`);
  });

  it('names the sitemap in robots.txt and keeps the API and staff pages out', async () => {
    const robots = await (await fetch(`${stack.url}/robots.txt`)).text();
    const sitemap = /^Sitemap:\s*(\S+)$/m.exec(robots)?.[1];
    expect(path(sitemap)).toBe('/sitemap.xml');
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(/^Disallow: \/api\/$/m);
  });
});
