import { S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';

/**
 * S3 client that computes checksums only when S3 requires them: the SDK's
 * default adds checksum framing to streamed uploads and presigned URLs that
 * the browser upload and the local emulator cannot carry.
 */
export function s3Client(config: S3ClientConfig = {}): S3Client {
  return new S3Client({
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
