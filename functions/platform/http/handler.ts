import { directCallMetricFields } from './direct-calls';
import { DIRECT_CALL_REFUSAL } from '../../../shared/origin-headers';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { Settings } from '../config';
import type { Log } from '../logging';
import { ApiError } from './errors';
import { type ApiRequest, requestFromEvent } from './request';
import { type ApiResponse, errorResponse } from './response';

export type LambdaHttpHandler = (event: APIGatewayProxyEvent) => Promise<ApiResponse>;

export interface RequestContext {
  request: ApiRequest;
  log: Log;
}

/**
 * Turns an API Gateway event (REST API, Lambda proxy, payload format 1.0) into
 * a request, runs the route, and maps failures to the error body: `ApiError`s
 * keep their status; anything else is logged (without request data) and
 * answered 503 without details.
 */
export function httpHandler(
  deps: { log: Log; settings: Pick<Settings, 'ORIGIN_VERIFY_SECRET'> },
  handle: (context: RequestContext) => Promise<ApiResponse>,
): LambdaHttpHandler {
  return async (event) => {
    const request = requestFromEvent(event, deps.settings.ORIGIN_VERIFY_SECRET);
    const requestLog = deps.log.forRequest(request.requestId);
    // With an origin secret configured (every deployed stage), the only way in is through CloudFront. The stage's web
    // ACL drops such a call first; this refuses one that got past it (the web ACL not associated, being replaced).
    if (deps.settings.ORIGIN_VERIFY_SECRET && !request.viaCdn) {
      requestLog.warn(
        'direct call refused: not through CloudFront',
        directCallMetricFields(event.requestContext?.apiId ?? '-', Date.now()),
      );
      return errorResponse(new ApiError(DIRECT_CALL_REFUSAL.error, DIRECT_CALL_REFUSAL.message));
    }
    try {
      return await handle({ request, log: requestLog });
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.status >= 500) requestLog.warn('request failed', { code: error.code });
        return errorResponse(error);
      }
      return errorResponse(unexpectedFailure(requestLog, error));
    }
  };
}

/** Logs a failure nobody planned for (its name and message, never request data) and gives the 503 to answer. */
export function unexpectedFailure(log: Log, error: unknown): ApiError {
  log.error('unexpected failure', {
    errorName: error instanceof Error ? error.name : typeof error,
    errorMessage: error instanceof Error ? error.message : undefined,
  });
  return new ApiError('service_unavailable', 'The service is temporarily unavailable. Please try again shortly.');
}
