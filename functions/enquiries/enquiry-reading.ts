/**
 * Reading the enquiries as lists: which list a query names (decided in
 * `listSourceOf` only, for the message box and the CSV export alike), and
 * how each kind of list is paged and counted.
 */
import type { EnquiryFilter, EnquiryListQuery, EnquiryRecord } from '../../shared/enquiries/enquiry';
import { endOfKoreaDay, startOfKoreaDay } from '../../shared/korea-time';
import { inUseSpelling } from '../../shared/tags/tags';
import { OWNER_FILTERS, parseReference } from '../../shared/work/enquiry-work';
import type { AppDeps } from '../deps';
import { ApiError } from '../platform/http/errors';
import type { EnquiryList, ListSource, StoredEnquiry, WorkIndex } from './ports';
import { toRecord } from './enquiry-record';
import { leadingEnquiry } from './merged-enquiry';
import {
  countCounter,
  listForFilter,
  removedCounter,
  sequenceCounter,
  sequenceIn,
  workListKeys,
} from './enquiry-lists';

export type ReadingDeps = Pick<AppDeps, 'enquiries' | 'counters' | 'tagIndex'>;

/** Which list a query reads. `viewer` is who asks (their `mine`). */
export function listSourceOf(query: EnquiryFilter & Pick<EnquiryListQuery, 'reference'>, viewer: string): ListSource {
  if (query.reference) return { kind: 'reference', reference: query.reference };
  const workList = workListOf(query, viewer);
  if (workList) return { kind: 'work', ...workList };
  if (query.tag) return { kind: 'tag', tag: query.tag };
  return { kind: 'list', list: listForFilter(query) };
}

export interface EnquiryPage {
  records: EnquiryRecord[];
  total: number;
  nextCursor?: string;
}

interface Bounds {
  lowest: number;
  highest: number;
}

/** The range of list sequences the filter covers, from counters and two one-item index reads. */
async function boundsOf(deps: ReadingDeps, list: EnquiryList, filter: EnquiryFilter): Promise<Bounds | undefined> {
  if (!filter.from && !filter.to) {
    const highest = await deps.counters.read(sequenceCounter(list.partition));
    return highest > 0 ? { lowest: 1, highest } : undefined;
  }
  const fromIso = filter.from ? new Date(startOfKoreaDay(filter.from)).toISOString() : '0000';
  const toIso = filter.to ? new Date(endOfKoreaDay(filter.to) - 1).toISOString() : '9999';
  return deps.enquiries.sequenceBounds(list, fromIso, toIso);
}

/** A cursor is the sequence the next page starts at; it means nothing beyond that. */
function parseCursor(cursor: string): number {
  if (!/^\d{1,12}$/.test(cursor))
    throw new ApiError('invalid_input', 'The cursor is not one this API gave out.', {
      cursor: 'As given in X-Next-Cursor',
    });
  return Number(cursor);
}

/**
 * The sequences a list filter covers and how many enquiries it holds.
 * Removed enquiries (retention, erasure) leave gaps in the sequence: the total leaves them out.
 */
export async function listSpan(
  deps: ReadingDeps,
  list: EnquiryList,
  filter: EnquiryFilter,
): Promise<{ bounds: Bounds; total: number } | undefined> {
  const [bounds, removed] = await Promise.all([
    boundsOf(deps, list, filter),
    filter.from || filter.to ? 0 : deps.counters.read(removedCounter(list.partition)),
  ]);
  return bounds ? { bounds, total: Math.max(0, bounds.highest - bounds.lowest + 1 - removed) } : undefined;
}

/** The work list a status and/or owner filter reads, and its counter. `mine` is the staff member asking. */
export function workListOf(
  query: Pick<EnquiryFilter, 'status' | 'owner'>,
  viewer: string,
): { index: WorkIndex; key: string } | undefined {
  if (!query.status && !query.owner) return undefined;
  const owner =
    query.owner === OWNER_FILTERS.mine
      ? viewer
      : query.owner === OWNER_FILTERS.unassigned
        ? ''
        : query.owner?.toLowerCase();
  const keys = workListKeys(query.status ?? 'new', owner ?? '');
  if (query.status && owner !== undefined) return { index: 'byStatusOwner', key: keys.STATUS_OWNER };
  if (query.status) return { index: 'byStatus', key: keys.STATUS_LIST };
  return { index: 'byOwner', key: keys.OWNER_LIST };
}

/** Refuses a page number where a list pages only with its cursor. */
function cursorOnly(query: EnquiryListQuery, lists: string): void {
  if (query.page !== undefined && query.page > 1)
    throw new ApiError('invalid_input', `${lists} page with the cursor, not page numbers.`, {
      page: 'Use the cursor from X-Next-Cursor',
    });
}

/**
 * A page of a list keyed by POST_INDEX, newest first: more follow while the
 * page came back full and numbers remain below its last one.
 */
function byPostIndex(items: StoredEnquiry[], lastIndex: number | undefined, full: boolean, total: number): EnquiryPage {
  const hasMore = full && lastIndex !== undefined && lastIndex > 1;
  return {
    records: items.map(toRecord),
    total: Math.max(total, items.length),
    ...(hasMore && lastIndex ? { nextCursor: String(lastIndex - 1) } : {}),
  };
}

/** One page of a work list: newest first from the cursor (a POST_INDEX), the total from its counter. */
async function readWorkPage(
  deps: ReadingDeps,
  list: { index: WorkIndex; key: string },
  query: EnquiryListQuery,
): Promise<EnquiryPage> {
  cursorOnly(query, 'Status and owner lists');
  const below = query.cursor === undefined ? undefined : parseCursor(query.cursor) + 1;
  const [items, total] = await Promise.all([
    deps.enquiries.workPage(list.index, list.key, below, query.limit),
    deps.counters.read(countCounter(list.key)),
  ]);
  return byPostIndex(items, items.at(-1)?.POST_INDEX, items.length === query.limit, total);
}

/** How a tag is filed and counted in the index: its spelling in use ("vip" finds "VIP"), and how many enquiries carry it now. */
export async function tagInIndex(
  deps: Pick<ReadingDeps, 'tagIndex'>,
  tag: string,
): Promise<{ tag: string; total: number }> {
  const inUse = await deps.tagIndex.inUse();
  const spelled = inUseSpelling(tag, inUse);
  return { tag: spelled, total: inUse.find((used) => used.tag === spelled)?.count ?? 0 };
}

/** One page of a tag's enquiries: newest first from the cursor (a POST_INDEX), the total from the tags in use. */
async function readTagPage(deps: ReadingDeps, tag: string, query: EnquiryListQuery): Promise<EnquiryPage> {
  cursorOnly(query, 'Tag lists');
  const below = query.cursor === undefined ? undefined : parseCursor(query.cursor) + 1;
  const filed = await tagInIndex(deps, tag);
  const indexes = await deps.tagIndex.page(filed.tag, below, query.limit);
  const items = (await deps.enquiries.getMany(indexes)).sort((a, b) => b.POST_INDEX - a.POST_INDEX);
  // An enquiry removed between the two reads is missing from the page: paging goes on from the index's last number.
  return byPostIndex(items, indexes.at(-1), indexes.length === query.limit, filed.total);
}

/** A reference search: the one enquiry it names (the one it was merged into, for one merged away), or none. */
async function readByReference(deps: ReadingDeps, reference: string): Promise<EnquiryPage> {
  const index = parseReference(reference);
  const enquiry = index === undefined ? undefined : await leadingEnquiry(deps, index);
  return enquiry ? { records: [toRecord(enquiry)], total: 1 } : { records: [], total: 0 };
}

/** One page of a newest-first list by section, dates and spam: from a page number or the cursor (a list sequence). */
async function readListPage(deps: ReadingDeps, list: EnquiryList, query: EnquiryListQuery): Promise<EnquiryPage> {
  const span = await listSpan(deps, list, query);
  if (!span) return { records: [], total: 0 };
  // A page may hold fewer rows than its limit where enquiries were removed.
  const { bounds, total } = span;
  let top = bounds.highest;
  if (query.cursor !== undefined) top = Math.min(top, parseCursor(query.cursor));
  else if (query.page !== undefined) top = bounds.highest - (query.page - 1) * query.limit;
  const items = await deps.enquiries.page(list, top, bounds.lowest, query.limit);
  const last = items.at(-1);
  const nextTop = last ? sequenceIn(list, last) - 1 : undefined;
  const hasMore = items.length === query.limit && nextTop !== undefined && nextTop >= bounds.lowest;
  return { records: items.map(toRecord), total, ...(hasMore ? { nextCursor: String(nextTop) } : {}) };
}

/** A page of the message box, from the list the query names. `viewer` is who asks (for `mine`). */
export async function readEnquiryPage(deps: ReadingDeps, query: EnquiryListQuery, viewer = ''): Promise<EnquiryPage> {
  const source = listSourceOf(query, viewer);
  switch (source.kind) {
    case 'reference':
      return readByReference(deps, source.reference);
    case 'work':
      return readWorkPage(deps, source, query);
    case 'tag':
      return readTagPage(deps, source.tag, query);
    case 'list':
      return readListPage(deps, source.list, query);
  }
}
