/**
 * What the load run measures per route: every request's latency and how it
 * was answered (2xx, or the status and error code of a refusal).
 */
import { summarise } from '../support';

/** One route's figures, in the shape bench/report-markdown.ts reads (`LoadFigures.routes`). */
export interface RouteFigures {
  route: string;
  requests: number;
  /** Requests a second over the load's whole time. */
  throughput: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers other than 2xx by kind, e.g. `503 service_unavailable`, `409 conflict`, `network error`. */
  errors: Record<string, number>;
}

export class LoadFigures {
  private readonly latencies = new Map<string, number[]>();
  private readonly errors = new Map<string, Map<string, number>>();

  record(route: string, latencyMs: number, outcome: string | undefined): void {
    (this.latencies.get(route) ?? this.latencies.set(route, []).get(route))?.push(latencyMs);
    if (outcome === undefined) return;
    const kinds = this.errors.get(route) ?? this.errors.set(route, new Map()).get(route);
    kinds?.set(outcome, (kinds.get(outcome) ?? 0) + 1);
  }

  /** Every route's figures over `seconds` of load, by route name. */
  routes(seconds: number): RouteFigures[] {
    const round = (value: number) => Math.round(value * 10) / 10;
    return [...this.latencies.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([route, samples]) => {
        const { p50, p95, p99 } = summarise(samples);
        return {
          route,
          requests: samples.length,
          throughput: round(samples.length / seconds),
          p50: round(p50),
          p95: round(p95),
          p99: round(p99),
          errors: Object.fromEntries(this.errors.get(route) ?? []),
        };
      });
  }

  /** Every refusal of every route by kind. */
  errorsByKind(): Record<string, number> {
    const totals = new Map<string, number>();
    for (const kinds of this.errors.values())
      for (const [kind, count] of kinds) totals.set(kind, (totals.get(kind) ?? 0) + count);
    return Object.fromEntries([...totals].sort(([, a], [, b]) => b - a));
  }
}

export interface Answer {
  status: number;
  headers: Headers;
  body: string;
  /** Undefined for a 2xx; else the status and, for a JSON error body, its code (`503 service_unavailable`), or `network error`. */
  kind: string | undefined;
}

/** One request, timed to its last byte, its outcome recorded under `route`. Never throws: a failed connection is an answer too. */
export async function timedFetch(
  figures: LoadFigures,
  route: string,
  url: string,
  init: RequestInit = {},
): Promise<Answer> {
  const start = performance.now();
  let answer: Answer;
  try {
    const response = await fetch(url, { redirect: 'manual', ...init });
    const body = await response.text();
    answer = {
      status: response.status,
      headers: response.headers,
      body,
      kind: response.status >= 200 && response.status < 300 ? undefined : `${response.status}${errorCodeOf(body)}`,
    };
  } catch {
    answer = { status: 0, headers: new Headers(), body: '', kind: 'network error' };
  }
  figures.record(route, performance.now() - start, answer.kind);
  return answer;
}

function errorCodeOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    return typeof parsed.error === 'string' ? ` ${parsed.error}` : '';
  } catch {
    return '';
  }
}

/** Whether a refusal tells the truth in a way a page can use: a JSON error body with a code and a sentence, never a bare 5xx. */
export function toldHonestly(answer: Answer): boolean {
  if (answer.status === 0) return false;
  if (answer.status >= 300 && answer.status < 400) return /[?&]error=/.test(answer.headers.get('location') ?? '');
  try {
    const body = JSON.parse(answer.body) as { error?: unknown; message?: unknown };
    if (typeof body.error !== 'string' || typeof body.message !== 'string' || body.message === '') return false;
    // A 5xx must be our 503, saying to try again.
    return answer.status < 500 || (answer.status === 503 && /try again/i.test(body.message));
  } catch {
    return false;
  }
}
