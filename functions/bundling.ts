/**
 * How each Lambda entry is bundled, defined once and used by everything that
 * bundles one: the CDK stack (infra/function-bundles.ts), the cold-start
 * benchmark, `npm run bundle:analyze` and the bundle budget test. As AWS
 * recommends for the Node.js runtimes: ESM, minified and tree-shaken, with
 * the function's own pinned AWS SDK clients bundled in rather than the
 * runtime's copy, whose version changes under the function. CDK bundles
 * through esbuild's JavaScript API too, with these very options.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BuildOptions, type Metafile, build } from 'esbuild';

/**
 * The Node.js major that production runs (the Lambda runtime) and that every
 * npm script, test and benchmark runs on (the pinned `node` dev dependency).
 * package.json's `engines`, `node` and `@types/node` and the CDK runtime are
 * checked against it by tests/unit/runtime.test.ts.
 */
export const NODE_MAJOR = 24;

export const LAMBDA_NODE_TARGET = `node${NODE_MAJOR}`;

const FUNCTIONS_DIR = dirname(fileURLToPath(import.meta.url));

export const LAMBDA_BUNDLE_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: LAMBDA_NODE_TARGET,
  minify: true,
  // Stack traces point into the TypeScript sources (NODE_OPTIONS=--enable-source-maps); the sources themselves stay out.
  sourcemap: true,
  sourcesContent: false,
  mainFields: ['module', 'main'],
  // ESM bundles of CommonJS dependencies need a `require` to load Node's built-ins.
  banner: { js: "import { createRequire as __createRequire } from 'node:module';const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
} satisfies BuildOptions;

/**
 * The most a function's bundle may weigh, gzip: every byte is read and
 * compiled at each cold start. Just above the heaviest measured with the SDK's
 * clients (about 185 KiB, a route with DynamoDB, S3 and the credential chain),
 * so a bundle that suddenly doubles fails tests/unit/bundle-budget.test.ts;
 * `npm run bundle:analyze` shows what weighs.
 */
export const LAMBDA_BUNDLE_BUDGET_GZIP_BYTES = 200 * 1024;

export const ENTRIES_DIR = join(FUNCTIONS_DIR, 'entries');

/** The file Lambda loads from a function's folder (handler `index.handler`), its source map beside it. */
export const LAMBDA_BUNDLE_FILE = 'index.mjs';

/** Entry file of each function: one per API route, plus the scheduled jobs. */
export function lambdaEntries(): { name: string; file: string }[] {
  return readdirSync(ENTRIES_DIR)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => ({ name: file.replace(/\.ts$/, ''), file: join(ENTRIES_DIR, file) }));
}

/**
 * Bundles the named entries (all when none are named) in one esbuild run,
 * each into `<outdir>/<name>/index.mjs` with its source map, as deployed.
 */
export async function bundleLambdas(outdir: string, names?: readonly string[]): Promise<Metafile> {
  const entries = lambdaEntries().filter((entry) => !names?.length || names.includes(entry.name));
  const result = await build({
    ...LAMBDA_BUNDLE_OPTIONS,
    entryPoints: entries.map((entry) => ({ in: entry.file, out: join(entry.name, 'index') })),
    outdir,
    outExtension: { '.js': '.mjs' },
    metafile: true,
  });
  return result.metafile;
}
