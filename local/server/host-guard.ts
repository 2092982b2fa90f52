/**
 * DNS rebinding defence for every local server (site and API, mailbox, the
 * emulators): a page on another site whose host name is made to point at
 * 127.0.0.1 reaches these ports, but its requests carry its own host name.
 * Only requests addressed to this machine by IP or `localhost` are answered.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

const LOCAL_HOST = /^(127(?:\.\d{1,3}){3}|localhost|\[::1\])(?::\d{1,5})?$/i;

/** Whether a request's Host header names this machine (any loopback address or `localhost`, any port). */
export function isLocalHost(host: string | undefined): boolean {
  return host !== undefined && LOCAL_HOST.test(host);
}

export function refuseForeignHost(request: IncomingMessage, response: ServerResponse): boolean {
  if (isLocalHost(request.headers.host)) return false;
  response.writeHead(421, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' });
  response.end('This server answers only requests addressed to 127.0.0.1 or localhost.');
  return true;
}

/**
 * Puts the host check in front of a server's own request handlers (for
 * servers a library made: the mailbox, dynalite). Servers of ours call
 * `refuseForeignHost` themselves.
 */
export function guardHost(server: Server): Server {
  const handlers = server.listeners('request') as ((request: IncomingMessage, response: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (refuseForeignHost(request, response)) return;
    for (const handler of handlers) handler.call(server, request, response);
  });
  return server;
}
