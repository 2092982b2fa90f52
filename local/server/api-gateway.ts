/**
 * The API Gateway (REST API, Lambda proxy integration, payload format 1.0) of
 * the local stack: turns a Node request into the event Lambda would get, calls
 * the route's handler, and writes its result back, so local runs exercise the
 * very same handlers. No web ACL here: the local stack has no origin secret.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { API_ERROR_CODES, NO_SUCH_ROUTE } from '../../shared/api-error';
import { API_ROUTES, type ApiRoute } from '../../shared/routes';
import { matchRoutePath } from '../../shared/platform/route-paths';
import type { LambdaHttpHandler } from '../../functions/platform/http/handler';
import type { ApiResponse } from '../../functions/platform/http/response';
import { readBody } from './read-body';
import { restApiEvent } from './rest-api-event';

/** API Gateway's own payload limit. */
const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

export function toEvent(
  request: IncomingMessage,
  url: URL,
  route: ApiRoute,
  params: Record<string, string>,
  body: Buffer,
): APIGatewayProxyEvent {
  // Node joins most repeated headers with commas, but keeps Set-Cookie apart and Cookie joined with '; ': as sent, near enough.
  return restApiEvent({
    method: request.method ?? 'GET',
    resource: route.path,
    path: url.pathname,
    headers: request.headers,
    query: url.search.slice(1),
    params,
    body,
    sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
    requestId: randomUUID(),
  });
}

/**
 * The headers of a 1.0 result as API Gateway sends them: `headers` and
 * `multiValueHeaders` merged, the multi-value entries winning for a name in both.
 */
export function resultHeaders(result: ApiResponse): Record<string, string | string[]> {
  return { ...result.headers, ...result.multiValueHeaders };
}

/** Handles `/api/*`; answers 404 or 405 like API Gateway for paths and methods it does not know. */
export async function serveApi(
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  handlers: Record<string, LambdaHttpHandler>,
): Promise<void> {
  const matches = API_ROUTES.map((route) => ({ route, params: matchRoutePath(route.path, url.pathname) })).filter(
    (match) => match.params,
  );
  const match = matches.find((candidate) => candidate.route.method === request.method);
  if (!match?.params) {
    if (matches.length)
      return sendJson(response, 405, {
        error: 'method_not_allowed',
        message: `Use ${matches.map((m) => m.route.method).join(' or ')}.`,
      });
    return sendJson(response, API_ERROR_CODES[NO_SUCH_ROUTE.error], NO_SUCH_ROUTE);
  }
  const body = await readBody(request, MAX_PAYLOAD_BYTES);
  if (!body) return sendJson(response, 413, { error: 'payload_too_large', message: 'The request body is too large.' });
  const handler = handlers[match.route.name];
  if (!handler) throw new Error(`No handler for ${match.route.name}`);
  const result = await handler(toEvent(request, url, match.route, match.params, body));
  response.writeHead(result.statusCode, resultHeaders(result));
  response.end(result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : undefined);
}
