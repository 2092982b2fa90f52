import { type ScratchStack, startScratchStack } from '../local/scratch-stack';

export const BENCH_STAFF = { email: 'bench@example.test', password: 'bench password 1234' };

/** Signs the bench's staff member in on a stack; the token. */
export async function benchToken(stack: Pick<ScratchStack, 'url'>): Promise<string> {
  const response = await fetch(`${stack.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: { email: BENCH_STAFF.email, pass: BENCH_STAFF.password } }),
  });
  if (response.status !== 200) throw new Error(`login answered ${response.status}`);
  return (await response.json()) as string;
}

export function benchStack(): Promise<ScratchStack> {
  return startScratchStack({ staffEmail: BENCH_STAFF.email, staffPassword: BENCH_STAFF.password });
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** The middle value (the mean of the two middle ones for an even count). */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

export function summarise(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
}

/** How many items have each key (an undefined key is not counted). */
export function countBy<T>(items: readonly T[], key: (item: T) => string | undefined): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) {
    const value = key(item);
    if (value !== undefined) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return counts;
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;
export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

export async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
}
