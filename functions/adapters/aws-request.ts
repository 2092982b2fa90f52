/**
 * One AWS API request, signed and sent by the SDK's own parts, without a
 * service client: SignatureV4 signs it and NodeHttpHandler (keep-alive, the
 * raw Node.js errors) sends it, both of which every bundle already carries
 * for the DynamoDB client. For the handful of S3 calls and the one SES call
 * the functions make, a service client's model, protocol and middleware put
 * 35 KiB (SES) to 120 KiB (S3) minified into each bundle that used one
 * (issue 13); the S3 and SES adapters write their few requests by hand on
 * top of this instead. Retried as the SDK's standard mode retries: throttling,
 * 5xx answers and dropped connections, with jittered exponential back-off.
 */
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { Sha256 } from '@smithy/core/checksum';
import { HttpRequest, buildQueryString } from '@smithy/core/protocols';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { SignatureV4 } from '@smithy/signature-v4';

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export type AwsCredentialsProvider = () => Promise<AwsCredentials>;

/** Which service, and where: the defaults are those of the SDK (region and credentials of the environment). */
export interface AwsServiceOptions {
  /** The name requests are signed for (`s3`, `ses`). */
  signingName: string;
  /** The first label of the service's regional host name (`s3`, `email`). */
  hostLabel: string;
  /** The service's name in the SDK's `AWS_ENDPOINT_URL_<NAME>` variable (`S3`, `SESV2`). */
  endpointVariable: string;
  region?: string;
  credentials?: AwsCredentials | AwsCredentialsProvider;
  /** Another endpoint (an emulator); otherwise `AWS_ENDPOINT_URL_<NAME>`, `AWS_ENDPOINT_URL`, or AWS's own. */
  endpoint?: string;
  /** Attempts per request, the first included (the SDK's default is 3). */
  maxAttempts?: number;
  /** How long to wait for a connection, and for a silent one to say something (milliseconds; none by default). */
  timeouts?: { connectionTimeout: number; socketTimeout: number };
  /** Whether a time-out is tried again (DynamoDB's, as the SDK did); otherwise it fails the call at once. */
  retryTimeouts?: boolean;
}

export interface AwsRequest {
  method: 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE';
  /** A host label before the endpoint's host (an S3 bucket in virtual-hosted style). */
  hostPrefix?: string;
  /** Already percent-encoded, as it is signed and sent. */
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  abortSignal?: AbortSignal;
}

export interface AwsResponse {
  statusCode: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: Uint8Array;
}

/** A JSON protocol answer: its body, and the status and request id as the SDK's `$metadata` has them. */
export interface AwsJsonAnswer {
  output: Record<string, unknown>;
  $metadata: { httpStatusCode: number; requestId?: string };
}

/** An error answer, shaped as the SDK's are: the service's error code as the name, the status in `$metadata`. */
export class AwsServiceError extends Error {
  readonly $metadata: { httpStatusCode: number; requestId?: string };

  constructor(name: string, message: string, httpStatusCode: number, requestId?: string) {
    super(message);
    this.name = name;
    this.$metadata = { httpStatusCode, ...(requestId ? { requestId } : {}) };
  }
}

const RETRYABLE_STATUSES = new Set([429, 500, 502, 503, 504]);
const RETRYABLE_ERROR_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN']);
/** The SDK's throttling error names (DynamoDB answers throttling with a 400 and one of these). */
const THROTTLING_ERROR_NAMES = /Throttl|SlowDown|TooManyRequests|ProvisionedThroughputExceeded|RequestLimitExceeded|TransactionInProgress/;
const BACK_OFF_BASE_MS = 100;
const BACK_OFF_MAX_MS = 20_000;

const errorCode = (error: unknown) => (error instanceof Error && 'code' in error ? String(error.code) : '');
/** NodeHttpHandler's connection and socket time-outs: errors named so, without a code. */
const isTimeout = (error: unknown) => error instanceof Error && error.name === 'TimeoutError';

/** Names an error answer from its body (S3's XML, the JSON of the other services) or, without one, from its status. */
export function serviceError(response: AwsResponse): AwsServiceError {
  const text = new TextDecoder().decode(response.body);
  const requestId = response.headers['x-amz-request-id'] ?? response.headers['x-amzn-requestid'];
  const xml = (tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(text)?.[1];
  let json: { message?: string; Message?: string; __type?: string; code?: string } = {};
  try {
    if (text.startsWith('{')) json = JSON.parse(text) as typeof json;
  } catch {
    // Not JSON after all: the status names it below.
  }
  const typeHeader = response.headers['x-amzn-errortype']?.split(':')[0];
  const jsonType = (json.__type ?? json.code)?.split('#').pop();
  const fallback = { 400: 'BadRequest', 403: 'Forbidden', 404: 'NotFound' }[response.statusCode] ?? `Http${response.statusCode}`;
  const name = xml('Code') ?? typeHeader ?? jsonType ?? fallback;
  const message = xml('Message') ?? json.message ?? json.Message ?? `${name} (HTTP ${response.statusCode})`;
  return new AwsServiceError(name, message, response.statusCode, requestId);
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class AwsService {
  private readonly handler: NodeHttpHandler;
  private readonly signer: SignatureV4;
  /** The credentials requests are signed with (a POST policy is signed by hand with them). */
  readonly credentials: AwsCredentialsProvider;
  private readonly base: URL;
  private readonly maxAttempts: number;
  private readonly retryTimeouts: boolean;
  readonly region: string;

  constructor(options: AwsServiceOptions) {
    this.region = options.region ?? process.env['AWS_REGION'] ?? process.env['AWS_DEFAULT_REGION'] ?? '';
    if (!this.region) throw new Error(`No region for ${options.signingName}: set AWS_REGION`);
    const given = options.credentials ?? defaultProvider();
    const credentials = typeof given === 'function' ? given : async () => given;
    this.credentials = credentials;
    const endpoint =
      options.endpoint ??
      process.env[`AWS_ENDPOINT_URL_${options.endpointVariable}`] ??
      process.env['AWS_ENDPOINT_URL'] ??
      `https://${options.hostLabel}.${this.region}.amazonaws.com`;
    this.base = new URL(endpoint);
    this.maxAttempts = options.maxAttempts ?? 3;
    this.retryTimeouts = options.retryTimeouts ?? false;
    this.handler = new NodeHttpHandler(options.timeouts ?? {});
    const isS3 = options.signingName === 's3';
    // S3 signs the path as sent (no second encoding) and wants the payload's hash in a header.
    this.signer = new SignatureV4({ service: options.signingName, region: this.region, credentials, sha256: Sha256, uriEscapePath: !isS3, applyChecksum: isS3 });
  }

  /** The endpoint's origin, for URLs the browser posts to. */
  origin(hostPrefix?: string): string {
    return `${this.base.protocol}//${hostPrefix ? `${hostPrefix}.` : ''}${this.base.host}`;
  }

  private httpRequest({ method, hostPrefix, path, query = {}, headers = {}, body }: AwsRequest): HttpRequest {
    const hostname = `${hostPrefix ? `${hostPrefix}.` : ''}${this.base.hostname}`;
    const port = this.base.port ? Number(this.base.port) : undefined;
    const basePath = this.base.pathname.replace(/\/$/, '');
    return new HttpRequest({
      method,
      protocol: this.base.protocol,
      hostname,
      ...(port ? { port } : {}),
      path: `${basePath}${path}`,
      query,
      headers: { host: port ? `${hostname}:${port}` : hostname, ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}), ...headers },
      ...(body !== undefined ? { body } : {}),
    });
  }

  private async sendOnce(request: AwsRequest): Promise<AwsResponse> {
    const signed = await this.signer.sign(this.httpRequest(request));
    const { response } = await this.handler.handle(signed as HttpRequest, request.abortSignal ? { abortSignal: request.abortSignal } : {});
    const chunks: Uint8Array[] = [];
    const stream = response.body as AsyncIterable<Uint8Array> | undefined;
    if (stream && typeof stream[Symbol.asyncIterator] === 'function') for await (const chunk of stream) chunks.push(chunk);
    return { statusCode: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) };
  }

  /** Sends the request; an error answer throws an AwsServiceError, a failed connection its Node.js error (with its `code`). */
  async send(request: AwsRequest): Promise<AwsResponse> {
    for (let attempt = 1; ; attempt += 1) {
      const lastTry = attempt >= this.maxAttempts || request.abortSignal?.aborted === true;
      const backOff = () => wait(Math.random() * Math.min(BACK_OFF_MAX_MS, BACK_OFF_BASE_MS * 2 ** attempt));
      let response: AwsResponse;
      try {
        response = await this.sendOnce(request);
      } catch (error) {
        if (lastTry || !(RETRYABLE_ERROR_CODES.has(errorCode(error)) || (this.retryTimeouts && isTimeout(error)))) throw error;
        await backOff();
        continue;
      }
      if (response.statusCode < 300) return response;
      const error = serviceError(response);
      if (lastTry || !(RETRYABLE_STATUSES.has(response.statusCode) || THROTTLING_ERROR_NAMES.test(error.name))) throw error;
      await backOff();
    }
  }

  /**
   * One call of a service that speaks AWS's JSON protocol (DynamoDB, Secrets
   * Manager): a POST to `/` naming the operation in `x-amz-target`, the input
   * as JSON (through `replacer`, if given), the answer parsed from JSON.
   */
  async callJson(protocolVersion: '1.0' | '1.1', target: string, input: unknown, replacer?: (key: string, value: unknown) => unknown): Promise<AwsJsonAnswer> {
    const response = await this.send({
      method: 'POST',
      path: '/',
      headers: { 'content-type': `application/x-amz-json-${protocolVersion}`, 'x-amz-target': target },
      body: JSON.stringify(input, replacer),
    });
    const text = new TextDecoder().decode(response.body);
    const requestId = response.headers['x-amzn-requestid'];
    return { output: (text ? JSON.parse(text) : {}) as Record<string, unknown>, $metadata: { httpStatusCode: response.statusCode, ...(requestId ? { requestId } : {}) } };
  }

  /** Closes the kept-alive connections. */
  destroy(): void {
    this.handler.destroy();
  }

  /** A presigned URL for the request (S3 style: an unsigned payload), valid for `expiresIn` seconds. */
  async presign(request: Omit<AwsRequest, 'body' | 'abortSignal'>, expiresIn: number): Promise<string> {
    const toSign = this.httpRequest(request);
    // Hoisted into the query under this very name, as the SDK's presigner writes it.
    toSign.headers['X-Amz-Content-Sha256'] = 'UNSIGNED-PAYLOAD';
    const signed = await this.signer.presign(toSign, { expiresIn, unsignableHeaders: new Set(['content-type']) });
    const port = signed.port ? `:${signed.port}` : '';
    const query = buildQueryString(signed.query as Record<string, string>);
    return `${signed.protocol}//${signed.hostname}${port}${signed.path}${query ? `?${query}` : ''}`;
  }
}
