import { S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { AWS_CALL_LIMITS } from './call-limits';

/**
 * The functions' S3 client: the region, credentials and endpoint of the
 * environment unless given, and the call limits of call-limits.ts, so a
 * hanging S3 becomes our 503 as a hanging DynamoDB does.
 */
export function s3Client(config: S3ClientConfig = {}): S3Client {
  return new S3Client({ ...AWS_CALL_LIMITS, ...config });
}

export function isNotFound(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return error.name === 'NotFound' || error.name === 'NoSuchKey' || status === 404;
}

/** What an S3 emulator (the local stack's) needs: paths rather than bucket host names, which it does not have. */
export const EMULATED_S3 = { forcePathStyle: true } as const satisfies S3ClientConfig;
