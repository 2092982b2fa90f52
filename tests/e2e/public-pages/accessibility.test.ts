/**
 * WCAG 2.2 AA with axe-core: zero violations on the six language pages (read
 * through to the bottom so every island has hydrated and the BEST 3 board
 * has loaded), on a page with the popup open, on a sent enquiry and the
 * receipt page, and on a privacy page; and on the phone Lighthouse emulates,
 * as the page loads (what its accessibility audit sees) and screen by screen
 * on the way down, no touch target too small or covered (target-size).
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../support/browser';
import { type TestStack, startTestStack } from '../../support/stack';
import {
  LANGUAGE_PAGES,
  LIGHTHOUSE_PHONE,
  boardImagesLoaded,
  enhanced,
  keepRequestsLocal,
  scrollThrough,
} from '../pages';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

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

/** The violations as one readable line each: rule id, impact, and the elements it found. All WCAG rules, or only `rules`. */
async function violations(target: Page, include?: string, rules?: string[]): Promise<string[]> {
  let builder = new AxeBuilder({ page: target });
  builder = rules ? builder.withRules(rules) : builder.withTags(TAGS);
  if (include) builder = builder.include(include);
  const result = await builder.analyze();
  // A sanity check that axe looked at the page at all.
  expect(result.passes.length).toBeGreaterThan(0);
  return result.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n${violation.nodes
        .map((node) => `    ${JSON.stringify(node.target)} ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`)
        .join('\n')}`,
  );
}

async function readThrough(route: string): Promise<void> {
  await page.goto(`${stack.url}${route}`);
  await scrollThrough(page);
  await boardImagesLoaded(page);
  await page.locator('#contact form input[name="submission_id"]').first().waitFor({ state: 'attached' });
  await page.evaluate(() => window.scrollTo(0, 0));
}

describe('axe (WCAG 2.0/2.1/2.2 A and AA)', () => {
  it.each(LANGUAGE_PAGES)('finds no violation on $route', async ({ route }) => {
    await readThrough(route);
    const found = await violations(page);
    expect(found, `${found.length} violation(s) on ${route}:\n${found.join('\n')}`).toEqual([]);
  });

  it('finds no violation in the enquiry forms once opened, with the required-items message shown', async () => {
    await readThrough('/CnPage');
    const panels = page.locator('#contact details.panel');
    for (const index of [2, 3, 0]) {
      await panels.nth(index).locator(':scope > summary').click();
      await panels.nth(index).locator('form input[name="submission_id"]').waitFor({ state: 'attached' });
      await panels.nth(index).locator('form input[type="radio"][value="other"]').check();
      await panels.nth(index).locator('form button[type="submit"]').click();
      await panels.nth(index).locator('form [role="alert"] p').first().waitFor();
      const found = await violations(page, '#contact');
      expect(found, `${found.length} violation(s) in enquiry panel ${index}:\n${found.join('\n')}`).toEqual([]);
    }
  });

  it('finds no violation with the BEST 3 popup open', async () => {
    await readThrough('/RuPage');
    await page.locator('#best .board > li').first().locator('button').click();
    await page.locator('#best dialog[open]').waitFor();
    const found = await violations(page);
    expect(found, `${found.length} violation(s) with the popup open:\n${found.join('\n')}`).toEqual([]);
  });

  it('finds no violation on a privacy page and on the 404 page', async () => {
    for (const route of ['/privacy/vi', '/no-such-page']) {
      await page.goto(`${stack.url}${route}`);
      const found = await violations(page);
      expect(found, `${found.length} violation(s) on ${route}:\n${found.join('\n')}`).toEqual([]);
    }
  });

  it('finds no violation in a sent enquiry: the reference in the form, and the receipt page a plain form post gets', async () => {
    await readThrough('/JpPage');
    const hospital = page.locator('#contact details.panel').first().locator('form');
    await hospital.locator('input[name="user_name"]').fill('Axe Visitor');
    await hospital.locator('input[name="user_email"]').fill('axe@example.test');
    await hospital.locator('select[name="contact_channel"]').selectOption('line');
    await hospital.locator('input[name="contact_account"]').fill('axe_line');
    await hospital.locator('input[name="consent_privacy"]').check();
    await hospital.locator('input[name="consent_health"]').check();
    await hospital.locator('button[type="submit"]').click();
    await hospital.locator('[role="status"] .reference').waitFor();
    const inForm = await violations(page, '#contact');
    expect(inForm, `${inForm.length} violation(s) with the reference shown:\n${inForm.join('\n')}`).toEqual([]);

    // The same form posted natively, as a browser without JavaScript does (submit() skips the island's handler).
    await hospital.locator('input[name="user_name"]').fill('Axe Visitor Without Script');
    await hospital.locator('input[name="user_email"]').fill('axe-plain@example.test');
    await hospital.locator('input[name="consent_privacy"]').check();
    await hospital.locator('input[name="consent_health"]').check();
    await Promise.all([
      page.waitForURL('**/api/sendmail'),
      hospital.evaluate((form) => (form as HTMLFormElement).submit()),
    ]);
    await page.locator('#reference').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('ja');
    const onReceipt = await violations(page);
    expect(onReceipt, `${onReceipt.length} violation(s) on the receipt page:\n${onReceipt.join('\n')}`).toEqual([]);
  });

  it('finds no violation on a 320 px phone', async () => {
    await page.setViewportSize({ width: 320, height: 640 });
    try {
      await readThrough('/VnPage');
      const found = await violations(page);
      expect(found, `${found.length} violation(s) at 320 px:\n${found.join('\n')}`).toEqual([]);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });
});

describe('axe on the phone Lighthouse emulates (412 x 823)', () => {
  let phone: BrowserContext;
  let phonePage: Page;
  beforeAll(async () => {
    phone = await browser.newContext(LIGHTHOUSE_PHONE);
    await keepRequestsLocal(phone, stack.url);
    phonePage = await phone.newPage();
  });
  afterAll(async () => {
    await phone?.close();
  });

  // Lighthouse audits the page as it loads, at the top; the page is read screen by screen from there, each
  // state its own geometry (islands wake as they near the screen). A section laid out at a guessed height
  // (content-visibility) failed here: its buttons lay over the next section's forms in the geometry axe reads.
  it.each(LANGUAGE_PAGES)(
    'finds no violation on $route as loaded, and no touch target too small or covered on any screen down to the bottom',
    async ({ route }) => {
      await phonePage.goto(`${stack.url}${route}`);
      await enhanced(phonePage);
      const asLoaded = await violations(phonePage);
      expect(asLoaded, `${asLoaded.length} violation(s) on ${route} as loaded:\n${asLoaded.join('\n')}`).toEqual([]);

      const found: string[] = [];
      for (let screen = 1; ; screen += 1) {
        const atBottom = await phonePage.evaluate(async (index) => {
          window.scrollTo({ top: index * window.innerHeight, behavior: 'instant' });
          await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
          return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
        }, screen);
        found.push(
          ...(await violations(phonePage, undefined, ['target-size'])).map(
            (violation) => `screen ${screen}: ${violation}`,
          ),
        );
        if (atBottom) break;
      }
      expect(found, `${found.length} target-size violation(s) on ${route} scrolled down:\n${found.join('\n')}`).toEqual(
        [],
      );
    },
  );
});
