/**
 * How each Lambda entry is bundled, defined once and used by everything that
 * bundles one: the CDK stack (infra/function-bundles.ts), the cold-start
 * benchmark, `npm run bundle:analyze` and the bundle budget test. ESM for the
 * current Node runtime, minified, with source maps, and the AWS SDK bundled in
 * (the runtime's copy is not pinned), its default credential chain cut down to
 * the step Lambda uses (functions/lambda-credentials.ts), its event-stream
 * support left out (functions/lambda-no-event-streams.ts), its endpoint cache
 * on a plain Map (functions/lambda-lru-cache.ts), and its schemas made
 * tree-shakable and its clients' manifests cut to their version
 * (functions/bundle-plugins.ts). Plugins run only in esbuild's
 * JavaScript API, which is why CDK bundles through it too rather than through
 * NodejsFunction's command line.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BuildOptions, type Metafile, build } from 'esbuild';
import { sdkManifestVersionOnly, sdkSchemaPlainKeys } from './bundle-plugins';

/**
 * The Node.js major that production runs (the Lambda runtime) and that every
 * npm script, test and benchmark runs on (the pinned `node` dev dependency).
 * package.json's `engines`, `node` and `@types/node` and the CDK runtime are
 * checked against it by tests/unit/runtime.test.ts.
 */
export const NODE_MAJOR = 24;

export const LAMBDA_NODE_TARGET = `node${NODE_MAJOR}`;

const FUNCTIONS_DIR = dirname(fileURLToPath(import.meta.url));

/** Packages replaced in the bundles, each by a module of ours that says why. */
export const LAMBDA_BUNDLE_ALIASES: Record<string, string> = {
  '@aws-sdk/credential-provider-node': join(FUNCTIONS_DIR, 'lambda-credentials.ts'),
  '@smithy/core/event-streams': join(FUNCTIONS_DIR, 'lambda-no-event-streams.ts'),
  'mnemonist/lru-cache': join(FUNCTIONS_DIR, 'lambda-lru-cache.ts'),
};

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
  alias: LAMBDA_BUNDLE_ALIASES,
  plugins: [sdkSchemaPlainKeys(), sdkManifestVersionOnly()],
  // ESM bundles of CommonJS dependencies need a `require` to load Node's built-ins.
  banner: { js: "import { createRequire as __createRequire } from 'node:module';const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
} satisfies BuildOptions;

/**
 * The most a function's bundle may weigh, gzip (issue 13): every byte is read
 * and compiled at each cold start. tests/unit/bundle-budget.test.ts holds each
 * entry to it; `npm run bundle:analyze` shows what weighs.
 */
export const LAMBDA_BUNDLE_BUDGET_GZIP_BYTES = 100 * 1024;

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
