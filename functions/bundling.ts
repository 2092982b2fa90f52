/**
 * How each Lambda entry is bundled, defined once for the CDK stack, the
 * benchmarks and the bundle budget test: ESM for the current Node runtime,
 * minified, with source maps, and the AWS SDK bundled in (the runtime's copy
 * is not pinned, and it lacks the presigned-post and storage helpers), its
 * default credential chain cut down to the step Lambda uses
 * (functions/lambda-credentials.ts).
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
};

export const LAMBDA_BUNDLE_OPTIONS: {
  bundle: true;
  platform: 'node';
  format: 'esm';
  target: string;
  minify: true;
  sourcemap: true;
  mainFields: string[];
  alias: Record<string, string>;
  banner: { js: string };
} = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: LAMBDA_NODE_TARGET,
  minify: true,
  sourcemap: true,
  mainFields: ['module', 'main'] as string[],
  alias: LAMBDA_BUNDLE_ALIASES,
  // ESM bundles of CommonJS dependencies need a `require` to load Node's built-ins.
  banner: { js: "import { createRequire as __createRequire } from 'node:module';const require = __createRequire(import.meta.url);" },
};

/**
 * The most a function's bundle may weigh, gzip (issue 13): every byte is read
 * and compiled at each cold start. tests/unit/bundle-budget.test.ts holds each
 * entry to it; `npm run bundle:analyze` shows what weighs.
 */
export const LAMBDA_BUNDLE_BUDGET_GZIP_BYTES = 100 * 1024;

export const ENTRIES_DIR = join(FUNCTIONS_DIR, 'entries');

/** Entry file of each function: one per API route, plus the scheduled jobs. */
export function lambdaEntries(): { name: string; file: string }[] {
  return readdirSync(ENTRIES_DIR)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => ({ name: file.replace(/\.ts$/, ''), file: join(ENTRIES_DIR, file) }));
}
