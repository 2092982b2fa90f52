/**
 * The S3 requests the functions make, written by hand over aws-request.ts
 * (the SDK's signer and HTTP handler) instead of the SDK's S3 client, whose
 * model, XML protocol, checksums and middleware would put about 120 KiB
 * minified into each function that touches a bucket. Each method is one S3
 * API call, named after it, with the same headers and query the SDK sends;
 * tests/unit/s3-bucket.test.ts holds the presigned URL and POST to what the
 * SDK's presigners make, and the integration tests run them against the
 * local S3.
 */
import { createScope, getSigningKey } from '@smithy/signature-v4';
import { Sha256 } from '@smithy/core/checksum';
import { extendedEncodeURIComponent } from '@smithy/core/protocols';
import { AwsService, type AwsServiceOptions, AwsServiceError, type AwsResponse } from '../aws-request';
import { AWS_CALL_LIMITS } from '../call-limits';

/** The S3 endpoint, region and credentials of a function (the environment's when not given). */
export function s3Service(options: Pick<AwsServiceOptions, 'region' | 'credentials' | 'endpoint'> = {}): AwsService {
  // A hanging S3 is given up like a hanging DynamoDB (call-limits.ts), so the caller gets our 503, not the gateway's.
  return new AwsService({ signingName: 's3', hostLabel: 's3', endpointVariable: 'S3', timeouts: AWS_CALL_LIMITS.requestHandler, ...options });
}

export function isNotFound(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return error.name === 'NotFound' || error.name === 'NoSuchKey' || status === 404;
}

/** A key as a URL path: each segment percent-encoded as S3 signs it (RFC 3986, `!'()*` too). */
const encodeKey = (key: string) => key.split('/').map(extendedEncodeURIComponent).join('/');

const XML_ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };
const unescapeXml = (text: string) => text.replace(/&(amp|lt|gt|quot|apos);/g, (entity) => XML_ENTITIES[entity] ?? entity);
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const xmlValues = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map(([, value]) => unescapeXml(value ?? ''));

/** S3 may answer a copy or a multipart completion 200 with an error in the body. */
function failedDespite200(response: AwsResponse): AwsServiceError | undefined {
  const text = new TextDecoder().decode(response.body);
  if (!/<Error>/.test(text)) return undefined;
  const [code = 'InternalError'] = xmlValues(text, 'Code');
  const [message = code] = xmlValues(text, 'Message');
  return new AwsServiceError(code, message, response.statusCode);
}

/** `2026-01-02T03:04:05Z`: ISO 8601 without milliseconds, as SigV4 and POST policies write times. */
const iso8601 = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A POST policy condition, as S3 reads them (and @aws-sdk/s3-presigned-post types them). */
export type PolicyCondition = ['eq', string, string] | ['starts-with', string, string] | ['content-length-range', number, number] | Record<string, string>;

/** An IPv4 or bracketed IPv6 host, which cannot carry a bucket name in front. */
const IP_HOST = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;

export class S3Bucket {
  private readonly forcePathStyle: boolean;

  /**
   * @param forcePathStyle `https://host/bucket/key` (an emulator has no bucket host names) rather
   *   than `https://bucket.host/key`, as the SDK's option of that name; an endpoint at an IP
   *   address always gets it, as the SDK's endpoint rules give it.
   */
  constructor(
    private readonly s3: AwsService,
    readonly name: string,
    forcePathStyle = false,
  ) {
    this.forcePathStyle = forcePathStyle || IP_HOST.test(new URL(s3.origin()).hostname);
  }

  /** Where an object is, or with no key the bucket itself. */
  private address(key?: string): { hostPrefix?: string; path: string } {
    const objectPath = `/${key === undefined ? '' : encodeKey(key)}`;
    return this.forcePathStyle ? { path: `/${this.name}${objectPath}` } : { hostPrefix: this.name, path: objectPath };
  }

  /** HeadObject: the object's size, or `undefined` when there is none. */
  async headObject(key: string): Promise<{ size: number } | undefined> {
    try {
      const { headers } = await this.s3.send({ method: 'HEAD', ...this.address(key) });
      return { size: Number(headers['content-length'] ?? 0) };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  /** GetObject of the bytes `first` to `last` (inclusive, as HTTP ranges count). */
  async getObjectRange(key: string, first: number, last: number): Promise<Uint8Array> {
    const { body } = await this.s3.send({ method: 'GET', ...this.address(key), headers: { range: `bytes=${first}-${last}` } });
    return body;
  }

  /** PutObject with its body in one request. */
  async putObject(key: string, body: string | Uint8Array, headers: Record<string, string>): Promise<void> {
    await this.s3.send({ method: 'PUT', ...this.address(key), headers, body });
  }

  /** CopyObject within the bucket, with new metadata (`x-amz-metadata-directive: REPLACE`). */
  async copyObject(fromKey: string, toKey: string, headers: Record<string, string>): Promise<void> {
    const response = await this.s3.send({
      method: 'PUT',
      ...this.address(toKey),
      headers: { 'x-amz-copy-source': `${this.name}/${encodeURIComponent(fromKey)}`, 'x-amz-metadata-directive': 'REPLACE', ...headers },
    });
    const error = failedDespite200(response);
    if (error) throw error;
  }

  async deleteObject(key: string): Promise<void> {
    await this.s3.send({ method: 'DELETE', ...this.address(key) });
  }

  /** ListObjectsV2: one page of keys, and the token of the next page if there is one. */
  async listObjects(continuationToken?: string): Promise<{ keys: string[]; next?: string }> {
    const query: Record<string, string> = { 'list-type': '2', ...(continuationToken ? { 'continuation-token': continuationToken } : {}) };
    const { body } = await this.s3.send({ method: 'GET', ...this.address(), query });
    const xml = new TextDecoder().decode(body);
    const [next] = xmlValues(xml, 'NextContinuationToken');
    return { keys: xmlValues(xml, 'Key'), ...(next ? { next } : {}) };
  }

  /** CreateMultipartUpload: the upload's id. */
  async createMultipartUpload(key: string, headers: Record<string, string>): Promise<string> {
    const { body } = await this.s3.send({ method: 'POST', ...this.address(key), query: { uploads: '' }, headers });
    const [uploadId] = xmlValues(new TextDecoder().decode(body), 'UploadId');
    if (!uploadId) throw new Error(`S3 started no multipart upload of ${key}`);
    return uploadId;
  }

  /** UploadPart: the part's ETag, which the completion names. */
  async uploadPart(key: string, uploadId: string, partNumber: number, body: Uint8Array): Promise<string> {
    const { headers } = await this.s3.send({
      method: 'PUT',
      ...this.address(key),
      query: { partNumber: String(partNumber), uploadId },
      headers: { 'content-type': 'application/octet-stream' },
      body,
    });
    const etag = headers['etag'];
    if (!etag) throw new Error(`S3 gave part ${partNumber} of ${key} no ETag`);
    return etag;
  }

  async completeMultipartUpload(key: string, uploadId: string, etags: string[]): Promise<void> {
    const parts = etags.map((etag, i) => `<Part><ETag>${escapeXml(etag)}</ETag><PartNumber>${i + 1}</PartNumber></Part>`).join('');
    const body = `<?xml version="1.0" encoding="UTF-8"?><CompleteMultipartUpload xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${parts}</CompleteMultipartUpload>`;
    const response = await this.s3.send({ method: 'POST', ...this.address(key), query: { uploadId }, headers: { 'content-type': 'application/xml' }, body });
    const error = failedDespite200(response);
    if (error) throw error;
  }

  async abortMultipartUpload(key: string, uploadId: string): Promise<void> {
    await this.s3.send({ method: 'DELETE', ...this.address(key), query: { uploadId } });
  }

  /** A presigned GetObject URL, with response headers such as `response-content-disposition`; as the SDK's getSignedUrl makes it. */
  presignGetObject(key: string, responseQuery: Record<string, string>, expiresSeconds: number): Promise<string> {
    return this.s3.presign({ method: 'GET', ...this.address(key), query: { ...responseQuery, 'x-id': 'GetObject' } }, expiresSeconds);
  }

  /**
   * A presigned POST (a browser upload straight to the bucket): the form
   * fields and the policy S3 enforces, as @aws-sdk/s3-presigned-post makes
   * them (the same fields, conditions and order).
   */
  async presignPost(key: string, fields: Record<string, string>, conditions: PolicyCondition[], expiresSeconds: number): Promise<{ url: string; fields: Record<string, string> }> {
    const now = new Date();
    const signingDate = iso8601(now).replace(/[-:]/g, '');
    const shortDate = signingDate.slice(0, 8);
    const credentials = await this.s3.credentials();
    const signed: Record<string, string> = {
      ...fields,
      bucket: this.name,
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': `${credentials.accessKeyId}/${createScope(shortDate, this.s3.region, 's3')}`,
      'X-Amz-Date': signingDate,
      ...(credentials.sessionToken ? { 'X-Amz-Security-Token': credentials.sessionToken } : {}),
    };
    const policyConditions = new Set(conditions.map((condition) => JSON.stringify(condition)));
    for (const [name, value] of Object.entries(signed)) policyConditions.add(JSON.stringify({ [name]: value }));
    policyConditions.add(JSON.stringify({ key }));
    const policy = { expiration: iso8601(new Date(now.valueOf() + expiresSeconds * 1000)), conditions: [...policyConditions].map((text) => JSON.parse(text) as unknown) };
    const encodedPolicy = Buffer.from(JSON.stringify(policy)).toString('base64');
    const signingKey = await getSigningKey(Sha256, credentials, shortDate, this.s3.region, 's3');
    const hmac = new Sha256(signingKey);
    hmac.update(Buffer.from(encodedPolicy));
    const signature = Buffer.from(await hmac.digest()).toString('hex');
    const url = this.forcePathStyle ? `${this.s3.origin()}/${this.name}` : `${this.s3.origin(this.name)}/`;
    return { url, fields: { ...signed, key, Policy: encodedPolicy, 'X-Amz-Signature': signature } };
  }
}
