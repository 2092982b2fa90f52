/**
 * What the built language pages carry before their first paint (site/dist,
 * which `npm test` builds first): the HTML with its inlined stylesheet within
 * the gzip budget, and nothing the browser would fetch on the way, no script,
 * stylesheet or island props; the page's script waits in a template and the
 * islands' props in their locale's JSON file, which the page names and the
 * build wrote. And the visitor's page of each locale: within the same budget,
 * no personal data in it, one script whose code, with all it imports, weighs
 * no more than the enquiry form's island does on a language page.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { copyFor } from '../../../shared/content/copy';
import { LOCALES } from '../../../shared/locales';
import { visitorPagePath } from '../../../shared/visitor/visitor-page';
import { VISITOR_LABEL_KEYS, type VisitorPageProps } from '../../../site/src/islands/visitor/types';
import type { IslandProps } from '../../../site/src/islands/island-names';
import { HTML_GZIP_BUDGET_BYTES, LANGUAGE_PAGES } from '../pages';

const dist = fileURLToPath(new URL('../../../site/dist', import.meta.url));
const builtPage = (route: string) =>
  readFileSync(join(dist, route === '/' ? 'index.html' : join(route.slice(1), 'index.html')), 'utf8');
/** The page without what sits in a <template>, which the browser neither fetches nor runs. */
const outsideTemplates = (html: string) => html.replace(/<template\b[\s\S]*?<\/template>/g, '');

describe.each(LANGUAGE_PAGES)('the built page $route', ({ route, locale }) => {
  const html = builtPage(route);

  it(`weighs at most ${HTML_GZIP_BUDGET_BYTES / 1024} KiB gzipped, its stylesheet included`, () => {
    expect(html).toMatch(/<style\b/);
    expect(gzipSync(html).length).toBeLessThanOrEqual(HTML_GZIP_BUDGET_BYTES);
  });

  it('asks for nothing before its first paint: no script, stylesheet or preload to fetch, no island props inline', () => {
    const page = outsideTemplates(html);
    expect(page).not.toMatch(/<script\b[^>]*\bsrc=/);
    expect(page).not.toMatch(/<link\b[^>]*\brel="(stylesheet|preload|modulepreload)"/);
    expect(page).not.toMatch(/<astro-island\b|\sprops="/);
    expect(html).toMatch(
      /<template id="page-script"><script type="module" src="\/_astro\/[^"]+\.js"><\/script><\/template>/,
    );
  });

  it("names its islands' props file, which holds the props the page was rendered with", () => {
    const files = new Set([...html.matchAll(/data-props="([^"]+)"/g)].map((match) => match[1]));
    expect(files.size).toBe(1);
    const [file] = [...files];
    expect(file).toMatch(new RegExp(`^/islands/${locale.code}\\.[0-9a-f]{10}\\.json$`));
    const props = JSON.parse(readFileSync(join(dist, file!), 'utf8')) as IslandProps;
    const copy = copyFor(locale.code);
    expect(props.EnquiryAccordion.labels['form.name']).toBe(copy['form.name']);
    expect(props.EnquiryAccordion.locale).toBe(locale.code);
    expect(props.BestBoard.labels.readMore).toBe(copy['best.readMore']);
    for (const video of props.ClinicVideoPlayer.videos)
      expect(html).toContain(`>${video.phrases ? video.phrases[0] : video.title}`);
  });
});

/** The gzipped bytes of a built module and of every module it imports, statically, each once. */
function moduleGraphBytes(entries: readonly string[]): { bytes: number; files: Set<string> } {
  const files = new Set<string>();
  const pending = [...entries];
  while (pending.length) {
    const file = pending.pop() ?? '';
    if (files.has(file)) continue;
    files.add(file);
    const code = readFileSync(join(dist, '_astro', file), 'utf8');
    for (const match of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) pending.push(match[1] ?? '');
  }
  return {
    bytes: [...files].reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, '_astro', file))).length, 0),
    files,
  };
}

/** A built chunk by the name Vite gave it (its source's name and a hash). */
const chunk = (name: string) =>
  readdirSync(join(dist, '_astro')).find((file) => file.startsWith(`${name}.`) && file.endsWith('.js')) ?? '';

/** What the enquiry form's island loads when it wakes on a language page: its module and the hydration module, with their imports. */
const ENQUIRY_ISLAND = moduleGraphBytes([chunk('EnquiryAccordion'), chunk('hydrate')]);
/** The visitor page's own code, beside what it shares with the language pages' islands (React): small, as an island should be. */
const VISITOR_OWN_CODE_BUDGET_BYTES = 6 * 1024;

describe.each(LOCALES)('the built visitor page of $code', (locale) => {
  const html = builtPage(visitorPagePath(locale.code));

  it(`weighs at most ${HTML_GZIP_BUDGET_BYTES / 1024} KiB gzipped, its stylesheet included, and is not for search engines`, () => {
    expect(html).toMatch(/<style\b/);
    expect(gzipSync(html).length).toBeLessThanOrEqual(HTML_GZIP_BUDGET_BYTES);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(readFileSync(join(dist, 'sitemap.xml'), 'utf8')).not.toContain('my-enquiry');
  });

  it('holds no personal data: its island gets only the words of its locale and our options', () => {
    const props = JSON.parse(
      (/data-props="([^"]*)"/.exec(html)?.[1] ?? '{}').replaceAll('&quot;', '"').replaceAll('&amp;', '&'),
    ) as VisitorPageProps;
    expect(Object.keys(props).sort()).toEqual([
      'detailSections',
      'email',
      'labels',
      'lang',
      'locale',
      'phones',
      'sections',
    ]);
    expect(Object.keys(props.labels).sort()).toEqual([...VISITOR_LABEL_KEYS].sort());
    expect(props.labels['visitor.write.label']).toBe(copyFor(locale.code)['visitor.write.label']);
    expect(html).not.toMatch(/MT-\d{6}/);
  });

  it("loads one script, no heavier with all it imports than the enquiry form's island, its own code small", () => {
    const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="\/_astro\/([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(scripts).toHaveLength(1);
    expect(html).not.toMatch(/<link\b[^>]*\brel="(stylesheet|preload)"/);
    const visitor = moduleGraphBytes(scripts);
    expect(visitor.bytes).toBeLessThanOrEqual(ENQUIRY_ISLAND.bytes);
    const own = [...visitor.files].filter((file) => !ENQUIRY_ISLAND.files.has(file));
    expect(
      own.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, '_astro', file))).length, 0),
    ).toBeLessThanOrEqual(VISITOR_OWN_CODE_BUDGET_BYTES);
  });
});
