/**
 * The report `npm run bench` writes: the machine, each target met or not
 * (judged on the worst figure), charts drawn from the recorded figures, and
 * a failed step said so plainly rather than left out.
 */
import { describe, expect, it } from 'vitest';
import type { Figure } from './figures';
import { type ReportInput, benchmarkMarkdown, chart } from './report-markdown';

const machine: ReportInput['machine'] = {
  cpu: 'Test CPU @ 2.0GHz',
  cores: 2,
  memoryGiB: 24,
  os: 'Linux 6.1',
  node: 'v24.21.0',
  loadAverage: [0.5, 0.4, 0.3],
};
const lighthouseRun = (page: string, run: number, lcpMs: number, performance = 100): Figure => ({
  kind: 'lighthouse',
  page,
  run,
  performance,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs,
  tbtMs: 10,
  tbtBrowserMs: 0,
  cls: 0,
  htmlCssGzKiB: 13.2,
});

function report(
  figures: Figure[],
  steps: ReportInput['steps'] = [
    { script: 'bench:site', title: 'Public pages', exitCode: 0, seconds: 61, output: 'table\n' },
  ],
  load?: ReportInput['load'],
): string {
  return benchmarkMarkdown({
    writtenAt: new Date('2026-11-23T08:00:00.123Z'),
    commit: 'abc1234',
    machine,
    steps,
    figures,
    ...(load ? { load } : {}),
  });
}

const targetLine = (markdown: string, measure: string) =>
  markdown.split('\n').find((line) => line.startsWith(`| ${measure}`));

describe('the benchmark report', () => {
  it('names the machine, the commit and the time it ran', () => {
    const markdown = report([]);
    expect(markdown).toContain('`npm run bench` on 2026-11-23T08:00:00Z from commit `abc1234`');
    expect(markdown).toContain('| CPU | Test CPU @ 2.0GHz, 2 cores |');
    expect(markdown).toContain('| Node | v24.21.0 |');
    expect(markdown).toContain('0.5, 0.4, 0.3');
  });

  it('judges each target on the worst run: one slow LCP among good ones fails it', () => {
    const good = report([lighthouseRun('/', 1, 700), lighthouseRun('/', 2, 720), lighthouseRun('/KrPage', 1, 790)]);
    expect(targetLine(good, 'Largest Contentful Paint')).toMatch(/\| 790 ms \| ≤ 800 ms \| yes \|$/);
    const oneSlow = report([lighthouseRun('/', 1, 700), lighthouseRun('/', 2, 950), lighthouseRun('/KrPage', 1, 790)]);
    expect(targetLine(oneSlow, 'Largest Contentful Paint')).toMatch(/\| 950 ms \| ≤ 800 ms \| \*\*no\*\* \|$/);
    expect(targetLine(report([lighthouseRun('/', 1, 700, 99)]), 'Lighthouse mobile')).toMatch(
      /\| 99 \| 100 \| \*\*no\*\* \|$/,
    );
  });

  it("names the page of the most blocked run and the browser's own share of its blocking time", () => {
    const runs = [
      lighthouseRun('/', 1, 700),
      { ...lighthouseRun('/JpPage', 2, 720), tbtMs: 70, tbtBrowserMs: 55 },
      { ...lighthouseRun('/KrPage', 1, 790), tbtMs: 40 },
    ];
    expect(targetLine(report(runs), 'Total Blocking Time')).toMatch(
      /\| 70 ms \(\/JpPage; the browser's own tasks 55 ms of it\) \| ≤ 50 ms \| \*\*no\*\* \|$/,
    );
  });

  it('draws sendmail latency against concurrency and list latency against stored enquiries from the figures', () => {
    const markdown = report([
      { kind: 'sendmail', clients: 1, requests: 100, throughput: 50, p50: 12.34, p95: 20, p99: 30 },
      { kind: 'sendmail', clients: 16, requests: 400, throughput: 300, p50: 40, p95: 80, p99: 120 },
      { kind: 'list', stored: 1_000, read: 'first page', p50: 8, p95: 10, p99: 12 },
      { kind: 'list', stored: 100_000, read: 'first page', p50: 9, p95: 11, p99: 13 },
    ]);
    expect(markdown).toContain('x-axis "concurrent clients" ["1", "16"]');
    expect(markdown).toContain('line [12.3, 40]');
    expect(markdown).toContain('x-axis "stored enquiries" ["1,000", "100,000"]');
    expect(markdown).toContain('line [8, 9]');
  });

  it('says a failed step failed, with what it printed', () => {
    const markdown = report(
      [],
      [{ script: 'test:load', title: 'Load with faults', exitCode: 1, seconds: 12, output: 'lost: 3\n' }],
    );
    expect(markdown).toContain('| Load with faults | npm run test:load | FAILED (exit 1) | 12 s |');
    expect(markdown).toContain('**1 step(s) failed**');
    expect(markdown).toContain('lost: 3');
  });

  it('fails the nothing-lost targets of the load run when anything was lost or sent twice', () => {
    const load = {
      routes: [{ route: 'POST /api/sendmail', requests: 2000, throughput: 40, p50: 30, p95: 90, p99: 200 }],
      errors: { 'SES down (mail queued)': 0 },
      lost: 0,
      duplicated: 1,
    };
    const markdown = report([], undefined, load);
    expect(targetLine(markdown, 'Load with faults: enquiries lost')).toMatch(/\| 0 \| 0 \| yes \|$/);
    expect(targetLine(markdown, 'Load with faults: enquiries or mails duplicated')).toMatch(
      /\| 1 \| 0 \| \*\*no\*\* \|$/,
    );
  });

  it('quotes labels so a title with a quote cannot break the chart', () => {
    expect(chart('say "hi"', 'x', ['a "b"'], 'y', [{ name: 'n', type: 'bar', values: [1.26] }])).toContain(
      'title "say \'hi\'"',
    );
  });
});
