/**
 * How an export reads its rows fast: the filter's enquiries sit under
 * consecutive numbers of one index (a list's sequence, or POST_INDEX in a
 * work list), so the export cuts that span into ranges, reads several ranges
 * at once and writes them out newest first, each range as one CSV chunk.
 */
import { csvHeader, enquiryCsvLine } from '../../shared/exports/csv';
import type { EnquiryFilter } from '../../shared/enquiries/enquiry';
import type { AppDeps } from '../deps';
import type { ExportSource } from './ports';
import { POST_INDEX_COUNTER, countCounter } from '../enquiries/enquiry-lists';
import { type ReadingDeps, listSourceOf, listSpan, tagInIndex } from '../enquiries/enquiry-reading';
import { toCsvEnquiry } from '../enquiries/enquiry-record';
import { inOrder } from './in-order';

/** Rows a range holds (on average, in a sparse work list): one DynamoDB query page of projected items, about 0.5 MB. */
export const RANGE_ROWS = 1_000;
/** Ranges read at once: enough to keep DynamoDB busy while the previous ranges are turned into CSV, few enough to keep memory flat. */
export const READ_CONCURRENCY = 4;

export interface KeyRange {
  highest: number;
  lowest: number;
}

export interface ExportPlan {
  source: ExportSource;
  /** How many rows the filter holds now (from counters: nothing is read to know it). */
  total: number;
  /** Newest first. */
  ranges: KeyRange[];
}

/** Cuts [lowest, highest] into ranges of `step` keys, newest first. */
function rangesOf(highest: number, lowest: number, step: number): KeyRange[] {
  const ranges: KeyRange[] = [];
  for (let top = highest; top >= lowest; top -= step)
    ranges.push({ highest: top, lowest: Math.max(lowest, top - step + 1) });
  return ranges;
}

/** What an export reads with: the lists' reading, and the export's own reader of the rows. */
export type ExportReadingDeps = ReadingDeps & Pick<AppDeps, 'enquiryExports'>;

/** A sparse subset of every POST_INDEX (a work list, a tag): ranges wide enough to hold RANGE_ROWS of it on average. */
async function sparsePlan(deps: ReadingDeps, source: ExportSource, total: number): Promise<ExportPlan> {
  const highest = await deps.counters.read(POST_INDEX_COUNTER);
  const step = total > 0 ? Math.max(RANGE_ROWS, Math.ceil((highest / total) * RANGE_ROWS)) : Math.max(highest, 1);
  return { source, total, ranges: rangesOf(highest, 1, step) };
}

/** What an export of this filter reads (the list enquiry-reading.ts names for it). `viewer` is who asks (their `mine`). */
export async function planExport(deps: ReadingDeps, filter: EnquiryFilter, viewer: string): Promise<ExportPlan> {
  const source = listSourceOf(filter, viewer);
  switch (source.kind) {
    case 'work':
      return sparsePlan(deps, source, await deps.counters.read(countCounter(source.key)));
    case 'tag': {
      const filed = await tagInIndex(deps, source.tag);
      return sparsePlan(deps, { kind: 'tag', tag: filed.tag }, filed.total);
    }
    case 'list': {
      const span = await listSpan(deps, source.list, filter);
      return {
        source,
        total: span?.total ?? 0,
        ranges: span ? rangesOf(span.bounds.highest, span.bounds.lowest, RANGE_ROWS) : [],
      };
    }
    case 'reference':
      throw new Error('An export filter names no reference');
  }
}

export interface CsvChunk {
  text: string;
  rows: number;
}

/** The export's CSV: the header (with the BOM), then one chunk per range, in order. */
export async function* exportCsvChunks(deps: ExportReadingDeps, plan: ExportPlan): AsyncGenerator<CsvChunk> {
  const { source } = plan;
  yield { text: csvHeader(), rows: 0 };
  yield* inOrder(plan.ranges, READ_CONCURRENCY, async (range) => {
    const items =
      source.kind === 'tag'
        ? await deps.enquiryExports.exportItems(await deps.tagIndex.range(source.tag, range.highest, range.lowest))
        : await deps.enquiryExports.exportRange(source, range.highest, range.lowest);
    let text = '';
    for (const item of items) text += enquiryCsvLine(toCsvEnquiry(item));
    return { text, rows: items.length };
  });
}
