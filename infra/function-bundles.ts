/**
 * The functions' code as CDK deploys it: every entry bundled by
 * functions/bundling/bundling.ts, the very options (aliases included) the benchmarks
 * and the bundle budget test use. CDK bundles synchronously and esbuild's
 * build of all entries in one run is asynchronous, so the first function of
 * a synthesis bundles them all at once in a child process (this file, run as a
 * script), and each function copies its own folder from there.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LAMBDA_BUNDLE_FILE, bundleLambdas } from '../functions/bundling/bundling';

const THIS_FILE = fileURLToPath(import.meta.url);
export const REPO_ROOT = join(dirname(THIS_FILE), '..');

let bundled: string | undefined;

/** The folder holding one entry's `index.mjs` and its source map. */
export function functionBundle(entryName: string): string {
  if (!bundled) {
    const folder = mkdtempSync(join(tmpdir(), 'mt-functions-'));
    process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
    const run = spawnSync(process.execPath, ['--import', 'tsx', THIS_FILE, folder], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (run.status !== 0)
      throw new Error(`Bundling the functions failed (${run.error?.message ?? `exit ${run.status ?? run.signal}`})`);
    bundled = folder;
  }
  const folder = join(bundled, entryName);
  if (!existsSync(join(folder, LAMBDA_BUNDLE_FILE))) throw new Error(`No bundle for the function ${entryName}`);
  return folder;
}

// `node --import tsx infra/function-bundles.ts <outdir>`: what functionBundle runs.
if (import.meta.main) {
  const [outdir] = process.argv.slice(2);
  if (!outdir) throw new Error('Usage: function-bundles.ts <outdir>');
  await bundleLambdas(outdir);
}
