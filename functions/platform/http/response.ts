import type { APIGatewayProxyResult } from 'aws-lambda';
import type { ApiErrorBody } from '../../../shared/api-error';
import type { ApiError } from './errors';

/**
 * The Lambda proxy result (payload format 1.0) API Gateway's REST API turns
 * into the answer: one value per header in `headers`; a header sent several
 * times (Set-Cookie) goes in `multiValueHeaders`, one entry per line.
 */
export type ApiResponse = Omit<APIGatewayProxyResult, 'headers' | 'multiValueHeaders'> & {
  headers: Record<string, string>;
  multiValueHeaders?: { 'Set-Cookie': string[] };
};

/** Staff data must never sit in a shared cache. */
export const NO_STORE = { 'Cache-Control': 'no-store' } as const;

export function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): ApiResponse {
  return {
    statusCode,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...NO_STORE, ...headers },
    body: JSON.stringify(body),
  };
}

/** A small document of our own (the answer to a plain form post); never cached, like every API answer. */
export function htmlPage(statusCode: number, body: string): ApiResponse {
  return { statusCode, headers: { 'Content-Type': 'text/html; charset=utf-8', ...NO_STORE }, body };
}

export function errorResponse(error: ApiError): ApiResponse {
  const body: ApiErrorBody = {
    error: error.code,
    message: error.message,
    ...(error.fields ? { fields: error.fields } : {}),
  };
  return json(error.status, body, error.headers);
}

export function redirect(statusCode: 302 | 303, location: string, headers: Record<string, string> = {}): ApiResponse {
  return { statusCode, headers: { Location: location, ...NO_STORE, ...headers }, body: '' };
}

/** The answer with these Set-Cookie lines, one header each (a 1.0 result has no `cookies` field). */
export function withCookies(response: ApiResponse, cookies: string[]): ApiResponse {
  return { ...response, multiValueHeaders: { 'Set-Cookie': cookies } };
}
