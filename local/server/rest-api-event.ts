/**
 * The event API Gateway's REST API hands a function through a Lambda proxy
 * integration (payload format 1.0), made from one request. The local server,
 * the bundles run in fresh processes and the unit tests all make theirs here,
 * so each handler reads the shape the deployed stage sends: a repeated header
 * or query name keeps its last value in the single-value maps and all of them
 * in the multi-value maps; cookies only in the Cookie header; every body as
 * base64 bytes (the stage takes every media type as binary,
 * infra/constructs/api/api.ts).
 */
import type { APIGatewayProxyEvent } from 'aws-lambda';

export interface RestApiRequest {
  method: string;
  /** The route's path, `{name}` parameters and all (the API's resource). */
  resource: string;
  /** The path asked for. */
  path: string;
  /** Header names as sent; a header sent several times has all its values, in order. */
  headers: Record<string, string | string[] | undefined>;
  /** The query string, without its `?`. */
  query?: string;
  /** The values of the resource's `{name}` parameters. */
  params?: Record<string, string>;
  /** Bytes arrive base64-encoded, as from the stage; text arrives as it is (only the unit tests still send text). */
  body?: Buffer | string;
  sourceIp: string;
  requestId: string;
  /** The API's id in the request context (a function names its direct-call metric after it). */
  apiId?: string;
}

/** The caller's identity of a request without IAM, Cognito or an API key (all the stage takes): only the address and user agent vary. */
export const NO_CALLER_IDENTITY: Omit<APIGatewayProxyEvent['requestContext']['identity'], 'sourceIp' | 'userAgent'> = {
  accessKey: null,
  accountId: null,
  apiKey: null,
  apiKeyId: null,
  caller: null,
  clientCert: null,
  cognitoAuthenticationProvider: null,
  cognitoAuthenticationType: null,
  cognitoIdentityId: null,
  cognitoIdentityPoolId: null,
  principalOrgId: null,
  user: null,
  userArn: null,
};

/** The single-value map: the last value of each name, as API Gateway keeps it. */
function lastValues(multi: Record<string, string[]>): Record<string, string> {
  const last: Record<string, string> = {};
  for (const [name, values] of Object.entries(multi)) {
    const value = values[values.length - 1];
    if (value !== undefined) last[name] = value;
  }
  return last;
}

export function restApiEvent(request: RestApiRequest): APIGatewayProxyEvent {
  const multiValueHeaders: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(request.headers))
    if (value !== undefined) multiValueHeaders[name] = Array.isArray(value) ? value : [value];
  const search = new URLSearchParams(request.query ?? '');
  const multiValueQuery: Record<string, string[]> = {};
  for (const name of new Set(search.keys())) multiValueQuery[name] = search.getAll(name);
  const hasQuery = Object.keys(multiValueQuery).length > 0;
  const hasParams = Object.keys(request.params ?? {}).length > 0;
  const headers = lastValues(multiValueHeaders);
  const body = request.body === undefined || request.body.length === 0 ? undefined : request.body;
  const stage = 'local';
  return {
    resource: request.resource,
    path: request.path,
    httpMethod: request.method,
    headers,
    multiValueHeaders,
    queryStringParameters: hasQuery ? lastValues(multiValueQuery) : null,
    multiValueQueryStringParameters: hasQuery ? multiValueQuery : null,
    pathParameters: hasParams ? { ...request.params } : null,
    stageVariables: null,
    requestContext: {
      accountId: 'local',
      apiId: request.apiId ?? 'local',
      authorizer: undefined,
      protocol: 'HTTP/1.1',
      httpMethod: request.method,
      identity: {
        ...NO_CALLER_IDENTITY,
        sourceIp: request.sourceIp,
        userAgent: headers['user-agent'] ?? headers['User-Agent'] ?? null,
      },
      // The stage is the first segment of the execute-api path; `path` above is the resource's, without it.
      path: `/${stage}${request.path}`,
      stage,
      requestId: request.requestId,
      requestTimeEpoch: Date.now(),
      resourceId: 'local',
      resourcePath: request.resource,
    },
    body: body === undefined ? null : typeof body === 'string' ? body : body.toString('base64'),
    isBase64Encoded: body !== undefined && typeof body !== 'string',
  };
}
