import { S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { AWS_CALL_LIMITS } from '../functions/adapters/call-limits';

/**
 * The SDK's S3 client, for the local stack's own needs (making the buckets,
 * serving `/image/*`) and the tests; the functions use the requests of
 * functions/adapters/s3/bucket.ts. It computes checksums only when S3
 * requires them: the SDK's default adds checksum framing to streamed uploads
 * and presigned URLs that the local emulator cannot carry. A hanging S3 is
 * given up as the functions give it up (functions/adapters/call-limits.ts).
 */
export function s3Client(config: S3ClientConfig = {}): S3Client {
  return new S3Client({
    ...AWS_CALL_LIMITS,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...config,
  });
}
