import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { AccessLogCopyStore } from '../ports';

/** S3's answer when `If-None-Match: *` finds the key taken. */
const isTaken = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'PreconditionFailed' ||
    (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 412);

/**
 * The access log's copy bucket (Object Lock, versioned). Each object is put
 * with `If-None-Match: *`, so a batch the stream delivers again finds its
 * object and adds no second version, and with a SHA-256 checksum, which S3
 * asks of every put into a bucket with Object Lock.
 */
export function s3AccessLogCopyStore(s3: S3Client, bucket: string): AccessLogCopyStore {
  return {
    async putOnce(key, body) {
      try {
        await s3.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: body,
            ContentType: 'application/x-ndjson',
            IfNoneMatch: '*',
            ChecksumAlgorithm: 'SHA256',
          }),
        );
        return true;
      } catch (error) {
        if (isTaken(error)) return false;
        throw error;
      }
    },
  };
}
