/**
 * The message box's filters and page, kept in the address (`/view?page=2&section=...`)
 * so reload and back work. Three kinds of list: by section, dates and spam
 * (numbered pages), by status and owner, or by one tag (both by a cursor,
 * `after`); a reference search shows the one enquiry. Pure, so it is
 * unit-tested.
 */
import {
  ENQUIRY_STATUSES,
  type EnquiryStatus,
  OWNER_FILTERS,
  parseReference,
} from '../../../../shared/work/enquiry-work';
import { SECTION_VALUES, type Section } from '../../../../shared/enquiries/enums';
import { isKoreaDay } from '../../../../shared/korea-time';
import { PAGE_SIZE } from '../../../../shared/enquiries/pagination';
import { normaliseTag, tagProblem } from '../../../../shared/tags/tags';

export type OwnerFilter = (typeof OWNER_FILTERS)[keyof typeof OWNER_FILTERS];

export interface ListQuery {
  page: number;
  section?: Section;
  from?: string;
  to?: string;
  spam?: boolean;
  status?: EnquiryStatus;
  owner?: OwnerFilter;
  /** The enquiries of one tag (on its own, no other filter). */
  tag?: string;
  /** In a status, owner or tag list: the cursor the page starts after. */
  after?: string;
  reference?: string;
}

/** Whether the query lists by status and owner (cursor pages) rather than by section and dates (numbered pages). */
export const isWorkQuery = (query: ListQuery) => query.status !== undefined || query.owner !== undefined;

/** Whether the list pages with a cursor (status, owner, a tag) rather than page numbers. */
export const pagesByCursor = (query: ListQuery) => isWorkQuery(query) || query.tag !== undefined;

/** The cursor in the address, when it is one the API could have given. */
const cursorParam = (params: URLSearchParams) => {
  const after = params.get('after') ?? '';
  return /^\d{1,12}$/.test(after) ? { after } : {};
};

export function readListQuery(search: string): ListQuery {
  const params = new URLSearchParams(search);
  const page = Number(params.get('page'));
  const get = (name: string) => params.get(name) ?? '';
  const reference = get('reference');
  if (parseReference(reference) !== undefined) return { page: 1, reference };
  const status = get('status');
  const owner = get('owner');
  const work: ListQuery = {
    page: 1,
    ...((ENQUIRY_STATUSES as readonly string[]).includes(status) ? { status: status as EnquiryStatus } : {}),
    ...((Object.values(OWNER_FILTERS) as string[]).includes(owner) ? { owner: owner as OwnerFilter } : {}),
  };
  if (isWorkQuery(work)) return { ...work, ...cursorParam(params) };
  const tag = normaliseTag(get('tag'));
  if (tag && !tagProblem(tag)) return { page: 1, tag, ...cursorParam(params) };
  const section = get('section');
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    ...((SECTION_VALUES as readonly string[]).includes(section) ? { section: section as Section } : {}),
    ...(isKoreaDay(get('from')) ? { from: get('from') } : {}),
    ...(isKoreaDay(get('to')) ? { to: get('to') } : {}),
    ...(params.get('spam') === '1' ? { spam: true } : {}),
  };
}

/** The query string of a list state (`?page=...`), without the defaults. */
export function listSearch(query: ListQuery): string {
  const params = new URLSearchParams();
  if (query.reference) params.set('reference', query.reference);
  if (query.page > 1) params.set('page', String(query.page));
  if (query.section) params.set('section', query.section);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.spam) params.set('spam', '1');
  if (query.status) params.set('status', query.status);
  if (query.owner) params.set('owner', query.owner);
  if (query.tag) params.set('tag', query.tag);
  if (query.after) params.set('after', query.after);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Body of `POST /api/view` for a list state. */
export function viewRequest(query: ListQuery): Record<string, unknown> {
  if (query.reference) return { reference: query.reference, limit: PAGE_SIZE };
  if (isWorkQuery(query)) {
    return {
      limit: PAGE_SIZE,
      ...(query.status ? { status: query.status } : {}),
      ...(query.owner ? { owner: query.owner } : {}),
      ...(query.after ? { cursor: query.after } : {}),
    };
  }
  if (query.tag) return { limit: PAGE_SIZE, tag: query.tag, ...(query.after ? { cursor: query.after } : {}) };
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
  if (query.status) params.set('status', query.status);
  if (query.owner) params.set('owner', query.owner);
  if (query.tag) params.set('tag', query.tag);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Where the detail page's back link returns to. */
export const LAST_LIST_KEY = 'staff:last-list';
