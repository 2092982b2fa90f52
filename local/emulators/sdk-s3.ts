import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { EMULATED_S3, s3Client } from '../../functions/platform/wiring/s3-client';

/** The functions' S3 client set for the local S3 emulator: for the local stack's own needs (making the buckets, serving `/image/*`) and the tests. */
export function localS3Client(config: S3ClientConfig): S3Client {
  return s3Client({ ...EMULATED_S3, ...config });
}
