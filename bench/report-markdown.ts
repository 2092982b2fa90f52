/**
 * The text of `reports/benchmark.md`: the machine, the figures against their
 * targets, small charts (Mermaid `xychart-beta`, which GitHub and most
 * Markdown viewers draw, and which stay readable as text), and each bench's
 * printed output. Pure: bench/report.ts runs the benches and hands over what
 * they recorded and printed.
 */
import type { Figure } from './figures';
import { median } from './support';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  loadAverage: [number, number, number];
}

export interface StepOutcome {
  /** The npm script, e.g. `bench:api`. */
  script: string;
  title: string;
  exitCode: number;
  seconds: number;
  /** What it printed (standard output and error, in order). */
  output: string;
}

/** Load-with-faults figures as `npm run test:load` writes them to reports/load.json. */
export interface LoadFigures {
  routes: ({ route: string; requests: number; throughput: number } & Record<'p50' | 'p95' | 'p99', number>)[];
  errors: Record<string, number>;
  lost: number;
  duplicated: number;
  [other: string]: unknown;
}

export interface ReportInput {
  writtenAt: Date;
  commit: string;
  machine: Machine;
  steps: StepOutcome[];
  figures: Figure[];
  load?: LoadFigures;
}

/** The benchmark targets, each checked against the worst figure of its kind. */
export const TARGETS = {
  lighthouseScore: 100,
  lcpMs: 800,
  tbtMs: 50,
  htmlCssGzKiB: 14,
  bundleGzipKiB: 100,
  coldStartMs: 100,
  exportSeconds100k: 5,
} as const;

type Of<K extends Figure['kind']> = Extract<Figure, { kind: K }>;
const only = <K extends Figure['kind']>(figures: Figure[], kind: K) =>
  figures.filter((figure): figure is Of<K> => figure.kind === kind);
const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const cell = (text: string) => text.replaceAll('|', '\\|');
const label = (text: string) => `"${text.replaceAll('"', "'")}"`;

/** A Mermaid line or bar chart; each series is one line (or bar set) over the same x labels. */
export function chart(
  title: string,
  xTitle: string,
  xLabels: string[],
  yTitle: string,
  series: { name: string; type: 'line' | 'bar'; values: number[] }[],
): string {
  const legend = series.map((entry) => `${entry.type === 'bar' ? 'bars' : 'line'}: ${entry.name}`).join('; ');
  return [
    '```mermaid',
    'xychart-beta',
    `  title ${label(title)}`,
    `  x-axis ${label(xTitle)} [${xLabels.map(label).join(', ')}]`,
    `  y-axis ${label(yTitle)}`,
    ...series.map((entry) => `  ${entry.type} [${entry.values.map((value) => round(value)).join(', ')}]`),
    '```',
    `<sub>${legend}</sub>`,
  ].join('\n');
}

function table(head: string[], rows: (string | number)[][]): string {
  return [
    `| ${head.map(cell).join(' | ')} |`,
    `|${head.map((_, index) => (index === 0 ? ' :--- ' : ' ---: ')).join('|')}|`,
    ...rows.map((row) => `| ${row.map((value) => cell(String(value))).join(' | ')} |`),
  ].join('\n');
}

interface TargetRow {
  measure: string;
  figure: string;
  target: string;
  met: boolean;
}

function targetRows(figures: Figure[], load: LoadFigures | undefined): TargetRow[] {
  const rows: TargetRow[] = [];
  const lighthouse = only(figures, 'lighthouse');
  if (lighthouse.length > 0) {
    const lowest = Math.min(
      ...lighthouse.flatMap((run) => [run.performance, run.accessibility, run.bestPractices, run.seo]),
    );
    const worst = (pick: (run: Of<'lighthouse'>) => number) => Math.max(...lighthouse.map(pick));
    rows.push({
      measure: `Lighthouse mobile, lowest score of four categories (${lighthouse.length} runs)`,
      figure: String(lowest),
      target: `${TARGETS.lighthouseScore}`,
      met: lowest >= TARGETS.lighthouseScore,
    });
    rows.push({
      measure: 'Largest Contentful Paint, worst run of any page',
      figure: `${round(
        worst((run) => run.lcpMs),
        0,
      )} ms`,
      target: `≤ ${TARGETS.lcpMs} ms`,
      met: worst((run) => run.lcpMs) <= TARGETS.lcpMs,
    });
    const longestBlocked = lighthouse.reduce((longest, run) => (run.tbtMs > longest.tbtMs ? run : longest));
    rows.push({
      measure: 'Total Blocking Time, worst run of any page',
      figure: `${round(longestBlocked.tbtMs, 0)} ms (${longestBlocked.page}; the browser's own tasks ${round(longestBlocked.tbtBrowserMs, 0)} ms of it)`,
      target: `≤ ${TARGETS.tbtMs} ms`,
      met: longestBlocked.tbtMs <= TARGETS.tbtMs,
    });
    rows.push({
      measure: 'HTML + critical CSS (gzip), largest page',
      figure: `${round(worst((run) => run.htmlCssGzKiB))} KiB`,
      target: `≤ ${TARGETS.htmlCssGzKiB} KiB`,
      met: worst((run) => run.htmlCssGzKiB) <= TARGETS.htmlCssGzKiB,
    });
    rows.push({
      measure: 'Cumulative Layout Shift, worst run',
      figure: String(
        round(
          worst((run) => run.cls),
          3,
        ),
      ),
      target: '0',
      met: worst((run) => run.cls) === 0,
    });
  }
  const bundles = only(figures, 'bundle');
  if (bundles.length > 0) {
    const largest = bundles.reduce((a, b) => (b.gzipKiB > a.gzipKiB ? b : a));
    rows.push({
      measure: `Largest function bundle (gzip): ${largest.name}`,
      figure: `${round(largest.gzipKiB)} KiB`,
      target: `≤ ${TARGETS.bundleGzipKiB} KiB`,
      met: largest.gzipKiB <= TARGETS.bundleGzipKiB,
    });
    const cold = bundles.filter((bundle) => bundle.coldStartMs !== undefined);
    if (cold.length > 0) {
      const slowest = cold.reduce((a, b) => ((b.coldStartMs ?? 0) > (a.coldStartMs ?? 0) ? b : a));
      rows.push({
        measure: `Slowest public cold start: ${slowest.name}`,
        figure: `${round(slowest.coldStartMs ?? 0, 0)} ms`,
        target: `≤ ${TARGETS.coldStartMs} ms`,
        met: (slowest.coldStartMs ?? 0) <= TARGETS.coldStartMs,
      });
    }
  }
  for (const exported of only(figures, 'export').filter((entry) => entry.rows === 100_000)) {
    rows.push({
      measure: 'CSV export of 100,000 enquiries ready',
      figure: `${round(exported.seconds)} s`,
      target: `≤ ${TARGETS.exportSeconds100k} s`,
      met: exported.seconds <= TARGETS.exportSeconds100k,
    });
  }
  if (load) {
    rows.push({
      measure: 'Load with faults: enquiries lost',
      figure: String(load.lost),
      target: '0',
      met: load.lost === 0,
    });
    rows.push({
      measure: 'Load with faults: enquiries or mails duplicated',
      figure: String(load.duplicated),
      target: '0',
      met: load.duplicated === 0,
    });
  }
  return rows;
}

function charts(figures: Figure[], load: LoadFigures | undefined): string[] {
  const sections: string[] = [];
  const sendmail = only(figures, 'sendmail');
  if (sendmail.length > 0) {
    sections.push(
      '### POST /api/sendmail: latency against concurrent clients',
      chart(
        'sendmail latency',
        'concurrent clients',
        sendmail.map((row) => String(row.clients)),
        'ms',
        [
          { name: 'p50', type: 'line', values: sendmail.map((row) => row.p50) },
          { name: 'p95', type: 'line', values: sendmail.map((row) => row.p95) },
          { name: 'p99', type: 'line', values: sendmail.map((row) => row.p99) },
        ],
      ),
      table(
        ['clients', 'requests', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s'],
        sendmail.map((row) => [
          row.clients,
          row.requests,
          round(row.p50),
          round(row.p95),
          round(row.p99),
          round(row.throughput, 0),
        ]),
      ),
    );
  }
  const list = only(figures, 'list');
  if (list.length > 0) {
    const sizes = [...new Set(list.map((row) => row.stored))].sort((a, b) => a - b);
    const reads = [...new Set(list.map((row) => row.read))];
    sections.push(
      '### POST /api/view: list latency against stored enquiries (p50)',
      chart(
        'list latency (p50)',
        'stored enquiries',
        sizes.map((size) => size.toLocaleString('en')),
        'ms',
        reads.map((read) => ({
          name: read,
          type: 'line' as const,
          values: sizes.map((size) => list.find((row) => row.stored === size && row.read === read)?.p50 ?? 0),
        })),
      ),
    );
  }
  const dashboard = only(figures, 'dashboard');
  if (dashboard.length > 0) {
    const sizes = [...new Set(dashboard.map((row) => row.stored))].sort((a, b) => a - b);
    const measures = [...new Set(dashboard.map((row) => row.measure))];
    sections.push(
      '### Dashboard and work lists against stored enquiries (median)',
      chart(
        'dashboard and work lists',
        'stored enquiries',
        sizes.map((size) => size.toLocaleString('en')),
        'ms',
        measures.map((measure) => ({
          name: measure,
          type: 'line' as const,
          values: sizes.map((size) =>
            median(
              dashboard.filter((row) => row.stored === size && row.measure === measure).map((row) => row.medianMs),
            ),
          ),
        })),
      ),
    );
  }
  const lighthouse = only(figures, 'lighthouse');
  if (lighthouse.length > 0) {
    const pages = [...new Set(lighthouse.map((run) => run.page))];
    const per = (page: string, pick: (run: Of<'lighthouse'>) => number) =>
      lighthouse.filter((run) => run.page === page).map(pick);
    sections.push(
      '### Public pages: Lighthouse mobile per page',
      chart('LCP per page (median and worst of the runs)', 'page', pages, 'ms', [
        { name: 'median LCP', type: 'bar', values: pages.map((page) => median(per(page, (run) => run.lcpMs))) },
        { name: 'worst LCP', type: 'line', values: pages.map((page) => Math.max(...per(page, (run) => run.lcpMs))) },
        { name: `target ${TARGETS.lcpMs} ms`, type: 'line', values: pages.map(() => TARGETS.lcpMs) },
      ]),
      table(
        [
          'page',
          'runs',
          'performance (lowest)',
          'accessibility',
          'best practices',
          'SEO',
          'LCP median / worst ms',
          'TBT median / worst ms',
          'CLS worst',
          'HTML+CSS gz KiB',
        ],
        pages.map((page) => [
          page,
          per(page, (run) => run.run).length,
          Math.min(...per(page, (run) => run.performance)),
          Math.min(...per(page, (run) => run.accessibility)),
          Math.min(...per(page, (run) => run.bestPractices)),
          Math.min(...per(page, (run) => run.seo)),
          `${round(median(per(page, (run) => run.lcpMs)), 0)} / ${round(Math.max(...per(page, (run) => run.lcpMs)), 0)}`,
          `${round(median(per(page, (run) => run.tbtMs)), 0)} / ${round(Math.max(...per(page, (run) => run.tbtMs)), 0)}`,
          round(Math.max(...per(page, (run) => run.cls)), 3),
          round(Math.max(...per(page, (run) => run.htmlCssGzKiB))),
        ]),
      ),
    );
  }
  const bundles = only(figures, 'bundle');
  if (bundles.length > 0) {
    sections.push(
      '### Function bundles (gzip) and cold starts',
      chart(
        'bundle size per function (gzip)',
        'function',
        bundles.map((bundle) => bundle.name),
        'KiB',
        [
          { name: 'gzip KiB', type: 'bar', values: bundles.map((bundle) => bundle.gzipKiB) },
          {
            name: `budget ${TARGETS.bundleGzipKiB} KiB`,
            type: 'line',
            values: bundles.map(() => TARGETS.bundleGzipKiB),
          },
        ],
      ),
      table(
        ['function', 'gzip KiB', 'cold start ms'],
        bundles.map((bundle) => [
          bundle.name,
          round(bundle.gzipKiB),
          bundle.coldStartMs === undefined ? '' : round(bundle.coldStartMs, 0),
        ]),
      ),
    );
  }
  const staff = only(figures, 'staff');
  if (staff.length > 0) {
    sections.push(
      '### Back office',
      table(
        ['measure', 'median ms', 'worst ms', 'runs'],
        staff.map((row) => [row.measure, round(row.medianMs), round(row.maxMs), row.runs]),
      ),
    );
  }
  if (load) {
    sections.push(
      '### Load with faults injected (`npm run test:load`)',
      chart(
        'latency per route under load with faults',
        'route',
        load.routes.map((row) => row.route),
        'ms',
        [
          { name: 'p50', type: 'bar', values: load.routes.map((row) => row.p50) },
          { name: 'p95', type: 'line', values: load.routes.map((row) => row.p95) },
          { name: 'p99', type: 'line', values: load.routes.map((row) => row.p99) },
        ],
      ),
      table(
        ['route', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms'],
        load.routes.map((row) => [
          row.route,
          row.requests,
          round(row.throughput),
          round(row.p50),
          round(row.p95),
          round(row.p99),
        ]),
      ),
      table(
        ['error kind', 'count'],
        Object.entries(load.errors).map(([kind, count]) => [kind, count]),
      ),
    );
  }
  return sections;
}

export function benchmarkMarkdown(input: ReportInput): string {
  const { machine } = input;
  const failed = input.steps.filter((step) => step.exitCode !== 0);
  const targets = targetRows(input.figures, input.load);
  return [
    '# Benchmark report',
    '',
    `Written by \`npm run bench\` on ${input.writtenAt.toISOString().replace(/\.\d+Z$/, 'Z')} from commit \`${input.commit}\`. Every figure below comes from this one run.`,
    '',
    '## Machine',
    '',
    table(
      ['', ''],
      [
        ['CPU', `${machine.cpu}, ${machine.cores} cores`],
        ['Memory', `${round(machine.memoryGiB)} GiB`],
        ['System', machine.os],
        ['Node', machine.node],
        [
          'Load average when the run began (1, 5, 15 min)',
          machine.loadAverage.map((value) => round(value, 2)).join(', '),
        ],
      ],
    ),
    '',
    'The emulators, the API, the browser and the load clients share this machine: absolute times are a floor for what a visitor or a staff member sees, not a measure of AWS.',
    '',
    '## Steps',
    '',
    table(
      ['step', 'script', 'result', 'took'],
      input.steps.map((step) => [
        step.title,
        `npm run ${step.script}`,
        step.exitCode === 0 ? 'passed' : `FAILED (exit ${step.exitCode})`,
        `${round(step.seconds, 0)} s`,
      ]),
    ),
    ...(failed.length > 0
      ? [
          '',
          `**${failed.length} step(s) failed**; their output is below. Figures they did not reach are missing from this report.`,
        ]
      : []),
    '',
    '## Against the targets',
    '',
    targets.length > 0
      ? table(
          ['measure', 'figure', 'target', 'met'],
          targets.map((row) => [row.measure, row.figure, row.target, row.met ? 'yes' : '**no**']),
        )
      : 'No step recorded a figure with a target.',
    '',
    '## Charts and figures',
    '',
    ...charts(input.figures, input.load).flatMap((section) => [section, '']),
    '## What each step printed',
    '',
    ...input.steps.flatMap((step) => [
      `<details><summary>npm run ${step.script} (${step.exitCode === 0 ? 'passed' : 'failed'})</summary>`,
      '',
      '```text',
      step.output.trimEnd(),
      '```',
      '',
      '</details>',
      '',
    ]),
  ].join('\n');
}
