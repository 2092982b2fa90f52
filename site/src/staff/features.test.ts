import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DETAIL_PANELS } from './detail-panels';
import { STAFF_PAGES } from './features';
import { FEATURE_HISTORY_KINDS, historyKindOf } from './history-kinds';
import { EVENT_TYPES } from '../../../shared/history-kinds';

const PAGES_DIR = join(import.meta.dirname, '..', 'pages');

/** The address of every Astro page that is a staff page (framed by the StaffPage layout), by its file. */
function staffAstroPages(dir = PAGES_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return staffAstroPages(path);
    if (!entry.name.endsWith('.astro') || !readFileSync(path, 'utf8').includes('layouts/StaffPage.astro')) return [];
    const route = relative(PAGES_DIR, path).replace(/\.astro$/, '');
    return [route.endsWith('index') ? `/${route.slice(0, -'index'.length)}` : `/${route}`];
  });
}

describe("the back office's index of features", () => {
  it('declares every staff page the site builds, once, so each is kept from search engines', () => {
    const declared = STAFF_PAGES.map((page) => page.href);
    expect(new Set(declared).size).toBe(declared.length);
    expect([...declared].sort()).toEqual(staffAstroPages().sort());
  });

  it('puts the pages in the sidebar in the order staff know, each for its roles', () => {
    const sidebar = STAFF_PAGES.flatMap((page) => ('sidebar' in page ? [[page.href, page.sidebar.roles]] : []));
    expect(sidebar).toEqual([
      ['/view', ['staff']],
      ['/dashboard', ['staff']],
      ['/templates', ['staff']],
      ['/kept-mail', ['staff']],
      ['/editpage', ['editor']],
      ['/privacy-requests', []],
      ['/access-log', []],
      ['/accounts', []],
    ]);
  });

  it("orders the detail page's panels by their declared order, whichever feature gives them", () => {
    expect(DETAIL_PANELS.map((panel) => panel.key)).toEqual([
      'genuine',
      'work',
      'related',
      'tags',
      'reply',
      'history',
      'split',
      'visitor-link',
      'hold',
    ]);
    const keys = DETAIL_PANELS.map((panel) => panel.key);
    expect(new Set(keys).size).toBe(keys.length);
    // Suspected spam is not worked on: its detail page shows the panel that marks it genuine, and that one only it.
    expect(DETAIL_PANELS.filter((panel) => panel.forSpam).map((panel) => panel.key)).toEqual(['genuine']);
  });

  it('reads every kind of history entry the functions write, each as one feature says', () => {
    const kinds = FEATURE_HISTORY_KINDS.flatMap((declared) => Object.keys(declared));
    expect(new Set(kinds).size).toBe(kinds.length);
    for (const type of EVENT_TYPES) expect(historyKindOf(type), type).toBeDefined();
  });
});
