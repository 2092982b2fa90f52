/**
 * The event of API Gateway's REST API (Lambda proxy integration, payload
 * format 1.0) read as a request, and the 1.0 result the handlers answer.
 * The event below is written out in the shape AWS documents for that
 * integration, not made by the project's own event builder, so the reader is
 * checked against the stage's shape rather than against a copy of itself.
 */
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { NO_CALLER_IDENTITY } from '../../../local/server/rest-api-event';
import { apiEvent } from '../../../tests/support/fakes';
import { requestFromEvent } from './request';
import { json, withCookies } from './response';

const ORIGIN_SECRET = 'edge-secret';

/** A POST of `{"data":{"name":"김민수"}}` to /api/detail/{index} through CloudFront, with repeated headers and query names. */
function stageEvent(overrides: Partial<APIGatewayProxyEvent> = {}): APIGatewayProxyEvent {
  return {
    resource: '/api/detail/{index}',
    path: '/api/detail/42',
    httpMethod: 'POST',
    headers: {
      Host: 'abc123.execute-api.ap-northeast-2.amazonaws.com',
      'Content-Type': 'application/json',
      Cookie: 'b=2',
      'X-Origin-Verify': ORIGIN_SECRET,
      'CloudFront-Viewer-Address': '2001:db8::7:51000',
      'X-Viewer-Host': 'www.example.com',
      Accept: 'text/html',
    },
    multiValueHeaders: {
      Host: ['abc123.execute-api.ap-northeast-2.amazonaws.com'],
      'Content-Type': ['application/json'],
      Cookie: ['mt_signin_device=abc.def; a=1', 'b=2'],
      'X-Origin-Verify': [ORIGIN_SECRET],
      'CloudFront-Viewer-Address': ['2001:db8::7:51000'],
      'X-Viewer-Host': ['www.example.com'],
      Accept: ['application/json', 'text/html'],
    },
    queryStringParameters: { tag: 'b', page: '2' },
    multiValueQueryStringParameters: { tag: ['a', 'b'], page: ['2'] },
    pathParameters: { index: '42' },
    stageVariables: null,
    requestContext: {
      accountId: '123456789012',
      apiId: 'abc123',
      authorizer: undefined,
      protocol: 'HTTP/1.1',
      httpMethod: 'POST',
      identity: { ...NO_CALLER_IDENTITY, sourceIp: '130.176.1.1', userAgent: 'Amazon CloudFront' },
      path: '/live/api/detail/42',
      stage: 'live',
      requestId: 'c6af9ac6-7b61-11e6-9a41-93e8deadbeef',
      requestTimeEpoch: 1_700_000_000_000,
      resourceId: 'x1y2z3',
      resourcePath: '/api/detail/{index}',
    },
    body: Buffer.from(JSON.stringify({ data: { name: '김민수' } }), 'utf8').toString('base64'),
    isBase64Encoded: true,
    ...overrides,
  };
}

describe('requestFromEvent (REST API, payload format 1.0)', () => {
  it('reads the method, the path without the stage, the path parameters and the request id', () => {
    const request = requestFromEvent(stageEvent(), ORIGIN_SECRET);
    expect(request).toMatchObject({
      method: 'POST',
      path: '/api/detail/42',
      params: { index: '42' },
      requestId: 'c6af9ac6-7b61-11e6-9a41-93e8deadbeef',
    });
  });

  it('reads cookies from every Cookie header line (a 1.0 event has no cookies field)', () => {
    expect(requestFromEvent(stageEvent(), ORIGIN_SECRET).cookies).toEqual({
      mt_signin_device: 'abc.def',
      a: '1',
      b: '2',
    });
  });

  it('keeps every value of a repeated header or query name, joined with commas, not only the last one', () => {
    const request = requestFromEvent(stageEvent(), ORIGIN_SECRET);
    expect(request.headers['accept']).toBe('application/json,text/html');
    expect(request.query).toEqual({ tag: 'a,b', page: '2' });
    expect(request.headers['content-type']).toBe('application/json');
  });

  it('decodes a base64 body as UTF-8, and marks one that is not UTF-8 instead of guessing', () => {
    expect(requestFromEvent(stageEvent(), ORIGIN_SECRET)).toMatchObject({
      body: '{"data":{"name":"김민수"}}',
      bodyIsUtf8: true,
    });
    const broken = requestFromEvent(
      stageEvent({ body: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]).toString('base64') }),
      ORIGIN_SECRET,
    );
    expect(broken).toMatchObject({ body: '', bodyIsUtf8: false });
    expect(requestFromEvent(stageEvent({ body: '{"a":1}', isBase64Encoded: false }), ORIGIN_SECRET)).toMatchObject({
      body: '{"a":1}',
      bodyIsUtf8: true,
    });
    expect(requestFromEvent(stageEvent({ body: null, isBase64Encoded: false }), ORIGIN_SECRET)).toMatchObject({
      body: '',
      bodyIsUtf8: true,
    });
  });

  it("takes the viewer's address and host from CloudFront's headers only with the origin secret, else the source address", () => {
    expect(requestFromEvent(stageEvent(), ORIGIN_SECRET)).toMatchObject({
      viaCdn: true,
      clientAddress: '2001:db8::7',
      siteHost: 'www.example.com',
    });
    const direct = requestFromEvent(stageEvent(), 'another-secret');
    expect(direct).toMatchObject({
      viaCdn: false,
      clientAddress: '130.176.1.1',
      siteHost: 'abc123.execute-api.ap-northeast-2.amazonaws.com',
    });
  });

  it('reads an event with no query, no path parameters and no body', () => {
    const request = requestFromEvent(
      stageEvent({
        queryStringParameters: null,
        multiValueQueryStringParameters: null,
        pathParameters: null,
        body: null,
        isBase64Encoded: false,
      }),
    );
    expect(request).toMatchObject({ query: {}, params: {}, body: '' });
  });

  it('reads the events the unit tests and the local stack make the same way', () => {
    const request = requestFromEvent(
      apiEvent({
        method: 'GET',
        path: '/api/detail/7',
        params: { index: '7' },
        query: { page: '2' },
        headers: { Cookie: 'a=1' },
        sourceIp: '198.51.100.4',
      }),
    );
    expect(request).toMatchObject({
      method: 'GET',
      path: '/api/detail/7',
      params: { index: '7' },
      query: { page: '2' },
      cookies: { a: '1' },
      clientAddress: '198.51.100.4',
    });
  });
});

describe('the 1.0 result', () => {
  it('sends two cookies as two Set-Cookie lines in multiValueHeaders, keeping the other headers', () => {
    const answer = withCookies(json(200, { ok: true }), [
      'a=1; Path=/api/login; HttpOnly',
      'b=2; Path=/api/login; HttpOnly',
    ]);
    expect(answer.multiValueHeaders).toEqual({
      'Set-Cookie': ['a=1; Path=/api/login; HttpOnly', 'b=2; Path=/api/login; HttpOnly'],
    });
    expect(answer.headers).toMatchObject({
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
    });
    expect(answer).not.toHaveProperty('cookies');
    expect(answer).toMatchObject({ statusCode: 200, body: '{"ok":true}' });
  });
});
