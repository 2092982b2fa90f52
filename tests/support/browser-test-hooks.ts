/**
 * A vitest setup file for the browser tests. When one fails, every browser
 * context it had open leaves a Playwright trace and a screenshot of each page
 * under `test-results/` (git-ignored), and the failure message names them.
 * Open one with `npx playwright-core show-trace <file>` (or
 * trace.playwright.dev). A test during which a page reported a
 * Content-Security-Policy violation fails: the site and the back office must
 * work under the policy production sends.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterEach, beforeEach } from 'vitest';
import { cspViolations, onContextClose, openContexts } from './browser';

interface RunningTest {
  name: string;
  /** The test file (its `name` is the path from the project root). */
  file: { name: string };
  result?: { state?: string; errors?: { message: string }[] };
}

let current: RunningTest | undefined;
const artifacts: string[] = [];
let keptContexts = 0;

const slug = (text: string) =>
  text
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
const failed = () => current?.result?.state === 'fail';

async function keep(context: BrowserContext): Promise<void> {
  if (!current) return;
  const folder = join('test-results', slug(current.file.name), slug(current.name));
  mkdirSync(folder, { recursive: true });
  keptContexts += 1;
  const number = keptContexts;
  const trace = join(folder, `trace-${number}.zip`);
  await context.tracing.stopChunk({ path: trace });
  artifacts.push(trace);
  for (const [index, page] of context.pages().entries()) {
    const shot = join(folder, `screenshot-${number}-${index + 1}.png`);
    await page.screenshot({ path: shot, timeout: 5_000 }).then(
      () => artifacts.push(shot),
      () => undefined,
    );
  }
}

onContextClose(async (context) => {
  if (failed()) await keep(context);
});

beforeEach(async ({ task }) => {
  current = task as unknown as RunningTest;
  artifacts.length = 0;
  keptContexts = 0;
  cspViolations.length = 0;
  // Contexts opened before this test (in beforeAll) start a fresh trace chunk for it.
  for (const context of openContexts) {
    await context.tracing.stopChunk().catch(() => undefined);
    await context.tracing.startChunk().catch(() => undefined);
  }
});

// Setup-file hooks run after the test file's own afterEach, so contexts the file closed are already kept.
afterEach(async () => {
  if (failed()) {
    for (const context of openContexts) await keep(context).catch(() => undefined);
    const error = current?.result?.errors?.[0];
    if (error && artifacts.length)
      error.message += `\n\nBrowser artifacts (open a trace with \`npx playwright-core show-trace <file>\`):\n  ${artifacts.join('\n  ')}`;
    for (const context of openContexts) await context.tracing.startChunk().catch(() => undefined);
  }
  current = undefined;
  if (cspViolations.length) {
    const seen = cspViolations.splice(0);
    throw new Error(`Content-Security-Policy violations during this test:\n  ${[...new Set(seen)].join('\n  ')}`);
  }
});
