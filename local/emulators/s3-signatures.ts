/**
 * How the local S3 front authenticates a request as S3 does (Signature
 * Version 4), before anything reaches fauxqs: a presigned link (the
 * `X-Amz-*` query parameters) or an `Authorization` header, the signature
 * recomputed with the SDK's own signer over the method, the path as sent, the
 * query and the headers the request names as signed, and compared in constant
 * time; a link past its `X-Amz-Date` plus `X-Amz-Expires`, a request more
 * than 15 minutes off the clock, an unknown key or a token that is not the
 * key's refused with S3's codes; a request without any signature refused as
 * S3 refuses an anonymous one on a private bucket. The body's hash is read
 * from `x-amz-content-sha256`, which the signature covers, and not checked
 * against the body, which fauxqs reads.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { parseQueryString } from '@smithy/core/protocols';
import {
  ANONYMOUS_REFUSAL,
  INVALID_TOKEN,
  type S3Refusal,
  UNSUPPORTED_MECHANISM,
  signatureMismatch,
  unknownAccessKey,
} from './s3-errors';
import {
  CONTENT_SHA256_HEADER,
  type S3Key,
  type S3Keys,
  SIGV4_ALGORITHM,
  UNSIGNED_PAYLOAD,
  amzDateTime,
  credentialScope,
  isoSeconds,
  knownKey,
  sameSignature,
  signerFor,
} from './sigv4-keys';

type HttpRequest = Parameters<ReturnType<typeof signerFor>['presign']>[0];

export interface IncomingS3Request {
  method: string;
  /** The request's target as sent: the path percent-encoded as signed, and the query. */
  url: string;
  headers: IncomingHttpHeaders;
}

/** The query parameters of a presigned link, in the order S3 lists them when one is missing. */
const QUERY_AUTH = {
  algorithm: 'X-Amz-Algorithm',
  credential: 'X-Amz-Credential',
  signature: 'X-Amz-Signature',
  date: 'X-Amz-Date',
  signedHeaders: 'X-Amz-SignedHeaders',
  expires: 'X-Amz-Expires',
} as const;
const TOKEN_PARAM = 'X-Amz-Security-Token';
const TOKEN_HEADER = 'x-amz-security-token';
/** The longest a Signature Version 4 link may work: a week. */
export const MAX_LINK_SECONDS = 7 * 24 * 60 * 60;
/** How far a signed request's time may be from S3's clock. */
export const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;

const queryError = (message: string): S3Refusal => ({
  status: 400,
  code: 'AuthorizationQueryParametersError',
  message,
});
const headerError = (message: string): S3Refusal => ({
  status: 400,
  code: 'AuthorizationHeaderMalformed',
  message: `The authorization header is malformed; ${message}`,
});

type Query = Record<string, string | string[]>;

/** The query as the signer reads it: decoded, a repeated name as a list, a name without `=` as an empty value. */
function queryOf(url: string): Query | undefined {
  const start = url.indexOf('?');
  let bag: ReturnType<typeof parseQueryString>;
  try {
    bag = parseQueryString(start < 0 ? '' : url.slice(start + 1));
  } catch {
    return undefined;
  }
  return Object.fromEntries(
    Object.entries(bag).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.map((item) => item ?? '') : (value ?? ''),
    ]),
  );
}

const single = (query: Query, name: string) => {
  const value = query[name];
  return typeof value === 'string' ? value : undefined;
};

/** The request as the signer takes it, with only the headers it names as signed (as S3 reads it). */
function signable(request: IncomingS3Request, signedNames: readonly string[], query: Query): HttpRequest {
  const headers: Record<string, string> = {};
  for (const name of signedNames) {
    const value = request.headers[name];
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const path = request.url.split('?')[0] ?? '/';
  return { method: request.method, protocol: 'http:', hostname: 'localhost', path, query, headers };
}

function tokenProblem(key: S3Key, token: string | undefined): S3Refusal | undefined {
  return token === key.sessionToken ? undefined : INVALID_TOKEN;
}

async function presignedProblem(
  request: IncomingS3Request,
  query: Query,
  keys: S3Keys,
): Promise<S3Refusal | undefined> {
  const algorithm = single(query, QUERY_AUTH.algorithm);
  const credential = single(query, QUERY_AUTH.credential);
  const signature = single(query, QUERY_AUTH.signature);
  const amzDate = single(query, QUERY_AUTH.date);
  const signedHeaders = single(query, QUERY_AUTH.signedHeaders);
  const expires = single(query, QUERY_AUTH.expires);
  if (!algorithm || !credential || !signature || !amzDate || !signedHeaders || expires === undefined)
    return queryError(
      'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.',
    );
  if (algorithm !== SIGV4_ALGORITHM) return queryError(`X-Amz-Algorithm only supports "${SIGV4_ALGORITHM}"`);
  const signedAt = amzDateTime(amzDate);
  if (signedAt === undefined) return queryError(`X-Amz-Date must be in the ISO8601 Long Format "yyyyMMdd'T'HHmmss'Z'"`);
  const scope = credentialScope(credential, amzDate, keys.region);
  if (typeof scope === 'string') return queryError(`Error parsing the X-Amz-Credential parameter; ${scope}`);
  if (!/^\d+$/.test(expires)) return queryError('X-Amz-Expires should be a number');
  const seconds = Number(expires);
  if (seconds > MAX_LINK_SECONDS)
    return queryError(`X-Amz-Expires must be less than a week (in seconds) that is; ${MAX_LINK_SECONDS}`);
  const now = keys.now();
  if (now > signedAt + seconds * 1000)
    return {
      status: 403,
      code: 'AccessDenied',
      message: 'Request has expired',
      details: {
        'X-Amz-Expires': expires,
        Expires: isoSeconds(signedAt + seconds * 1000),
        ServerTime: isoSeconds(now),
      },
    };
  const key = knownKey(keys, scope.accessKeyId);
  if (!key) return unknownAccessKey(scope.accessKeyId);

  const token = single(query, TOKEN_PARAM);
  // The signer adds the authentication parameters itself; the rest of the query is signed as sent.
  const authNames = new Set<string>([...Object.values(QUERY_AUTH), TOKEN_PARAM]);
  const rest = Object.fromEntries(Object.entries(query).filter(([name]) => !authNames.has(name)));
  const signedNames = signedHeaders.split(';');
  const toSign = signable(request, signedNames, rest);
  // A presigned request's payload is unsigned; the header only tells the signer so, and is neither signed nor moved into the query.
  const carrier = signedNames.includes(CONTENT_SHA256_HEADER) ? [] : [CONTENT_SHA256_HEADER];
  if (carrier.length > 0) toSign.headers[CONTENT_SHA256_HEADER] = UNSIGNED_PAYLOAD;
  const presigned = await signerFor(key, scope.region, token).presign(toSign, {
    signingDate: new Date(signedAt),
    expiresIn: seconds,
    signableHeaders: new Set(signedNames),
    unsignableHeaders: new Set(carrier),
    unhoistableHeaders: new Set([...signedNames, ...carrier]),
  });
  const expected = presigned.query?.[QUERY_AUTH.signature];
  if (
    typeof expected !== 'string' ||
    presigned.query?.[QUERY_AUTH.signedHeaders] !== signedHeaders ||
    !sameSignature(expected, signature)
  )
    return signatureMismatch(scope.accessKeyId);
  return tokenProblem(key, token);
}

/** `AWS4-HMAC-SHA256 Credential=…, SignedHeaders=…, Signature=…`, read into its three parts. */
function authorizationParts(header: string): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const part of header.slice(SIGV4_ALGORITHM.length + 1).split(',')) {
    const [name, ...value] = part.trim().split('=');
    if (name) parts[name] = value.join('=');
  }
  return parts;
}

async function headerProblem(request: IncomingS3Request, header: string, keys: S3Keys): Promise<S3Refusal | undefined> {
  if (!header.startsWith(`${SIGV4_ALGORITHM} `)) return UNSUPPORTED_MECHANISM;
  const { Credential: credential, SignedHeaders: signedHeaders, Signature: signature } = authorizationParts(header);
  if (!credential || !signedHeaders || !signature)
    return headerError('the authorization header requires three components: Credential, SignedHeaders, and Signature.');
  const amzDate = request.headers['x-amz-date'];
  const signedAt = typeof amzDate === 'string' ? amzDateTime(amzDate) : undefined;
  if (typeof amzDate !== 'string' || signedAt === undefined)
    return {
      status: 403,
      code: 'AccessDenied',
      message: 'AWS authentication requires a valid Date or x-amz-date header',
    };
  const scope = credentialScope(credential, amzDate, keys.region);
  if (typeof scope === 'string') return headerError(scope);
  if (typeof request.headers[CONTENT_SHA256_HEADER] !== 'string')
    return {
      status: 400,
      code: 'InvalidRequest',
      message: `Missing required header for this request: ${CONTENT_SHA256_HEADER}`,
    };
  const now = keys.now();
  if (Math.abs(now - signedAt) > MAX_CLOCK_SKEW_MS)
    return {
      status: 403,
      code: 'RequestTimeTooSkewed',
      message: 'The difference between the request time and the current time is too large.',
      details: {
        RequestTime: amzDate,
        ServerTime: isoSeconds(now),
        MaxAllowedSkewMilliseconds: String(MAX_CLOCK_SKEW_MS),
      },
    };
  const key = knownKey(keys, scope.accessKeyId);
  if (!key) return unknownAccessKey(scope.accessKeyId);

  const token = request.headers[TOKEN_HEADER];
  const sessionToken = typeof token === 'string' ? token : undefined;
  const query = queryOf(request.url) ?? {};
  const signedNames = signedHeaders.split(';');
  const signed = await signerFor(key, scope.region, sessionToken).sign(signable(request, signedNames, query), {
    signingDate: new Date(signedAt),
    signableHeaders: new Set(signedNames),
  });
  const expected = authorizationParts(String(signed.headers['authorization'] ?? ''));
  if (expected.SignedHeaders !== signedHeaders || !sameSignature(expected.Signature ?? '', signature))
    return signatureMismatch(scope.accessKeyId);
  return tokenProblem(key, sessionToken);
}

const signedInQuery = (query: Query) => Object.values(QUERY_AUTH).some((name) => name in query);

/** Whether a request means to be signed in its query (a presigned link), by S3's parameters. */
export const isPresigned = (url: string): boolean => signedInQuery(queryOf(url) ?? {});

/** Why S3 would refuse this request's signature, or `undefined` when S3 would take it as signed by a known key. */
export async function signatureProblem(request: IncomingS3Request, keys: S3Keys): Promise<S3Refusal | undefined> {
  const query = queryOf(request.url);
  if (!query) return { status: 400, code: 'InvalidURI', message: "Couldn't parse the specified URI." };
  const inQuery = signedInQuery(query);
  const header = request.headers.authorization;
  if (inQuery && header !== undefined)
    return {
      status: 400,
      code: 'InvalidArgument',
      message:
        'Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter, Signature query string parameter or the Authorization header should be specified',
      details: { ArgumentName: 'Authorization' },
    };
  if (inQuery) return presignedProblem(request, query, keys);
  if (header !== undefined) return headerProblem(request, header, keys);
  return ANONYMOUS_REFUSAL;
}
