/**
 * The malware scan's results on the inbound bucket's attachments, read from
 * their tags (GetObjectTagging): a file of its own, so the thread's function,
 * which reads them and nothing else of the bucket, holds neither the
 * presigner nor the object calls (its bundle's budget).
 */
import { GetObjectTaggingCommand, type S3Client } from '@aws-sdk/client-s3';
import { SCAN_RESULT_TAG } from '../kept-mail/attachment-scans';
import type { InboundBucket } from '../ports';

export function s3ScanResults(s3: S3Client, bucket: string): Pick<InboundBucket, 'scanResult'> {
  return {
    async scanResult(key) {
      try {
        const { TagSet } = await s3.send(new GetObjectTaggingCommand({ Bucket: bucket, Key: key }));
        return TagSet?.find((tag) => tag.Key === SCAN_RESULT_TAG)?.Value;
      } catch (error) {
        // An object that is not there has no result; listing its thread does not fail for it.
        if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
  };
}
