/**
 * The local server's request handling: the site, `/image/*` and `/api/*` on
 * one origin, as the CDN serves them in production. It survives any request:
 * every parse is inside the error handling, a malformed request gets a 400
 * (431 for oversized headers), a client that goes away is not an error, and a
 * request addressed to another host name (DNS rebinding) is refused.
 */
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import { REDIRECT_CACHE_CONTROL, imageObjectKey, rewritePath } from '../../shared/rewrite';
import { IMAGE_PATH_PREFIX } from '../../shared/packages/uploads';
import type { LambdaHttpHandler } from '../../functions/platform/http/handler';
import type { Log } from '../../functions/platform/logging';
import { serveApi } from './api-gateway';
import { refuseForeignHost } from './host-guard';
import type { LocalSecurityHeaders } from './security-headers';
import { serveStatic } from './static-files';

/** What the server needs to answer requests; set once the emulators and tables are up. */
export interface Ready {
  handlers?: Record<string, LambdaHttpHandler>;
  serveImage?: (key: string, response: ServerResponse) => Promise<void>;
  headers?: LocalSecurityHeaders;
}

/** Parsed against a fixed base: the Host header never takes part (it is checked, not trusted). */
function requestUrl(request: IncomingMessage): URL | undefined {
  try {
    return new URL(request.url ?? '/', 'http://localhost');
  } catch {
    return undefined;
  }
}

function plain(response: ServerResponse, status: number, text: string, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
  response.end(text);
}

/** A client that closed the connection before its answer: nothing to answer, nothing to report. */
function clientWentAway(request: IncomingMessage, response: ServerResponse, error: unknown): boolean {
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  return (
    request.destroyed ||
    response.destroyed ||
    code === 'ECONNRESET' ||
    code === 'ECONNABORTED' ||
    code === 'ERR_STREAM_PREMATURE_CLOSE'
  );
}

/**
 * The raw answer to a request Node refused to parse, on a closed connection:
 * 431 for headers too large, else 400. Under `/api/` it is a JSON error body
 * as every other API refusal is, so a client reads one shape of error. The
 * path comes from the request line in the packet Node failed on (a request's
 * head arrives in one packet from any client we know; if not, plain text).
 */
function unparsableRequestAnswer(code: string | undefined, rawPacket: Buffer | undefined): string {
  const tooLarge = code === 'HPE_HEADER_OVERFLOW';
  const [status, reason] = tooLarge ? [431, 'Request Header Fields Too Large'] : [400, 'Bad Request'];
  const requestLine = rawPacket?.subarray(0, 8_192).toString('latin1').split('\r\n')[0] ?? '';
  const isApi = requestLine.split(' ')[1]?.startsWith('/api/') ?? false;
  const body = isApi
    ? JSON.stringify({
        error: tooLarge ? 'headers_too_large' : 'bad_request',
        message: tooLarge ? 'The request headers are too large.' : 'The request could not be read.',
      })
    : reason;
  const type = isApi ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8';
  return `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

export function createSiteServer(siteRoot: string, ready: Ready, log: Log): Server {
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    if (refuseForeignHost(request, response)) return;
    const url = requestUrl(request);
    if (!url) return plain(response, 400, 'Bad request');
    const { handlers, serveImage, headers } = ready;
    if (!handlers || !serveImage || !headers) return plain(response, 503, 'Starting', { 'Retry-After': '1' });

    const isApi = url.pathname.startsWith('/api/');
    for (const [name, value] of Object.entries(isApi ? headers.api : headers.page)) response.setHeader(name, value);
    if (isApi) return serveApi(request, response, url, handlers);
    if (url.pathname.startsWith(IMAGE_PATH_PREFIX)) {
      const image = imageObjectKey(url.pathname);
      if ('status' in image)
        return plain(response, image.status, image.status === 400 ? 'Bad image name' : 'Not found');
      return serveImage(image.key, response);
    }
    // The same rewrite the CloudFront Function does: alias redirects, the detail shell, folder indexes.
    const rewrite = rewritePath(url.pathname);
    if (rewrite.redirect) {
      response.writeHead(301, {
        Location: `${rewrite.redirect}${url.search}`,
        'Cache-Control': REDIRECT_CACHE_CONTROL,
      });
      return response.end();
    }
    return serveStatic(
      response,
      siteRoot,
      rewrite.path ?? url.pathname,
      String(request.headers['accept-encoding'] ?? ''),
    );
  };

  const server = createServer((request, response) => {
    // A reset connection surfaces as stream errors; the handler below decides what they mean.
    request.on('error', () => undefined);
    response.on('error', () => undefined);
    handle(request, response).catch((error: unknown) => {
      if (clientWentAway(request, response, error)) return;
      log.error('local server failure', {
        errorName: error instanceof Error ? error.name : typeof error,
        errorMessage: error instanceof Error ? error.message : undefined,
      });
      if (!response.headersSent) plain(response, 500, 'Internal error');
      else response.destroy();
    });
  });
  // A request Node cannot parse (a broken request line or header, or headers past Node's 16 KiB) gets its answer here.
  server.on('clientError', (error: Error & { code?: string; rawPacket?: Buffer }, socket) => {
    if (socket.writable) socket.end(unparsableRequestAnswer(error.code, error.rawPacket));
    else socket.destroy();
  });
  return server;
}
