/**
 * What each Lambda bundle weighs: built in memory with the deployed settings
 * (functions/bundling/bundling.ts, without the source map, which is not loaded to run
 * the code), its minified and gzip size, and from esbuild's metafile the bytes
 * each package or source file puts into it. Used by `npm run bundle:analyze`,
 * `npm run bench:api` and the bundle budget test.
 */
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { LAMBDA_BUNDLE_OPTIONS, entryPointOf, lambdaEntries, lambdaPlugins } from './bundling';

export interface BundleInput {
  /** A package (`@aws-sdk/client-s3`) or a source file of this repository (`functions/platform/lambda.ts`). */
  name: string;
  /** Minified bytes it adds to the bundle. */
  bytes: number;
}

export interface BundleWeight {
  name: string;
  bytes: number;
  gzipBytes: number;
  /** Heaviest first. */
  inputs: BundleInput[];
}

/** `node_modules/@scope/name/...` and `node_modules/name/...` count as their package; other paths as themselves. */
export function packageOf(path: string): string {
  const inPackage = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path);
  return inPackage?.[1] ?? path;
}

function inputsOf(output: Metafile['outputs'][string]): BundleInput[] {
  const byName = new Map<string, number>();
  for (const [path, { bytesInOutput }] of Object.entries(output.inputs)) {
    const name = packageOf(path);
    byName.set(name, (byName.get(name) ?? 0) + bytesInOutput);
  }
  return [...byName].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes);
}

/** Every entry (or the named ones), in one esbuild run: each entry point still gets a bundle of its own. */
export async function weighLambdaBundles(names?: readonly string[]): Promise<BundleWeight[]> {
  const entries = await lambdaEntries(names);
  if (entries.length === 0) return [];
  const result = await build({
    ...LAMBDA_BUNDLE_OPTIONS,
    plugins: lambdaPlugins(entries),
    entryPoints: Object.fromEntries(entries.map((entry) => [entry.name, entryPointOf(entry)])),
    outdir: 'lambda-bundles',
    write: false,
    sourcemap: false,
    metafile: true,
    logLevel: 'silent',
  });
  const outputs = Object.entries(result.metafile.outputs);
  return entries.map((entry) => {
    const [path, output] = outputs.find(([, candidate]) => candidate.entryPoint === entryPointOf(entry)) ?? [];
    const code = result.outputFiles.find((file) => path && file.path.endsWith(path))?.contents;
    if (!output || !code) throw new Error(`esbuild wrote no bundle for ${entry.name}`);
    return { name: entry.name, bytes: code.length, gzipBytes: gzipSync(code).length, inputs: inputsOf(output) };
  });
}
