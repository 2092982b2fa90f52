/**
 * `npm run bench:replies`: how well the receiver keeps only what a patient
 * wrote. Every case (the public corpora's fixtures and our own messages, see
 * cases.ts) goes through the product's own pipeline, readMessage then
 * threadText, exactly as a received mail does; its new text is compared with
 * the expected one (compare.ts). Prints the share right by corpus, client,
 * language and kind of answer, how the others were wrong (`--show`: the first
 * few of each, with a short diff), and the time three large messages take;
 * writes the same figures to reports/reply-parsing.json. No figure is judged:
 * it measures whatever parser threadText runs today.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readMessage, threadText } from '../../functions/conversation/inbound-processing';
import type { ReplyCase } from './case';
import { allCases } from './cases';
import { type Verdict, shortDiff, verdict } from './compare';
import { LARGE_INPUTS, type LargeInput, type Timing, timeInChild } from './large-messages';
import { type CaseResult, LEGEND, figures, groups, table } from './report-table';

const ROOT = resolve(import.meta.dirname, '..', '..');
const REPORT = join(ROOT, 'reports', 'reply-parsing.json');
const SHOW = process.argv.includes('--show');
/** Failures shown of each kind with --show. */
const SHOWN = 3;
const RUNS = 3;
/** How long one large input may run before its child is stopped (a guard so the run ends, not a limit). */
const GUARD_MS = 5 * 60 * 1000;

const WRONG: Verdict = { right: false, empty: false, truncated: false, historyLeft: false, blankLinesOnly: false };

async function parse(item: ReplyCase): Promise<CaseResult> {
  try {
    const message = await readMessage(item.raw, Date.now());
    const { text, shownInFull } = threadText(message);
    // A message with no new text is shown whole (and says so): its new text, what is measured here, is empty.
    const got = shownInFull ? '' : text;
    return { case: item, got, verdict: verdict(item.expected, got) };
  } catch (error) {
    return { case: item, got: '', verdict: WRONG, error: error instanceof Error ? error.message : String(error) };
  }
}

const cases = allCases();
const results: CaseResult[] = [];
for (const item of cases) results.push(await parse(item));

const own = results.filter((result) => result.case.corpus === 'own').length;
const sections = {
  byCorpus: groups(results, (result) => result.case.corpus, true),
  byClient: groups(results, (result) => result.case.client),
  byLanguage: groups(results, (result) => result.case.language),
  byKind: groups(results, (result) => result.case.kind),
};
const total = figures('all cases', results);

console.log(
  `Reply parsing: ${results.length} cases (${results.length - own} public, ${own} our own), readMessage + threadText\n`,
);
console.log(table('By corpus', [...sections.byCorpus, total]));
console.log(`\n${table('By client', sections.byClient)}`);
console.log(`\n${table('By language', sections.byLanguage)}`);
console.log(`\n${table('By kind of answer', sections.byKind)}`);
console.log(`\n${LEGEND}`);

const KINDS = ['empty', 'truncated', 'historyLeft', 'blankLinesOnly'] as const;
const failures: Record<(typeof KINDS)[number] | 'errors', string[]> = {
  empty: [],
  truncated: [],
  historyLeft: [],
  blankLinesOnly: [],
  errors: [],
};
for (const result of results) {
  for (const kind of KINDS) if (result.verdict[kind]) failures[kind].push(result.case.id);
  if (result.error !== undefined) failures.errors.push(result.case.id);
}

if (SHOW) {
  for (const kind of KINDS) {
    const shown = results.filter((result) => result.verdict[kind]).slice(0, SHOWN);
    if (shown.length === 0) continue;
    console.log(`\nFirst ${shown.length} of ${failures[kind].length} ${kind}:`);
    for (const result of shown) {
      const { id, client, language, note } = result.case;
      console.log(`${id} (${client}, ${language})${note ? ` — ${note}` : ''}`);
      console.log(shortDiff(result.case.expected, result.got).join('\n'));
    }
  }
  for (const result of results.filter((item) => item.error !== undefined).slice(0, SHOWN))
    console.log(`\nError: ${result.case.id}: ${result.error}`);
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;
console.log(`\nLarge messages through readMessage + threadText (${RUNS} runs each, in a child process; median):`);
const timings: Timing[] = [];
for (const name of Object.keys(LARGE_INPUTS) as LargeInput[]) {
  const timing = await timeInChild(name, RUNS, GUARD_MS);
  timings.push(timing);
  if (timing.error || !timing.readMessageMs || !timing.threadTextMs) {
    console.log(`  ${name}: no figures (${timing.error ?? 'no runs'})`);
    continue;
  }
  const read = median(timing.readMessageMs);
  const parsed = median(timing.threadTextMs);
  console.log(
    `  ${name} (${timing.bytes?.toLocaleString('en')} bytes): readMessage ${ms(read)}, threadText ${ms(parsed)}, ` +
      `together ${ms(read + parsed)}; new text ${timing.textLength} characters`,
  );
}

mkdirSync(join(ROOT, 'reports'), { recursive: true });
writeFileSync(
  REPORT,
  `${JSON.stringify(
    {
      writtenAt: new Date().toISOString(),
      node: process.version,
      pipeline: 'readMessage + threadText (functions/conversation/inbound-processing.ts)',
      total,
      ...sections,
      failures,
      timings,
    },
    null,
    2,
  )}\n`,
);
console.log(`\nWrote ${REPORT.slice(ROOT.length + 1)}.`);
