/**
 * The fault control endpoint of the local stack: on 127.0.0.1 only, on a free
 * port, and only for callers that present the random key made at start
 * (`Authorization: Bearer <key>`), so a page open in the developer's browser
 * cannot switch services off. `npm run fault` is its client.
 *
 *   GET    /faults            every service's fault and how many requests it holds
 *   PUT    /faults/{service}  {"mode": "up" | "refuse" | "hang" | "slow", "delayMs"?: n}
 *   DELETE /faults            every service back up
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer } from '../emulators/loopback';
import { refuseForeignHost } from '../server/host-guard';
import { readBody } from '../server/read-body';
import { FAULT_SERVICES, type Fault, type FaultService, SERVICE_UP, faultFromJson, isFaultService } from './faults';

export interface ServiceFaultState {
  fault: Fault;
  /** Requests the service holds right now (hung or slowed). */
  waiting: number;
}

export type FaultState = Record<FaultService, ServiceFaultState>;

/** What the control endpoint switches: the proxies of the stack. */
export interface FaultSwitch {
  state(): FaultState;
  set(service: FaultService, fault: Fault): Promise<void>;
}

export interface FaultControl {
  url: string;
  key: string;
  stop(): Promise<void>;
}

const MAX_BODY_BYTES = 1024;

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end(JSON.stringify(body));
}

function presentsKey(request: IncomingMessage, key: string): boolean {
  const given = Buffer.from(/^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '');
  const expected = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function handle(request: IncomingMessage, response: ServerResponse, faults: FaultSwitch, key: string) {
  if (refuseForeignHost(request, response)) return;
  if (!presentsKey(request, key))
    return send(response, 401, {
      error: 'unauthorized',
      message: 'Send the key printed at start as Authorization: Bearer <key>.',
    });
  const path = new URL(request.url ?? '/', 'http://control').pathname;
  if (path === '/faults' && request.method === 'GET') return send(response, 200, faults.state());
  if (path === '/faults' && request.method === 'DELETE') {
    for (const service of Object.keys(faults.state()) as FaultService[]) await faults.set(service, SERVICE_UP);
    return send(response, 200, faults.state());
  }
  const service = /^\/faults\/([a-z0-9]+)$/.exec(path)?.[1];
  if (service === undefined)
    return send(response, 404, { error: 'not_found', message: 'GET /faults, PUT /faults/{service}, DELETE /faults' });
  if (!isFaultService(service))
    return send(response, 404, { error: 'not_found', message: `No service ${service}: ${FAULT_SERVICES.join(', ')}` });
  if (request.method !== 'PUT') return send(response, 405, { error: 'method_not_allowed', message: 'Use PUT' });
  const body = await readBody(request, MAX_BODY_BYTES);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body?.toString('utf8') ?? '');
  } catch {
    return send(response, 400, { error: 'invalid_json', message: 'The body is not JSON' });
  }
  const fault = faultFromJson(parsed);
  if (typeof fault === 'string') return send(response, 400, { error: 'invalid_input', message: fault });
  await faults.set(service, fault);
  return send(response, 200, faults.state());
}

export async function startFaultControl(faults: FaultSwitch, host: string): Promise<FaultControl> {
  const key = randomBytes(24).toString('base64url');
  const server = createServer((request, response) => {
    handle(request, response, faults, key).catch((error: unknown) => {
      if (!response.headersSent)
        send(response, 500, {
          error: 'fault_control_failed',
          message: error instanceof Error ? error.message : String(error),
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  return { url: `http://${host}:${(server.address() as AddressInfo).port}`, key, stop: () => closeServer(server) };
}
