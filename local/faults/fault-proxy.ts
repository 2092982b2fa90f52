/**
 * A small HTTP proxy in front of one emulator: the local stack's SDK clients
 * talk to it instead of the emulator, so a fault can be switched on and off
 * while the stack runs, at the endpoint level, without the product's code
 * knowing. `refuse` closes the listening socket (new connections are refused,
 * as by a service that is down) and answers requests on connections still
 * open with the service's own 503 and `Connection: close`; `hang` holds every
 * request until the fault changes; `slow` holds each request for a while,
 * then forwards it.
 */
import {
  Agent,
  type IncomingMessage,
  type ServerResponse,
  createServer as createHttpServer,
  request as forward,
} from 'node:http';
import { type Server as NetServer, createServer as createNetServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { refuseForeignHost } from '../server/host-guard';
import { type Fault, type FaultService, SERVICE_UP } from './faults';
import { sendRefusal } from './refusals';

export interface FaultProxy {
  readonly service: FaultService;
  /** Where clients connect instead of the emulator. */
  readonly endpoint: string;
  readonly fault: Fault;
  /** Requests held right now (by `hang`, or waiting out `slow`). */
  readonly waiting: number;
  set(fault: Fault): Promise<void>;
  stop(): Promise<void>;
}

interface Exchange {
  request: IncomingMessage;
  response: ServerResponse;
}

function listenOn(server: NetServer, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port, exclusive: true }, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

const gone = ({ request, response }: Exchange) => request.destroyed || response.destroyed || response.writableEnded;

export async function startFaultProxy(options: {
  service: FaultService;
  target: string;
  host: string;
}): Promise<FaultProxy> {
  const target = new URL(options.target);
  const agent = new Agent({ keepAlive: true });
  let fault: Fault = SERVICE_UP;
  const held = new Set<Exchange>();
  const delayed = new Set<NodeJS.Timeout>();

  const pass = ({ request, response }: Exchange) => {
    const upstream = forward(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
        agent,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    // The emulator itself failing is not a fault we injected: the client sees a cut connection, as it would.
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  };

  const dispatch = (exchange: Exchange, delayServed = false) => {
    if (gone(exchange)) return;
    if (fault.mode === 'refuse') return sendRefusal(options.service, exchange.response);
    if (fault.mode === 'hang') return void held.add(exchange);
    if (fault.mode === 'slow' && !delayServed) {
      held.add(exchange);
      const timer = setTimeout(() => {
        delayed.delete(timer);
        held.delete(exchange);
        dispatch(exchange, true);
      }, fault.delayMs);
      return void delayed.add(timer);
    }
    pass(exchange);
  };

  const http = createHttpServer((request, response) => {
    if (refuseForeignHost(request, response)) return;
    request.on('error', () => undefined);
    response.on('error', () => undefined);
    dispatch({ request, response });
  });
  // Connections are accepted by a listener of our own, so `refuse` can close it while open connections stay with the HTTP server.
  const accept = () => createNetServer((socket) => http.emit('connection', socket));
  let listener: NetServer | undefined = accept();
  const port = await listenOn(listener, options.host, 0);

  const apply = async (next: Fault) => {
    if (next.mode === 'refuse') stopListening();
    else if (!listener) {
      listener = accept();
      await listenOn(listener, options.host, port);
    }
    fault = next;
    // Held requests meet the new fault: answered, refused, or delayed by the new amount.
    if (next.mode !== 'hang') {
      const waiting = [...held];
      held.clear();
      for (const timer of delayed) clearTimeout(timer);
      delayed.clear();
      for (const exchange of waiting) dispatch(exchange);
    }
  };
  // Changes apply one after the other, so two callers cannot interleave closing and reopening the listener.
  let changing = Promise.resolve();

  // The listening socket closes at once; close's callback would wait for every open connection, which stay with the HTTP server.
  const stopListening = () => {
    listener?.close();
    listener = undefined;
  };

  return {
    service: options.service,
    endpoint: `http://${options.host}:${port}`,
    get fault() {
      return fault;
    },
    get waiting() {
      return held.size;
    },
    set(next) {
      const change = changing.then(() => apply(next));
      changing = change.catch(() => undefined);
      return change;
    },
    async stop() {
      for (const timer of delayed) clearTimeout(timer);
      for (const { response } of held) response.destroy();
      held.clear();
      stopListening();
      http.closeAllConnections();
      agent.destroy();
    },
  };
}
