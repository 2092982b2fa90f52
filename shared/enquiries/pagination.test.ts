import { describe, expect, it } from 'vitest';
import { PAGE_SIZE, type PageItem, pageCount, pageWindow } from './pagination';

/** The window as text: page numbers, `[n]` for the current one, `…` for a gap. */
const shown = (items: PageItem[]) =>
  items.map((item) => (item.kind === 'gap' ? '…' : item.current ? `[${item.page}]` : String(item.page))).join(' ');

describe('pageCount', () => {
  it.each([
    [0, 0],
    [1, 1],
    [13, 1],
    [14, 2],
    [26, 2],
    [27, 3],
    [1_000, 77],
    [100_000, 7_693],
  ])('%i rows make %i pages of 13', (rows, pages) => {
    expect(PAGE_SIZE).toBe(13);
    expect(pageCount(rows)).toBe(pages);
  });
});

describe('pageWindow: 5 page links around the current page, 3 margin pages at each end', () => {
  it('shows nothing for no pages and the one page for one', () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(shown(pageWindow(1, 1))).toBe('[1]');
  });

  it('shows every page when there are few', () => {
    expect(shown(pageWindow(1, 2))).toBe('[1] 2');
    expect(shown(pageWindow(4, 8))).toBe('1 2 3 [4] 5 6 7 8');
  });

  it('on the first page of many: the window and the end margin', () => {
    expect(shown(pageWindow(1, 77))).toBe('[1] 2 3 4 5 … 75 76 77');
  });

  it('in the middle: both margins and the window around the page', () => {
    expect(shown(pageWindow(40, 77))).toBe('1 2 3 … 38 39 [40] 41 42 … 75 76 77');
  });

  it('on the last page: the start margin and the window', () => {
    expect(shown(pageWindow(77, 77))).toBe('1 2 3 … 73 74 75 76 [77]');
  });

  it('fills a gap of exactly one page with that page', () => {
    expect(shown(pageWindow(6, 77))).toBe('1 2 3 4 5 [6] 7 8 … 75 76 77');
  });

  it('clamps a page beyond the ends', () => {
    expect(shown(pageWindow(500, 77))).toBe('1 2 3 … 73 74 75 76 [77]');
    expect(shown(pageWindow(-3, 10))).toBe('[1] 2 3 4 5 … 8 9 10');
  });
});
