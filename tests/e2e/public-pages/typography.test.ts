/**
 * Line breaking per script on the six pages, in Debian's Chromium: Russian
 * and Vietnamese hyphenate by the page's lang and never split a word without
 * a hyphen; Korean breaks between words; Japanese and Chinese follow the
 * strict rules (no line starts with 。 or 、) and break headings only between
 * phrases. Each page is also photographed at 320, 390 and 1366 px into
 * test-results/typography/ (git-ignored), for a person to look at.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, type LocaleCode } from '../../../shared/locales';
import { launchBrowser } from '../../support/browser';
import { type TestStack, startTestStack } from '../../support/stack';
import { LANGUAGE_PAGES, keepRequestsLocal, scrollThrough } from '../pages';

const SHOTS = join('test-results', 'typography');
const WIDTHS = [320, 390, 1366] as const;
/** Characters no line may start with under the strict rules (closing brackets and punctuation). */
const NO_LINE_START = '、。，．,.：；！？」』）】〕〉》ー々ぁぃぅぇぉっゃゅょァィゥェォッャュョ';

let stack: TestStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
  context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await keepRequestsLocal(context, stack.url);
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await stack?.dispose();
});

/** The lines an element's text is laid out in: each line's text, and its offsets in the element's text. */
function linesOf(selector: string): Promise<{ text: string; start: number }[][]> {
  return page.$$eval(selector, (elements) =>
    elements
      .filter(
        (element) => (element as HTMLElement).offsetParent !== null || getComputedStyle(element).position === 'fixed',
      )
      .map((element) => {
        const lines: { text: string; start: number; top: number }[] = [];
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        let offset = 0;
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          for (let index = 0; index < text.length; index += 1) {
            const char = text[index]!;
            const range = document.createRange();
            range.setStart(node, index);
            range.setEnd(node, index + 1);
            const box = range.getClientRects()[0];
            if (box && box.width > 0 && char.trim() !== '') {
              const line = lines.at(-1);
              if (!line || box.top > line.top + box.height / 2)
                lines.push({ text: char, start: offset + index, top: box.top });
              else line.text += char;
            }
          }
          offset += text.length;
        }
        return lines.map(({ text, start }) => ({ text, start }));
      }),
  );
}

describe.each(LANGUAGE_PAGES)('$route', ({ route, locale }) => {
  beforeAll(async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${stack.url}${route}`);
    await scrollThrough(page);
  });

  it('is photographed at 320, 390 and 1366 px', async () => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
      await scrollThrough(page);
      // Back at the top, so the sticky header is photographed where a reader first sees it.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(SHOTS, `${locale.code}-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 390, height: 844 });
  });

  it('breaks lines by the rules of its script', async () => {
    const style = await page.evaluate(() => {
      const read = (selector: string) => {
        const element = document.querySelector(selector);
        if (!element) return undefined;
        const computed = getComputedStyle(element);
        return {
          hyphens: computed.hyphens,
          wordBreak: computed.wordBreak,
          lineBreak: computed.lineBreak,
          overflowWrap: computed.overflowWrap,
        };
      };
      return {
        paragraph: read('#about .section__lead'),
        heading: read('section.banner h1'),
        button: read('#videos .player__item'),
        label: read('#contact label'),
      };
    });
    const expected: Record<LocaleCode, { hyphens: string; wordBreak: string; lineBreak: string }> = {
      en: { hyphens: 'manual', wordBreak: 'normal', lineBreak: 'auto' },
      ko: { hyphens: 'manual', wordBreak: 'keep-all', lineBreak: 'auto' },
      zh: { hyphens: 'manual', wordBreak: 'normal', lineBreak: 'strict' },
      ru: { hyphens: 'auto', wordBreak: 'normal', lineBreak: 'auto' },
      vi: { hyphens: 'auto', wordBreak: 'normal', lineBreak: 'auto' },
      ja: { hyphens: 'manual', wordBreak: 'normal', lineBreak: 'strict' },
    };
    for (const [part, computed] of Object.entries(style)) {
      expect(computed, part).toMatchObject(expected[locale.code]);
      // Nothing splits a word without a hyphen.
      expect(computed?.overflowWrap, part).not.toBe('anywhere');
    }
  });

  it('keeps every word of a clinic video button whole, at every width', async () => {
    // Chromium here has no hyphenation dictionaries (they come by component update), so a word
    // laid out over two lines here would be a word split without a hyphen.
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 844 });
      const split = await page.$$eval('#videos .player__item', (buttons) =>
        buttons.flatMap((button) => {
          const text = button.textContent ?? '';
          const node = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
          const words: string[] = [];
          for (let current = node.nextNode(); current; current = node.nextNode()) {
            const content = current.textContent ?? '';
            for (const match of content.matchAll(/\S+/g)) {
              const range = document.createRange();
              range.setStart(current, match.index);
              range.setEnd(current, match.index + match[0].length);
              const tops = new Set(
                [...range.getClientRects()].filter((box) => box.width > 0).map((box) => Math.round(box.top)),
              );
              if (tops.size > 1 && !/[\u3040-\u30ff\u3400-\u9fff]/u.test(match[0]))
                words.push(`${match[0]} (in "${text}")`);
            }
          }
          return words;
        }),
      );
      expect(split, `${route} at ${width} px`).toEqual([]);
    }
    await page.setViewportSize({ width: 390, height: 844 });
  });
});

describe.each(LANGUAGE_PAGES.filter(({ locale }) => locale.code === 'ja' || locale.code === 'zh'))(
  '$route, in Japanese or Chinese',
  ({ route }) => {
    beforeAll(async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${stack.url}${route}`);
      await scrollThrough(page);
    });

    it('starts no line with closing punctuation, and breaks headings and buttons only between phrases', async () => {
      for (const width of [320, 390]) {
        await page.setViewportSize({ width, height: 844 });
        const lines = (
          await linesOf(
            'main h1, main h2, main h3, main p, main li, main button, main summary, main label, footer dd, footer p',
          )
        ).flat();
        const bad = lines
          .filter((line, index) => index > 0 && NO_LINE_START.includes(line.text[0]!))
          .map((line) => line.text);
        expect(bad, `${route} at ${width} px`).toEqual([]);

        // Each line of a marked heading or button starts where a phrase starts.
        const phrased = await page.$$eval('main .phrases', (spans) =>
          spans.map((span) => {
            let offset = 0;
            const starts = [0];
            for (const child of span.childNodes) {
              if (child.nodeName === 'WBR') starts.push(offset);
              else offset += child.textContent?.length ?? 0;
            }
            return starts;
          }),
        );
        const phrasedLines = await linesOf('main .phrases');
        phrasedLines.forEach((spanLines, index) => {
          for (const line of spanLines)
            expect(phrased[index], `${route} at ${width} px: "${line.text}"`).toContain(line.start);
        });
        expect(phrased.length, 'headings marked with phrases').toBeGreaterThan(5);
      }
      await page.setViewportSize({ width: 390, height: 844 });
    });
  },
);

describe.each(LANGUAGE_PAGES.filter(({ locale }) => locale.code === 'ja'))('$route, in Japanese', ({ route }) => {
  beforeAll(async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${stack.url}${route}`);
    await scrollThrough(page);
  });

  it('never leaves a single kana alone on the last line of the headline', async () => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 844 });
      const [lines = []] = await linesOf('section.banner h1');
      expect(lines.at(-1)?.text.length, `${width} px: ${lines.map((line) => line.text).join(' / ')}`).toBeGreaterThan(
        2,
      );
    }
  });
});

describe.each(LANGUAGE_PAGES.filter(({ locale }) => locale.code === 'ko'))('$route, in Korean', ({ route }) => {
  beforeAll(async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${stack.url}${route}`);
    await scrollThrough(page);
  });

  it('keeps a one-syllable word with the word after it in the headline', async () => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 844 });
      const [lines = []] = await linesOf('section.banner h1');
      const endings = lines.slice(0, -1).map((line) => line.text.split(/\s+/).at(-1) ?? '');
      expect(
        endings.filter((word) => /^[\uac00-\ud7a3]$/u.test(word)),
        `${width} px: ${lines.map((line) => line.text).join(' / ')}`,
      ).toEqual([]);
    }
  });
});

describe('the lang of every page', () => {
  it('is what the rules above key on', () => {
    expect(LOCALES.map((locale) => locale.lang)).toEqual(['en', 'ko', 'zh-Hans', 'ru', 'vi', 'ja']);
  });
});
