/**
 * The local API Gateway passes a request on as the REST API's 1.0 event and
 * writes a 1.0 result back as API Gateway does: each Set-Cookie of
 * `multiValueHeaders` on its own line.
 */
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LambdaHttpHandler } from '../../functions/platform/http/handler';
import { json, withCookies } from '../../functions/platform/http/response';
import { serveApi } from './api-gateway';

const events: APIGatewayProxyEvent[] = [];
const answerWithTwoCookies: LambdaHttpHandler = async (event) => {
  events.push(event);
  return withCookies(json(200, { ok: true }), ['a=1; Path=/api/login; HttpOnly', 'b=2; Path=/api/login; HttpOnly']);
};

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    void serveApi(request, response, url, { login: answerWithTwoCookies });
  });
  // Port 0: a free port of the system's choosing, nobody else's.
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the local API Gateway', () => {
  it('writes each Set-Cookie of a 1.0 result on its own line, with the other headers', async () => {
    const response = await fetch(`${base}/api/login?x=1&x=2`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"data":{}}',
    });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([
      'a=1; Path=/api/login; HttpOnly',
      'b=2; Path=/api/login; HttpOnly',
    ]);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ ok: true });
  });

  it('hands the handler the 1.0 event: the body as base64 bytes, repeated query names in the multi-value map', () => {
    const event = events.at(-1);
    expect(event).toMatchObject({
      httpMethod: 'POST',
      path: '/api/login',
      resource: '/api/login',
      isBase64Encoded: true,
    });
    expect(Buffer.from(event?.body ?? '', 'base64').toString('utf8')).toBe('{"data":{}}');
    expect(event?.multiValueQueryStringParameters).toEqual({ x: ['1', '2'] });
    expect(event?.queryStringParameters).toEqual({ x: '2' });
    expect(event?.requestContext.identity.sourceIp).toBe('127.0.0.1');
  });
});
