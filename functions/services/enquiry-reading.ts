import type { EnquiryFilter, EnquiryListQuery, EnquiryRecord } from '../../shared/enquiry';
import { endOfKoreaDay, startOfKoreaDay } from '../../shared/korea-time';
import type { AppDeps } from '../deps';
import { ApiError } from '../http/errors';
import type { EnquiryList } from '../ports';
import { toRecord } from './enquiry-record';
import { listForFilter, sequenceCounter, sequenceIn } from './enquiry-lists';

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

export async function readEnquiryPage(deps: ReadingDeps, query: EnquiryListQuery): Promise<EnquiryPage> {
  const list = listForFilter(query);
  const bounds = await boundsOf(deps, list, query);
  if (!bounds) return { records: [], total: 0 };
  const total = bounds.highest - bounds.lowest + 1;
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
export async function* readAllEnquiries(deps: ReadingDeps, filter: EnquiryFilter, pageSize = 500): AsyncGenerator<EnquiryRecord> {
  let cursor: string | undefined;
  do {
    const page = await readEnquiryPage(deps, { ...filter, limit: pageSize, ...(cursor ? { cursor } : {}) });
    yield* page.records;
    cursor = page.nextCursor;
  } while (cursor);
}
