/**
 * A throwaway local stack for tests and benchmarks: free ports, its own
 * temporary data folder (deleted by `dispose`), no mail-retry timer, quiet
 * logs, rate limits raised and each owner's notice sent alone at once
 * (NOTICE_GATHER_SECONDS 0: no timer would send a gathering one) unless the
 * caller sets them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalStack } from './stack';
import type { LocalStack, LocalStackOptions } from './stack-types';

export interface ScratchStack extends LocalStack {
  dataDir: string;
  dispose(): Promise<void>;
}

export async function startScratchStack(
  options: Pick<LocalStackOptions, 'staffEmail' | 'staffPassword'> & Partial<LocalStackOptions>,
): Promise<ScratchStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mt-scratch-'));
  const stack = await startLocalStack({
    port: 0,
    mailboxPort: 0,
    dataDir,
    mailRetryIntervalMs: false,
    logLevel: 'SILENT',
    ...options,
    env: {
      SEND_LIMIT_PER_MINUTE: '1000000',
      SEND_LIMIT_PER_DAY: '1000000',
      NOTICE_GATHER_SECONDS: '0',
      ...options.env,
    },
  });
  return {
    ...stack,
    dataDir,
    async dispose() {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
