/**
 * What the built language pages carry before their first paint (site/dist,
 * which `npm test` builds first): the HTML with its inlined stylesheet within
 * the gzip budget, and nothing the browser would fetch on the way, no script,
 * stylesheet or island props; the page's script waits in a template and the
 * islands' props in their locale's JSON file, which the page names and the
 * build wrote.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { copyFor } from '../../shared/content/copy';
import type { IslandProps } from '../../site/src/islands/island-names';
import { HTML_GZIP_BUDGET_BYTES, LANGUAGE_PAGES } from './pages';

const dist = fileURLToPath(new URL('../../site/dist', import.meta.url));
const builtPage = (route: string) => readFileSync(join(dist, route === '/' ? 'index.html' : join(route.slice(1), 'index.html')), 'utf8');
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
    expect(html).toMatch(/<template id="page-script"><script type="module" src="\/_astro\/[^"]+\.js"><\/script><\/template>/);
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
    for (const video of props.ClinicVideoPlayer.videos) expect(html).toContain(`>${video.phrases ? video.phrases[0] : video.title}`);
  });
});
