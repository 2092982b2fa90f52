import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LocalStack, startLocalStack } from '../local/stack';

export const BENCH_STAFF = { email: 'bench@example.test', password: 'bench password 1234' };

/** A throwaway local stack in a temporary folder, with rate limits out of the way. */
export async function benchStack(): Promise<LocalStack & { dispose(): Promise<void> }> {
  process.env['AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED'] ??= 'true';
  const dataDir = mkdtempSync(join(tmpdir(), 'mt-bench-'));
  const stack = await startLocalStack({
    port: 0,
    mailboxPort: 0,
    dataDir,
    staffEmail: BENCH_STAFF.email,
    staffPassword: BENCH_STAFF.password,
    mailRetryIntervalMs: false,
    logLevel: 'SILENT',
    env: { SEND_LIMIT_PER_MINUTE: '1000000', SEND_LIMIT_PER_DAY: '1000000' },
  });
  return { ...stack, dispose: async () => { await stack.stop(); rmSync(dataDir, { recursive: true, force: true }); } };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export function summarise(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;
export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

export async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
}
