/**
 * S3's error answers, as the local S3 front (s3-emulator.ts) sends them: the
 * status and the XML body S3 sends (`<Error><Code>…</Code><Message>…</Message>`,
 * with the extra elements some codes carry, such as `<AWSAccessKeyId>`), so an
 * SDK client or a browser meets the error it would meet on S3.
 */
import type { ServerResponse } from 'node:http';

/** Why S3 refuses a request: its status, code, message and the elements it adds to the body. */
export interface S3Refusal {
  status: number;
  code: string;
  message: string;
  details?: Record<string, string>;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeXml = (text: string) => text.replace(/[&<>"]/g, (character) => XML_ESCAPES[character] ?? character);

export function errorXml(refusal: S3Refusal): string {
  const elements = Object.entries({ Code: refusal.code, Message: refusal.message, ...refusal.details })
    .map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><Error>${elements}</Error>`;
}

export function sendRefusal(response: ServerResponse, refusal: S3Refusal): void {
  response.writeHead(refusal.status, { 'Content-Type': 'application/xml' });
  response.end(errorXml(refusal));
}

export function xmlError(response: ServerResponse, status: number, code: string, message: string): void {
  sendRefusal(response, { status, code, message });
}

/** What S3 answers a request that carries no signature at all, on a bucket that is not public (none here is). */
export const ANONYMOUS_REFUSAL: S3Refusal = { status: 403, code: 'AccessDenied', message: 'Access Denied' };

export const SIGNATURE_MISMATCH_MESSAGE =
  'The request signature we calculated does not match the signature you provided. Check your key and signing method.';

export function signatureMismatch(accessKeyId: string): S3Refusal {
  return {
    status: 403,
    code: 'SignatureDoesNotMatch',
    message: SIGNATURE_MISMATCH_MESSAGE,
    details: { AWSAccessKeyId: accessKeyId },
  };
}

export function unknownAccessKey(accessKeyId: string): S3Refusal {
  return {
    status: 403,
    code: 'InvalidAccessKeyId',
    message: 'The AWS Access Key Id you provided does not exist in our records.',
    details: { AWSAccessKeyId: accessKeyId },
  };
}

/** A session token that is not the one issued with the access key. */
export const INVALID_TOKEN: S3Refusal = {
  status: 400,
  code: 'InvalidToken',
  message: 'The provided token is malformed or otherwise invalid.',
};

/** Signature Version 2 and anything else: Seoul (the product's region) takes Signature Version 4 alone. */
export const UNSUPPORTED_MECHANISM: S3Refusal = {
  status: 400,
  code: 'InvalidRequest',
  message: 'The authorization mechanism you have provided is not supported. Please use AWS4-HMAC-SHA256.',
};
