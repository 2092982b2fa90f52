/**
 * The benchmark's figures by group (corpus, client, language, kind of answer)
 * and the table a person reads: cases, exactly right, share right, and how
 * the others were wrong.
 */
import type { ReplyCase } from './case';
import type { Verdict } from './compare';

export interface CaseResult {
  case: ReplyCase;
  got: string;
  verdict: Verdict;
  /** The pipeline threw on this message (counted as wrong, with its message). */
  error?: string;
}

export interface GroupFigures {
  name: string;
  cases: number;
  right: number;
  /** Per cent of the cases exactly right. */
  share: number;
  empty: number;
  truncated: number;
  historyLeft: number;
  blankLinesOnly: number;
  errors: number;
}

export function figures(name: string, results: readonly CaseResult[]): GroupFigures {
  const count = (test: (result: CaseResult) => boolean) => results.filter(test).length;
  const right = count((result) => result.verdict.right);
  return {
    name,
    cases: results.length,
    right,
    share: results.length === 0 ? 0 : Math.round((1000 * right) / results.length) / 10,
    empty: count((result) => result.verdict.empty),
    truncated: count((result) => result.verdict.truncated),
    historyLeft: count((result) => result.verdict.historyLeft),
    blankLinesOnly: count((result) => result.verdict.blankLinesOnly),
    errors: count((result) => result.error !== undefined),
  };
}

/** The figures of each group, the largest first (ties by name); `keepOrder` keeps the order groups were met in. */
export function groups(
  results: readonly CaseResult[],
  key: (result: CaseResult) => string,
  keepOrder = false,
): GroupFigures[] {
  const byKey = new Map<string, CaseResult[]>();
  for (const result of results) byKey.set(key(result), [...(byKey.get(key(result)) ?? []), result]);
  const all = [...byKey].map(([name, members]) => figures(name, members));
  return keepOrder ? all : all.sort((a, b) => b.cases - a.cases || a.name.localeCompare(b.name));
}

const COLUMNS: [keyof GroupFigures, string][] = [
  ['cases', 'cases'],
  ['right', 'right'],
  ['share', '% right'],
  ['empty', 'empty'],
  ['truncated', 'truncated'],
  ['historyLeft', 'history left'],
  ['blankLinesOnly', 'blank lines'],
  ['errors', 'errors'],
];

/** A plain-text table, the group names padded to the longest (counted in characters, as a terminal shows most). */
export function table(title: string, rows: readonly GroupFigures[]): string {
  const width = Math.max(title.length, ...rows.map((row) => row.name.length));
  const cell = (value: string, column: string) => value.padStart(Math.max(column.length, 5));
  const head = `${title.padEnd(width)}  ${COLUMNS.map(([, label]) => cell(label, label)).join('  ')}`;
  const line = (row: GroupFigures) =>
    `${row.name.padEnd(width)}  ${COLUMNS.map(([key, label]) => cell(key === 'share' ? row.share.toFixed(1) : String(row[key]), label)).join('  ')}`;
  return [head, ...rows.map(line)].join('\n');
}

export const LEGEND = [
  'right: the new text exactly as expected (NFC, line ends, spaces at line ends and blank lines at either end aside).',
  'empty: a text expected, none given. truncated: not empty, but a line the patient wrote is missing.',
  'history left: a line the patient did not write is in it (quoted mail, attribution, client signature).',
  'blank lines: every line right, only the blank lines between them differ. errors: the pipeline threw.',
  'A case can be both truncated and have history left; the other columns do not overlap with "right".',
].join('\n');
