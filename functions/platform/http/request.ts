import { timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import {
  ORIGIN_VERIFY_HEADER as ORIGIN_VERIFY_NAME,
  VIEWER_ADDRESS_HEADER as VIEWER_ADDRESS_NAME,
  VIEWER_HOST_HEADER as VIEWER_HOST_NAME,
} from '../../../shared/origin-headers';
import { ApiError } from './errors';

/** Largest request body any route reads (the longest enquiry is far below it). */
export const MAX_BODY_BYTES = 64 * 1024;

export interface ApiRequest {
  method: string;
  path: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  query: Record<string, string>;
  params: Record<string, string>;
  body: string;
  /** False when the body's bytes are not UTF-8 (it is then read as empty, and refused wherever a body is read). */
  bodyIsUtf8: boolean;
  clientAddress: string;
  /** The host name and port the visitor addressed (the site's own, behind CloudFront). */
  siteHost: string;
  /** Whether the request came through our CloudFront (it carries the origin secret). */
  viaCdn: boolean;
  /** Cookies by name. */
  cookies: Record<string, string>;
  requestId: string;
}

/** The shared header names as `requestFromEvent` keeps them (lower case). CloudFront's viewer address is `IP:port`, IPv6 unbracketed. */
export const ORIGIN_VERIFY_HEADER = ORIGIN_VERIFY_NAME.toLowerCase();
export const VIEWER_ADDRESS_HEADER = VIEWER_ADDRESS_NAME.toLowerCase();
export const VIEWER_HOST_HEADER = VIEWER_HOST_NAME.toLowerCase();

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether the request carries CloudFront's origin secret (only CloudFront knows it). */
export function cameViaCdn(headers: Record<string, string>, originSecret: string): boolean {
  const proof = headers[ORIGIN_VERIFY_HEADER];
  return originSecret !== '' && proof !== undefined && sameSecret(proof, originSecret);
}

/**
 * The visitor's address. Behind CloudFront the source address is the edge's,
 * so the viewer-address header is used, but only when the request carries the
 * origin secret: anyone can call the API endpoint directly and forge headers.
 */
export function clientAddressOf(headers: Record<string, string>, sourceIp: string, originSecret: string): string {
  const viewer = headers[VIEWER_ADDRESS_HEADER];
  if (!viewer || !cameViaCdn(headers, originSecret)) return sourceIp;
  const port = viewer.lastIndexOf(':');
  return port > 0 ? viewer.slice(0, port) : sourceIp;
}

/** Cookies by name, from the Cookie header (`a=1; b=2`). */
function cookiesOf(cookieHeader: string): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const pair of cookieHeader.split(';')) {
    const equals = pair.indexOf('=');
    if (equals > 0) cookies[pair.slice(0, equals).trim()] = pair.slice(equals + 1).trim();
  }
  return cookies;
}

type MultiValues = Record<string, string[] | undefined> | null | undefined;
type SingleValues = Record<string, string | undefined> | null | undefined;

/**
 * One value per name, from the event's two maps: API Gateway (REST API,
 * payload format 1.0) keeps only the last of a repeated name in the single-value
 * map and all of them in the multi-value one, so repeated values are joined
 * with `separator` (a comma, as HTTP does; `; ` for Cookie headers).
 */
function joinedValues(
  single: SingleValues,
  multi: MultiValues,
  rename: (name: string) => string,
  separator: (name: string) => string,
): Record<string, string> {
  const joined: Record<string, string> = {};
  for (const [name, value] of Object.entries(single ?? {})) if (value !== undefined) joined[rename(name)] = value;
  for (const [name, values] of Object.entries(multi ?? {}))
    if (values?.length) joined[rename(name)] = values.join(separator(rename(name)));
  return joined;
}

/** The bytes as text, or `undefined` when they are not UTF-8 (a lenient decoding would store U+FFFD in their place, silently). */
function utf8Text(bytes: Buffer): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * The request of an API Gateway REST API event (Lambda proxy integration,
 * payload format 1.0). Every body comes as base64 bytes (the API takes every
 * media type as binary, infra/constructs/api/api.ts) and is read as UTF-8 here.
 */
export function requestFromEvent(event: APIGatewayProxyEvent, originSecret = ''): ApiRequest {
  const headers = joinedValues(
    event.headers,
    event.multiValueHeaders,
    (name) => name.toLowerCase(),
    (name) => (name === 'cookie' ? '; ' : ','),
  );
  const query = joinedValues(
    event.queryStringParameters,
    event.multiValueQueryStringParameters,
    (name) => name,
    () => ',',
  );
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(event.pathParameters ?? {})) if (value !== undefined) params[name] = value;
  const raw = event.body ?? '';
  const body = event.isBase64Encoded ? utf8Text(Buffer.from(raw, 'base64')) : raw;
  const viaCdn = cameViaCdn(headers, originSecret);
  return {
    method: event.httpMethod,
    path: event.path,
    headers,
    query,
    params,
    body: body ?? '',
    bodyIsUtf8: body !== undefined,
    clientAddress: clientAddressOf(headers, event.requestContext.identity.sourceIp, originSecret),
    siteHost: ((viaCdn ? headers[VIEWER_HOST_HEADER] : headers['host']) ?? '').toLowerCase(),
    viaCdn,
    cookies: cookiesOf(headers['cookie'] ?? ''),
    requestId: event.requestContext.requestId,
  };
}

export function mediaType(request: ApiRequest): string {
  return (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** Refuses a body too large, or one that is not UTF-8 text, before it is parsed. */
function checkSize(request: ApiRequest) {
  if (Buffer.byteLength(request.body, 'utf8') > MAX_BODY_BYTES) {
    throw new ApiError('payload_too_large', `The request body is larger than ${MAX_BODY_BYTES / 1024} KB.`);
  }
  if (!request.bodyIsUtf8) throw new ApiError('invalid_input', 'The body is not UTF-8 text.', { body: 'UTF-8 text' });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The JSON body's payload. The contract wraps payloads as `{ data: {...} }`;
 * a bare object is accepted too. An empty body reads as `{}`. A body must say
 * it is JSON: an untyped one (a no-cors `fetch`, `sendBeacon` from another
 * site) is refused, never guessed.
 */
export function jsonPayload(request: ApiRequest): Record<string, unknown> {
  checkSize(request);
  if (request.body.trim() === '') return {};
  if (mediaType(request) !== 'application/json') {
    throw new ApiError('unsupported_media_type', 'Send the body as application/json.');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(request.body);
  } catch {
    throw new ApiError('invalid_json', 'The body is not valid JSON.');
  }
  if (!isObject(parsed))
    throw new ApiError('invalid_input', 'The body must be a JSON object.', { body: 'A JSON object' });
  if ('data' in parsed) {
    if (!isObject(parsed['data']))
      throw new ApiError('invalid_input', 'data must be an object.', { data: 'An object' });
    return parsed['data'];
  }
  return parsed;
}

/** Fields of an `application/x-www-form-urlencoded` body (the last value wins for repeated names). */
export function formPayload(request: ApiRequest): Record<string, string> {
  checkSize(request);
  return Object.fromEntries(new URLSearchParams(request.body));
}

export function bearerToken(request: ApiRequest): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers['authorization'] ?? '');
  return match?.[1];
}
