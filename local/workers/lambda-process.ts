/**
 * A bundled Lambda entry run as Lambda runs it: a fresh Node.js process with
 * the function's kind of environment (its settings, the region, credentials in
 * variables only, `--enable-source-maps`; here also the emulators' endpoints)
 * that imports the bundle and answers API Gateway events in turn, timed inside
 * that process, so Node's own start (Lambda's runtime start) is left out.
 * The cold-start benchmark times it; the bundle test checks its answers.
 */
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { ApiResponse } from '../../functions/platform/http/response';
import { API_ROUTES, type RouteName } from '../../shared/routes';
import type { LocalStack } from '../stack-types';
import { restApiEvent } from '../server/rest-api-event';

/** One request of a route: what the browser sends. */
export interface RouteRequest {
  headers?: Record<string, string>;
  body?: unknown;
  query?: string;
  /** The route path's `{name}` parameters. */
  params?: Record<string, string>;
}

export interface ProcessRun {
  /** Loading node:http as the SDK's HTTP handler does for a plain-HTTP endpoint, before the bundle (see CHILD). */
  httpImportMs: number;
  /** Importing the bundle: reading, compiling and running its top level (the handler is built then). */
  loadMs: number;
  /** Each event's answer and how long it took, in order. */
  answers: { ms: number; response: ApiResponse }[];
}

/**
 * What the child runs; plain JavaScript, so nothing but the bundle is loaded.
 * The emulators answer plain HTTP, and for a plain-HTTP endpoint the SDK's
 * HTTP handler loads node:http with a dynamic import, which in Node 24 builds
 * that module's ESM facade and with it undici and some fifty other modules:
 * 20-60 ms on this machine that Lambda never pays (its endpoints are HTTPS,
 * which the handler reaches through a static import). The child does that
 * import first, timed apart, so the cold start is the one Lambda has.
 */
const CHILD = `
const [bundle] = process.argv.slice(-1);
process.once('message', async (events) => {
  const beforeHttp = performance.now();
  await import('node:http');
  const httpImportMs = performance.now() - beforeHttp;
  const started = performance.now();
  const { handler } = await import(bundle);
  const loadMs = performance.now() - started;
  const answers = [];
  for (const event of events) {
    const before = performance.now();
    const response = await handler(event);
    answers.push({ ms: performance.now() - before, response });
  }
  process.send({ httpImportMs, loadMs, answers }, () => process.exit(0));
});
`;

/** The API Gateway (REST API, payload format 1.0) event of one request to a route of the local stack. */
export function apiEvent(
  route: RouteName,
  siteUrl: string,
  request: RouteRequest,
  requestId: string,
): APIGatewayProxyEvent {
  const { method, path: template } = API_ROUTES.find((candidate) => candidate.name === route) ?? {};
  if (!method || !template) throw new Error(`No route named ${route}`);
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(request.params?.[name] ?? ''));
  const host = new URL(siteUrl).host;
  const body = request.body === undefined ? undefined : JSON.stringify(request.body);
  return restApiEvent({
    method,
    resource: template,
    path,
    headers: {
      host,
      origin: siteUrl,
      'user-agent': 'local',
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...request.headers,
    },
    ...(request.query ? { query: request.query } : {}),
    ...(request.params ? { params: request.params } : {}),
    ...(body ? { body: Buffer.from(body, 'utf8') } : {}),
    sourceIp: '127.0.0.1',
    requestId,
  });
}

/** The environment Lambda gives the function: its settings, the region, credentials in variables; here the emulators' endpoints too. */
export function lambdaEnvironment(stack: Pick<LocalStack, 'aws' | 'settings'>): Record<string, string> {
  const { region, credentials, endpoints } = stack.aws;
  return {
    // No KMS emulator exists: a bundle that names the TOTP key gets one that answers nothing here, so it starts (sign-in
    // without two-factor runs), and a seal or an open fails as with KMS down. The local stack seals with its own key.
    TOTP_KEY_ID: 'alias/no-kms-on-this-machine',
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

/** Imports the bundle in a fresh process with `env` and answers the events one after another. */
export function runInFreshProcess(
  bundle: string,
  env: Record<string, string>,
  events: APIGatewayProxyEvent[],
): Promise<ProcessRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', CHILD, pathToFileURL(bundle).href], {
      env,
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.once('message', (run) => resolve(run as ProcessRun));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`${bundle} exited with ${code}`))));
    child.send(events);
  });
}
