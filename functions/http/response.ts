import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { ApiErrorBody } from '../../shared/api-error';
import type { ApiError } from './errors';

export type ApiResponse = APIGatewayProxyStructuredResultV2 & { statusCode: number; headers: Record<string, string> };

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
  const body: ApiErrorBody = { error: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) };
  return json(error.status, body, error.headers);
}

export function redirect(statusCode: 302 | 303, location: string, headers: Record<string, string> = {}): ApiResponse {
  return { statusCode, headers: { Location: location, ...NO_STORE, ...headers }, body: '' };
}
