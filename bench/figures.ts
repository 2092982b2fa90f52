/**
 * Figures a benchmark hands on to the report that `npm run bench` writes
 * (bench/report.ts). Each bench prints its own table for a person and, when the
 * report runs it, also records the same figures here as one JSON line each, so
 * the report draws its charts from numbers, not from parsing printed text. Run
 * alone (no BENCH_FIGURES_FILE), a bench records nothing.
 */
import { appendFileSync, readFileSync } from 'node:fs';

/** The environment variable the report sets to the file the benches append to. */
export const FIGURES_FILE_VARIABLE = 'BENCH_FIGURES_FILE';

export interface LatencyPercentiles {
  p50: number;
  p95: number;
  p99: number;
}

export type Figure =
  /** POST /api/sendmail at one number of concurrent clients. */
  | ({ kind: 'sendmail'; clients: number; requests: number; throughput: number } & LatencyPercentiles)
  /** POST /api/view with `stored` enquiries: one kind of read (first page, filtered, middle page). */
  | ({ kind: 'list'; stored: number; read: string } & LatencyPercentiles)
  /** The CSV export of `rows` enquiries: until the file is ready, and the memory it took. */
  | { kind: 'export'; rows: number; seconds: number; peakHeapMiB: number }
  /** One Lambda bundle: its gzip size and, for routes measured, a cold start. */
  | { kind: 'bundle'; name: string; gzipKiB: number; coldStartMs?: number }
  /** One Lighthouse run of one public page. */
  | {
      kind: 'lighthouse';
      page: string;
      run: number;
      performance: number;
      accessibility: number;
      bestPractices: number;
      seo: number;
      lcpMs: number;
      tbtMs: number;
      tbtBrowserMs: number;
      cls: number;
      htmlCssGzKiB: number;
    }
  /** A back-office measure (sign-in to first rows, a filter change, a staff page's JavaScript). */
  | { kind: 'staff'; measure: string; medianMs: number; maxMs: number; runs: number }
  /** The dashboard and work lists on a stack of `stored` enquiries: the median of one measure. */
  | { kind: 'dashboard'; stored: number; label: string; measure: string; medianMs: number };

/** Appends one figure for the report; does nothing when the bench runs on its own. */
export function recordFigure(figure: Figure): void {
  const file = process.env[FIGURES_FILE_VARIABLE];
  if (file) appendFileSync(file, `${JSON.stringify(figure)}\n`);
}

/** Every figure recorded in `file`, in the order they were written. */
export function readFigures(file: string): Figure[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Figure);
}
