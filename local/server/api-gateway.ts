/**
 * The API Gateway (HTTP API, payload v2) of the local stack: turns a Node
 * request into the event Lambda would get, calls the route's handler, and
 * writes its result back, so local runs exercise the very same handlers.
 */
import { isUtf8 } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { API_ROUTES, type ApiRoute } from '../../shared/routes';
import { matchRoutePath } from '../../shared/route-paths';
import type { LambdaHttpHandler } from '../../functions/http/handler';
import { readBody } from './read-body';

/** API Gateway's own payload limit. */
const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;

const TEXT_TYPES = /^(application\/(json|x-www-form-urlencoded|xml)|text\/)/i;

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

export function toEvent(request: IncomingMessage, url: URL, route: ApiRoute, params: Record<string, string>, body: Buffer): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const name of new Set(url.searchParams.keys())) query[name] = url.searchParams.getAll(name).join(',');
  // Text that is not UTF-8 goes as bytes (base64), as binary does: decoding it here would hide the broken bytes from the handler.
  const isText = body.length === 0 || (TEXT_TYPES.test(headers['content-type'] ?? '') && isUtf8(body));
  const now = Date.now();
  const method = request.method ?? 'GET';
  return {
    version: '2.0',
    routeKey: `${route.method} ${route.path}`,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(Object.keys(params).length ? { pathParameters: params } : {}),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers['host'] ?? 'localhost',
      domainPrefix: 'local',
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: `${route.method} ${route.path}`,
      stage: '$default',
      time: new Date(now).toUTCString(),
      timeEpoch: now,
    },
    ...(body.length ? { body: isText ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: body.length > 0 && !isText,
  };
}

/** Handles `/api/*`; answers 404 or 405 like API Gateway for paths and methods it does not know. */
export async function serveApi(
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  handlers: Record<string, LambdaHttpHandler>,
): Promise<void> {
  const matches = API_ROUTES.map((route) => ({ route, params: matchRoutePath(route.path, url.pathname) })).filter((match) => match.params);
  const match = matches.find((candidate) => candidate.route.method === request.method);
  if (!match?.params) {
    if (matches.length) return sendJson(response, 405, { error: 'method_not_allowed', message: `Use ${matches.map((m) => m.route.method).join(' or ')}.` });
    return sendJson(response, 404, { error: 'not_found', message: 'There is no such API route.' });
  }
  const body = await readBody(request, MAX_PAYLOAD_BYTES);
  if (!body) return sendJson(response, 413, { error: 'payload_too_large', message: 'The request body is too large.' });
  const handler = handlers[match.route.name];
  if (!handler) throw new Error(`No handler for ${match.route.name}`);
  const result = await handler(toEvent(request, url, match.route, match.params, body));
  const headers: Record<string, string | string[]> = { ...result.headers };
  if (result.cookies?.length) headers['Set-Cookie'] = result.cookies;
  response.writeHead(result.statusCode, headers);
  response.end(result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : undefined);
}
