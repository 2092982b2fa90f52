import { S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { AWS_CALL_LIMITS } from '../call-limits';

/**
 * S3 client that computes checksums only when S3 requires them: the SDK's
 * default adds checksum framing to streamed uploads and presigned URLs that
 * the browser upload and the local emulator cannot carry. A call that hangs
 * is given up (see call-limits.ts).
 */
export function s3Client(config: S3ClientConfig = {}): S3Client {
  return new S3Client({
    ...AWS_CALL_LIMITS,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...config,
  });
}

export function isNotFound(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return error.name === 'NotFound' || error.name === 'NoSuchKey' || status === 404;
}
