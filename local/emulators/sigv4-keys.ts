/**
 * What every Signature Version 4 check of the local S3 front shares: the keys
 * it knows (the local stack's), its region and clock, how a credential scope
 * (`<key>/<yyyymmdd>/<region>/s3/aws4_request`) and an `X-Amz-Date` are read,
 * the SDK's own signer (@smithy/signature-v4, what the SDK clients and
 * presigners sign with) set up for one key, and the constant-time comparison
 * of a signature.
 */
import { timingSafeEqual } from 'node:crypto';
import { Sha256 } from '@smithy/core/checksum';
import { SignatureV4 } from '@smithy/signature-v4';

export interface S3Key {
  accessKeyId: string;
  secretAccessKey: string;
  /** Set for temporary credentials: a request with this key must carry the same token. */
  sessionToken?: string;
}

export interface S3Keys {
  /** The region S3 answers for: a scope naming another is refused, as S3 refuses it. */
  region: string;
  keys: readonly S3Key[];
  /** The clock expiry and clock skew are read on (Date.now, or a test's). */
  now: () => number;
}

export const SIGV4_ALGORITHM = 'AWS4-HMAC-SHA256';
export const S3_SERVICE = 's3';
/** The payload hash of a presigned request: its body is whatever is sent with it. */
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
export const CONTENT_SHA256_HEADER = 'x-amz-content-sha256';

export interface CredentialScope {
  accessKeyId: string;
  date: string;
  region: string;
}

/** The time an `X-Amz-Date` (`yyyyMMdd'T'HHmmss'Z'`) names, in milliseconds, or `undefined` when it is not one. */
export function amzDateTime(amzDate: string): number | undefined {
  const parts = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!parts) return undefined;
  const at = Date.parse(`${parts[1]}-${parts[2]}-${parts[3]}T${parts[4]}:${parts[5]}:${parts[6]}Z`);
  return Number.isNaN(at) ? undefined : at;
}

/** An instant as S3 writes it in an error's `<ServerTime>` and `<Expires>`. */
export const isoSeconds = (at: number) => new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A credential read against the request's `X-Amz-Date` and this S3's region, or what is wrong with it (S3's words). */
export function credentialScope(credential: string, amzDate: string, region: string): CredentialScope | string {
  const parts = credential.split('/');
  const [accessKeyId, date, scopeRegion, service, terminator] = parts;
  if (parts.length !== 5 || !accessKeyId || !date || !scopeRegion || terminator !== 'aws4_request')
    return 'the Credential is mal-formed; expecting "<YOUR-AKID>/YYYYMMDD/REGION/SERVICE/aws4_request".';
  if (scopeRegion !== region) return `the region '${scopeRegion}' is wrong; expecting '${region}'`;
  if (service !== S3_SERVICE) return `incorrect service "${service ?? ''}". This endpoint belongs to "${S3_SERVICE}".`;
  if (date !== amzDate.slice(0, 8))
    return `Invalid credential date "${date}". This date is not the same as X-Amz-Date: "${amzDate.slice(0, 8)}".`;
  return { accessKeyId, date, region: scopeRegion };
}

export function knownKey(keys: S3Keys, accessKeyId: string): S3Key | undefined {
  return keys.keys.find((key) => key.accessKeyId === accessKeyId);
}

/**
 * The SDK's S3 signer for one key: S3 signs the path as sent (no second
 * encoding). The session token is the request's own, so the signature covers
 * what the request carries; whether it is the key's is checked apart.
 */
export function signerFor(key: S3Key, region: string, sessionToken: string | undefined): SignatureV4 {
  return new SignatureV4({
    service: S3_SERVICE,
    region,
    credentials: {
      accessKeyId: key.accessKeyId,
      secretAccessKey: key.secretAccessKey,
      ...(sessionToken === undefined ? {} : { sessionToken }),
    },
    sha256: Sha256,
    uriEscapePath: false,
    applyChecksum: false,
  });
}

/** Whether two signatures are the same, in time that does not depend on where they differ. */
export function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
