/**
 * The message box's filters and page, kept in the address (`/view?page=2&section=...`)
 * so reload and back work. Pure, so it is unit-tested.
 */
import { SECTION_VALUES, type Section } from '../../../shared/enums';
import { isKoreaDay } from '../../../shared/korea-time';
import { PAGE_SIZE } from '../../../shared/pagination';

export interface ListQuery {
  page: number;
  section?: Section;
  from?: string;
  to?: string;
  spam?: boolean;
}

export function readListQuery(search: string): ListQuery {
  const params = new URLSearchParams(search);
  const page = Number(params.get('page'));
  const section = params.get('section') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    ...((SECTION_VALUES as readonly string[]).includes(section) ? { section: section as Section } : {}),
    ...(isKoreaDay(from) ? { from } : {}),
    ...(isKoreaDay(to) ? { to } : {}),
    ...(params.get('spam') === '1' ? { spam: true } : {}),
  };
}

/** The query string of a list state (`?page=...`), without the defaults. */
export function listSearch(query: ListQuery): string {
  const params = new URLSearchParams();
  if (query.page > 1) params.set('page', String(query.page));
  if (query.section) params.set('section', query.section);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.spam) params.set('spam', '1');
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Body of `POST /api/view` for a list state. */
export function viewRequest(query: ListQuery): Record<string, unknown> {
  return {
    page: query.page,
    limit: PAGE_SIZE,
    ...(query.section ? { section: query.section } : {}),
    ...(query.from ? { from: query.from } : {}),
    ...(query.to ? { to: query.to } : {}),
    ...(query.spam ? { spam: true } : {}),
  };
}

/** Query of `GET /api/export.csv` for the current filter (the page does not matter). */
export function exportSearch(query: ListQuery): string {
  const params = new URLSearchParams();
  if (query.section) params.set('section', query.section);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.spam) params.set('spam', 'true');
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Where the detail page's back link returns to. */
export const LAST_LIST_KEY = 'staff:last-list';
