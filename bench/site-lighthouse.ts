/**
 * One Lighthouse mobile run of a public page (default mobile form factor,
 * simulated throttling), read into the figures `bench:site` prints, and what
 * the run's own trace says sets them: the LCP element and its subparts, the
 * document's bytes on the wire against the first round trip of a new
 * connection, any other request that ended before the first paint (Lantern
 * adds each to its LCP estimate), the longest main-thread tasks, and the main
 * thread's work until the load event as CPU time and as wall-clock time.
 * Lantern scales the wall-clock durations of the observed tasks; on a busy
 * machine they exceed the thread's own CPU time several fold, which is what
 * makes LCP and TBT vary from run to run.
 */
import lighthouse from 'lighthouse';
import { type LongTask, browserBlockingMs } from './blocking-time';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface LighthouseRun {
  scores: Record<Category, number | null>;
  lcpMs: number;
  tbtMs: number;
  /**
   * The part of TBT from tasks Lighthouse attributes to no script and not to the page: the browser's own
   * navigation work (committing the navigation, creating the page's JavaScript context), the same for any
   * page. An estimate from the long-tasks list, clipped to simulated FCP and TTI as TBT is.
   */
  tbtBrowserMs: number;
  cls: number;
  renderBlocking: number;
  /** Audits that scored below 1 (not informative or manual ones). */
  failing: string[];
  /** What set LCP and TBT in this run, one line each. */
  causes: string[];
  /** The page's main thread from navigation to the load event: its CPU time and the wall-clock time of the same tasks. */
  mainThread: { cpuMs: number; wallMs: number };
}

/** Lighthouse sometimes fails to record a load on a busy machine (NO_NAVSTART, NO_FCP): such a run is repeated. */
const ATTEMPTS = 3;

/** Lighthouse's simulated slow 4G opens a connection with 10 segments of 1,460 bytes: a document larger than this costs one more round trip. */
export const FIRST_ROUND_TRIP_BYTES = 10 * 1460;

interface TableDetails<Item> {
  items?: Item[];
}
interface LcpBreakdownItem {
  type?: string;
  selector?: string;
  items?: { label: string; duration: number }[];
}
interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
  networkEndTime?: number;
}
interface WorkGroup {
  groupLabel: string;
  duration: number;
}

function lcpCause(details: TableDetails<LcpBreakdownItem> | undefined): string | undefined {
  const node = details?.items?.find((item) => item.type === 'node');
  const parts = details?.items?.find((item) => item.items)?.items ?? [];
  if (!node?.selector) return undefined;
  return `LCP element ${node.selector} (${parts.map((part) => `${part.label.toLowerCase()} ${Math.round(part.duration)} ms`).join(', ')})`;
}

function documentCause(requests: NetworkRequest[]): string | undefined {
  const document = requests.find((request) => request.resourceType === 'Document');
  if (!document?.transferSize) return undefined;
  const fits = document.transferSize <= FIRST_ROUND_TRIP_BYTES;
  return `document ${document.transferSize} bytes on the wire, ${fits ? 'within' : 'past'} the first round trip (${FIRST_ROUND_TRIP_BYTES})`;
}

/** The longest tasks as Lighthouse simulated them (observed time times the CPU slowdown) and the main thread's time by kind. */
function mainThreadCause(tasks: LongTask[], work: WorkGroup[]): string | undefined {
  if (!tasks.length && !work.length) return undefined;
  const longest = [...tasks]
    .sort((a, b) => b.duration - a.duration)
    .slice(0, 3)
    .map((task) => `${Math.round(task.duration)} ms at ${Math.round(task.startTime)} ms`);
  const kinds = work.slice(0, 3).map((group) => `${group.groupLabel.toLowerCase()} ${Math.round(group.duration)} ms`);
  return `long tasks: ${longest.join(', ') || 'none'}; main thread: ${kinds.join(', ')}`;
}

/** Requests other than the document that ended before the first paint Lighthouse observed. */
function earlyRequestsCause(requests: NetworkRequest[], observedLcpMs: number | undefined): string | undefined {
  if (observedLcpMs === undefined) return undefined;
  const early = requests.filter(
    (request) =>
      request.resourceType !== 'Document' &&
      !request.url.startsWith('data:') &&
      (request.networkEndTime ?? Infinity) <= observedLcpMs,
  );
  return `requests ended before the observed LCP (${Math.round(observedLcpMs)} ms): ${early.map((request) => new URL(request.url).pathname).join(', ') || 'the document only'}`;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { frame?: string; data?: { documentLoaderURL?: string } };
}

/** The main thread's top-level tasks from the page's navigation start to its load event: CPU (thread) time and wall-clock time, in ms. */
export function mainThreadWork(events: TraceEvent[], url: string): { cpuMs: number; wallMs: number } {
  const start = events.find((event) => event.name === 'navigationStart' && event.args?.data?.documentLoaderURL === url);
  if (!start) return { cpuMs: Number.NaN, wallMs: Number.NaN };
  const sameThread = (event: TraceEvent) => event.pid === start.pid && event.tid === start.tid;
  const load = events.find(
    (event) => event.name === 'loadEventEnd' && event.args?.frame === start.args?.frame && event.ts >= start.ts,
  );
  const end = load?.ts ?? Infinity;
  const tasks = events.filter(
    (event) =>
      event.name === 'RunTask' && event.ph === 'X' && sameThread(event) && event.ts >= start.ts && event.ts <= end,
  );
  const sum = (pick: (event: TraceEvent) => number) => tasks.reduce((total, event) => total + pick(event), 0) / 1000;
  return { cpuMs: sum((event) => event.tdur ?? event.dur ?? 0), wallMs: sum((event) => event.dur ?? 0) };
}

async function audit(url: string, port: number) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result;
    if (attempt === ATTEMPTS)
      throw new Error(`Lighthouse failed on ${url} ${ATTEMPTS} times: ${error.code} ${error.message}`);
    process.stderr.write(`Lighthouse failed on ${url} (${error.code}), running it again\n`);
  }
}

export async function lighthouseRun(url: string, port: number): Promise<LighthouseRun> {
  const result = await audit(url, port);
  const { lhr } = result;
  const trace = (result.artifacts as { Trace?: { traceEvents: TraceEvent[] } }).Trace;
  const score = (id: Category) => {
    const value = lhr.categories[id]?.score;
    return value === null || value === undefined ? null : Math.round(value * 100);
  };
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const details = <Item>(id: string) => lhr.audits[id]?.details as TableDetails<Item> | undefined;
  const failing = Object.values(lhr.audits)
    .filter(
      (audit) =>
        audit.score !== null &&
        audit.score < 1 &&
        !['informative', 'manual', 'notApplicable'].includes(audit.scoreDisplayMode),
    )
    .map((audit) => `${audit.id} (${audit.score})`);
  const requests = details<NetworkRequest>('network-requests')?.items ?? [];
  const longTasks = details<LongTask>('long-tasks')?.items ?? [];
  const observed = (
    lhr.audits['metrics']?.details as TableDetails<{ observedLargestContentfulPaint?: number }> | undefined
  )?.items?.[0];
  const causes = [
    lcpCause(details<LcpBreakdownItem>('lcp-breakdown-insight')),
    documentCause(requests),
    earlyRequestsCause(requests, observed?.observedLargestContentfulPaint),
    mainThreadCause(longTasks, details<WorkGroup>('mainthread-work-breakdown')?.items ?? []),
  ].filter((cause) => cause !== undefined);
  const tbtMs = numeric('total-blocking-time');
  const tbtBrowserMs = Math.min(
    tbtMs,
    browserBlockingMs(longTasks, numeric('first-contentful-paint'), numeric('interactive')),
  );
  return {
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, score(id)])) as Record<Category, number | null>,
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs,
    tbtBrowserMs,
    cls: numeric('cumulative-layout-shift'),
    renderBlocking: details<unknown>('render-blocking-insight')?.items?.length ?? 0,
    failing,
    causes,
    mainThread: trace
      ? mainThreadWork(trace.traceEvents, lhr.finalDisplayedUrl)
      : { cpuMs: Number.NaN, wallMs: Number.NaN },
  };
}
