import type { EnquiryFilter, EnquiryListQuery, EnquiryRecord } from '../../shared/enquiries/enquiry';
import { endOfKoreaDay, startOfKoreaDay } from '../../shared/korea-time';
import { OWNER_FILTERS, parseReference } from '../../shared/work/enquiry-work';
import type { AppDeps } from '../deps';
import { ApiError } from '../http/errors';
import type { EnquiryList, WorkIndex } from './ports';
import { toRecord } from './enquiry-record';
import { countCounter, listForFilter, removedCounter, sequenceCounter, sequenceIn, workListKeys } from './enquiry-lists';

export type ReadingDeps = Pick<AppDeps, 'enquiries' | 'counters'>;

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
  if (!/^\d{1,12}$/.test(cursor)) throw new ApiError('invalid_input', 'The cursor is not one this API gave out.', { cursor: 'As given in X-Next-Cursor' });
  return Number(cursor);
}

/**
 * The sequences a list filter covers and how many enquiries it holds.
 * Removed enquiries (retention, erasure) leave gaps in the sequence: the total leaves them out.
 */
export async function listSpan(deps: ReadingDeps, list: EnquiryList, filter: EnquiryFilter): Promise<{ bounds: Bounds; total: number } | undefined> {
  const [bounds, removed] = await Promise.all([boundsOf(deps, list, filter), filter.from || filter.to ? 0 : deps.counters.read(removedCounter(list.partition))]);
  return bounds ? { bounds, total: Math.max(0, bounds.highest - bounds.lowest + 1 - removed) } : undefined;
}

/** The work list a status and/or owner filter reads, and its counter. `mine` is the staff member asking. */
export function workListOf(query: Pick<EnquiryFilter, 'status' | 'owner'>, viewer: string): { index: WorkIndex; key: string } | undefined {
  if (!query.status && !query.owner) return undefined;
  const owner = query.owner === OWNER_FILTERS.mine ? viewer : query.owner === OWNER_FILTERS.unassigned ? '' : query.owner?.toLowerCase();
  const keys = workListKeys(query.status ?? 'new', owner ?? '');
  if (query.status && owner !== undefined) return { index: 'byStatusOwner', key: keys.STATUS_OWNER };
  if (query.status) return { index: 'byStatus', key: keys.STATUS_LIST };
  return { index: 'byOwner', key: keys.OWNER_LIST };
}

/** One page of a work list: newest first from the cursor (a POST_INDEX), the total from its counter. */
async function readWorkPage(deps: ReadingDeps, list: { index: WorkIndex; key: string }, query: EnquiryListQuery): Promise<EnquiryPage> {
  if (query.page !== undefined && query.page > 1) {
    throw new ApiError('invalid_input', 'Status and owner lists page with the cursor, not page numbers.', { page: 'Use the cursor from X-Next-Cursor' });
  }
  const below = query.cursor === undefined ? undefined : parseCursor(query.cursor) + 1;
  const [items, total] = await Promise.all([deps.enquiries.workPage(list.index, list.key, below, query.limit), deps.counters.read(countCounter(list.key))]);
  const last = items.at(-1);
  const hasMore = items.length === query.limit && last !== undefined && last.POST_INDEX > 1;
  return { records: items.map(toRecord), total: Math.max(total, items.length), ...(hasMore && last ? { nextCursor: String(last.POST_INDEX - 1) } : {}) };
}

/** A reference search: the one enquiry it names, or none. */
async function readByReference(deps: ReadingDeps, reference: string): Promise<EnquiryPage> {
  const index = parseReference(reference);
  const enquiry = index === undefined ? undefined : await deps.enquiries.get(index);
  return enquiry ? { records: [toRecord(enquiry)], total: 1 } : { records: [], total: 0 };
}

/** A page of the message box: by reference, by status and owner, or by section, dates and spam. `viewer` is who asks (for `mine`). */
export async function readEnquiryPage(deps: ReadingDeps, query: EnquiryListQuery, viewer = ''): Promise<EnquiryPage> {
  if (query.reference) return readByReference(deps, query.reference);
  const workList = workListOf(query, viewer);
  if (workList) return readWorkPage(deps, workList, query);
  const list = listForFilter(query);
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

/** Every enquiry the filter covers, newest first, a page at a time (memory stays flat). */
export async function* readAllEnquiries(deps: ReadingDeps, filter: EnquiryFilter, pageSize = 500, viewer = ''): AsyncGenerator<EnquiryRecord> {
  let cursor: string | undefined;
  do {
    const page = await readEnquiryPage(deps, { ...filter, limit: pageSize, ...(cursor ? { cursor } : {}) }, viewer);
    yield* page.records;
    cursor = page.nextCursor;
  } while (cursor);
}
