/**
 * The staff message box's pagination (docs/contract.md, 'Business constants';
 * docs/decisions.md, 'Our reading of the old site's open points'): 13 rows a
 * page, previous/next arrows, a window of 5 page links around the current page
 * and 3 margin pages at each end, gaps shown as ellipses.
 */
export const PAGE_SIZE = 13;
export const PAGE_LINKS = 5;
export const MARGIN_PAGES = 3;

/** Response headers of the staff list (`POST /api/view`), which stays a plain array. */
export const LIST_HEADERS = { nextCursor: 'X-Next-Cursor', totalCount: 'X-Total-Count' } as const;

export type PageItem = { kind: 'page'; page: number; current: boolean } | { kind: 'gap'; key: string };

export function pageCount(rows: number, pageSize = PAGE_SIZE): number {
  return Math.max(0, Math.ceil(rows / pageSize));
}

/** The page links to show for `current` (1-based) of `total` pages. */
export function pageWindow(current: number, total: number, links = PAGE_LINKS, margin = MARGIN_PAGES): PageItem[] {
  if (total <= 0) return [];
  const page = Math.min(Math.max(1, current), total);
  const shown = new Set<number>();
  for (let i = 1; i <= Math.min(margin, total); i += 1) shown.add(i);
  for (let i = Math.max(1, total - margin + 1); i <= total; i += 1) shown.add(i);
  // Keep the window `links` wide even at the ends.
  let start = Math.max(1, page - Math.floor(links / 2));
  const end = Math.min(total, start + links - 1);
  start = Math.max(1, end - links + 1);
  for (let i = start; i <= end; i += 1) shown.add(i);

  const items: PageItem[] = [];
  let previous = 0;
  for (const number of [...shown].sort((a, b) => a - b)) {
    if (number - previous === 2) items.push({ kind: 'page', page: previous + 1, current: previous + 1 === page });
    else if (number - previous > 2) items.push({ kind: 'gap', key: `gap-${previous}` });
    items.push({ kind: 'page', page: number, current: number === page });
    previous = number;
  }
  return items;
}
