/**
 * Cold starts of the public routes, as Lambda has them: each route's bundle
 * is built as deployed (minified, with its source map beside it), and each
 * run is a fresh Node process, with Lambda's kind of environment (the
 * function's settings, credentials in variables, `--enable-source-maps`),
 * that imports the bundle and answers a first and then a second request
 * against the local stack's emulators. Timed inside that process, from just
 * before the import, so Node's own start (Lambda's runtime start) is left out.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { API_ROUTES, type RouteName } from '../shared/routes';
import { LAMBDA_BUNDLE_FILE, bundleLambdas } from '../functions/bundling';
import type { ScratchStack } from '../local/scratch-stack';

/** One request of a route: what the browser sends. */
export interface ColdRequest {
  headers?: Record<string, string>;
  body?: unknown;
}

export interface ColdStartRun {
  /** Importing the bundle: reading, compiling and running its top level (the handler is built then). */
  loadMs: number;
  /** The first answer after that, with its first connections to the services. */
  firstMs: number;
  /** The same request answered again by the now warm process. */
  warmMs: number;
  statuses: [number, number];
}

/** What the child runs; plain JavaScript, so nothing but the bundle is loaded. */
const CHILD = `
const [bundle] = process.argv.slice(-1);
process.once('message', async ({ first, second }) => {
  const started = performance.now();
  const { handler } = await import(bundle);
  const loaded = performance.now();
  const a = await handler(first);
  const answered = performance.now();
  const b = await handler(second);
  const warm = performance.now();
  process.send({ loadMs: loaded - started, firstMs: answered - loaded, warmMs: warm - answered, statuses: [a.statusCode, b.statusCode] }, () => process.exit(0));
});
`;

function eventFor(route: RouteName, siteUrl: string, request: ColdRequest, requestId: string): APIGatewayProxyEventV2 {
  const { method, path } = API_ROUTES.find((candidate) => candidate.name === route) ?? {};
  if (!method || !path) throw new Error(`No route named ${route}`);
  const host = new URL(siteUrl).host;
  const body = request.body === undefined ? undefined : JSON.stringify(request.body);
  const headers = { host, origin: siteUrl, ...(body ? { 'content-type': 'application/json' } : {}), ...request.headers };
  return {
    version: '2.0',
    routeKey: `${method} ${path}`,
    rawPath: path,
    rawQueryString: '',
    headers,
    requestContext: {
      accountId: 'bench',
      apiId: 'bench',
      domainName: host,
      domainPrefix: 'bench',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'bench' },
      requestId,
      routeKey: `${method} ${path}`,
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
    ...(body ? { body } : {}),
    isBase64Encoded: false,
  };
}

/** The environment Lambda gives the function: its settings, the region, credentials in variables; here the emulators' endpoints too. */
function lambdaEnvironment(stack: ScratchStack): Record<string, string> {
  const { region, credentials, endpoints } = stack.aws;
  return {
    ...stack.settings,
    PATH: process.env['PATH'] ?? '',
    AWS_REGION: region ?? '',
    AWS_ACCESS_KEY_ID: credentials?.accessKeyId ?? '',
    AWS_SECRET_ACCESS_KEY: credentials?.secretAccessKey ?? '',
    AWS_ENDPOINT_URL_DYNAMODB: endpoints?.dynamodb ?? '',
    AWS_ENDPOINT_URL_SESV2: endpoints?.ses ?? '',
    AWS_ENDPOINT_URL_S3: endpoints?.s3 ?? '',
    LOG_LEVEL: 'SILENT',
    NODE_OPTIONS: '--enable-source-maps',
  };
}

function runOnce(bundle: string, env: Record<string, string>, first: APIGatewayProxyEventV2, second: APIGatewayProxyEventV2): Promise<ColdStartRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', CHILD, pathToFileURL(bundle).href], { env, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    child.once('message', (run) => resolve(run as ColdStartRun));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`the cold start of ${bundle} exited with ${code}`))));
    child.send({ first, second });
  });
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
        const [first, second] = requests(route, run).map((request, i) => eventFor(route, stack.url, request, `cold-${run}-${i}`));
        results.get(route)?.push(await runOnce(bundles.get(route) ?? '', env, first!, second!));
      }
    }
    return results;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
