/**
 * One Lighthouse mobile run of a public page (default mobile form factor,
 * simulated throttling), read into the figures `bench:site` prints, and what
 * the run's own trace says sets them: the LCP element and its subparts, the
 * document's bytes on the wire against the first round trip of a new
 * connection, and the longest main-thread tasks with what they did.
 */
import lighthouse from 'lighthouse';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface LighthouseRun {
  scores: Record<Category, number | null>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  renderBlocking: number;
  /** Audits that scored below 1 (not informative or manual ones). */
  failing: string[];
  /** What set LCP and TBT in this run, one line each. */
  causes: string[];
}

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
interface LongTask {
  url: string;
  startTime: number;
  duration: number;
}
interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
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

export async function lighthouseRun(url: string, port: number): Promise<LighthouseRun> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id: Category) => {
    const value = lhr.categories[id]?.score;
    return value === null || value === undefined ? null : Math.round(value * 100);
  };
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const details = <Item>(id: string) => lhr.audits[id]?.details as TableDetails<Item> | undefined;
  const failing = Object.values(lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 1 && !['informative', 'manual', 'notApplicable'].includes(audit.scoreDisplayMode))
    .map((audit) => `${audit.id} (${audit.score})`);
  const causes = [
    lcpCause(details<LcpBreakdownItem>('lcp-breakdown-insight')),
    documentCause(details<NetworkRequest>('network-requests')?.items ?? []),
    mainThreadCause(details<LongTask>('long-tasks')?.items ?? [], details<WorkGroup>('mainthread-work-breakdown')?.items ?? []),
  ].filter((cause) => cause !== undefined);
  return {
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, score(id)])) as Record<Category, number | null>,
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    renderBlocking: details<unknown>('render-blocking-insight')?.items?.length ?? 0,
    failing,
    causes,
  };
}
