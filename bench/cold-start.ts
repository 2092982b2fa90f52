/**
 * Cold starts of the public routes, as Lambda has them: each route's bundle
 * is built as deployed (minified, with its source map beside it), and each
 * run is a fresh Node process with Lambda's kind of environment
 * (local/workers/lambda-process.ts) that imports the bundle and answers a first and
 * then a second request against the local stack's emulators.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RouteName } from '../shared/routes';
import { LAMBDA_BUNDLE_FILE, bundleLambdas } from '../functions/bundling/bundling';
import { type RouteRequest, apiEvent, lambdaEnvironment, runInFreshProcess } from '../local/workers/lambda-process';
import type { ScratchStack } from '../local/scratch-stack';

export type ColdRequest = RouteRequest;

export interface ColdStartRun {
  /** Loading node:http for the emulators' plain HTTP, before the bundle: a local cost Lambda does not have (local/workers/lambda-process.ts). */
  httpImportMs: number;
  /** Importing the bundle: reading, compiling and running its top level (the handler is built then). */
  loadMs: number;
  /** The first answer after that, with its first connections to the services. */
  firstMs: number;
  /** The same request answered again by the now warm process. */
  warmMs: number;
  statuses: [number, number];
}

/**
 * `runs` cold starts of each route, the routes taking turns so a busy spell
 * of the machine spreads over all of them. `requests(route, run)` gives the
 * two requests of one run (say, two distinct enquiries).
 */
export async function measureColdStarts(
  stack: ScratchStack,
  routes: readonly RouteName[],
  requests: (route: RouteName, run: number) => [ColdRequest, ColdRequest],
  runs: number,
): Promise<Map<RouteName, ColdStartRun[]>> {
  const folder = mkdtempSync(join(tmpdir(), 'mt-cold-'));
  try {
    // Each route's bundle as CDK deploys it (infra/function-bundles.ts): minified, the source map in a file beside it.
    await bundleLambdas(folder, routes);
    const bundles = new Map<RouteName, string>(routes.map((route) => [route, join(folder, route, LAMBDA_BUNDLE_FILE)]));
    const env = lambdaEnvironment(stack);
    const results = new Map<RouteName, ColdStartRun[]>(routes.map((route) => [route, []]));
    for (let run = 0; run < runs; run += 1) {
      for (const route of routes) {
        const events = requests(route, run).map((request, i) =>
          apiEvent(route, stack.url, request, `cold-${run}-${i}`),
        );
        const { httpImportMs, loadMs, answers } = await runInFreshProcess(bundles.get(route) ?? '', env, events);
        const [first, second] = answers;
        results.get(route)?.push({
          httpImportMs,
          loadMs,
          firstMs: first?.ms ?? Number.NaN,
          warmMs: second?.ms ?? Number.NaN,
          statuses: [first?.response.statusCode ?? 0, second?.response.statusCode ?? 0],
        });
      }
    }
    return results;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
