import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  type S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { ExportStore } from '../ports';
import { isNotFound } from '../../platform/wiring/s3-client';

/** S3's smallest part but the last: 10,000 of them (S3's most) hold 48 GiB, past any export. */
const PART_BYTES = 5 * 1024 * 1024;
/** Parts on their way to S3 while the next rows are read: the reading goes on while S3 takes a part, and at most this many parts (20 MiB) wait in memory. */
const PARTS_IN_FLIGHT = 4;

export function s3ExportStore(s3: S3Client, bucket: string): ExportStore {
  const disposition = (fileName: string) => `attachment; filename="${fileName}"`;
  return {
    async upload(key, body, fileName) {
      // A small file is one PutObject, a large one a multipart upload. A failure aborts the multipart upload, so no
      // half file is left and S3 keeps (and bills) no orphaned parts.
      const upload = new Upload({
        client: s3,
        queueSize: PARTS_IN_FLIGHT,
        partSize: PART_BYTES,
        leavePartsOnError: false,
        params: {
          Bucket: bucket,
          Key: key,
          Body: Readable.from(body),
          ContentType: 'text/csv; charset=utf-8',
          ContentDisposition: disposition(fileName),
        },
      });
      await upload.done();
    },
    async removeAll() {
      let removed = 0;
      let token: string | undefined;
      do {
        const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        for (const { Key: key } of page.Contents ?? []) {
          if (key === undefined) continue;
          await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
          removed += 1;
        }
        token = page.NextContinuationToken;
      } while (token);
      return removed;
    },
    async exists(key) {
      try {
        await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        // With ListBucket a missing key is NotFound (404); without it S3 would say 403.
        if (isNotFound(error)) return false;
        throw error;
      }
    },
    async downloadUrl(key, fileName, expiresSeconds) {
      return getSignedUrl(
        s3,
        new GetObjectCommand({ Bucket: bucket, Key: key, ResponseContentDisposition: disposition(fileName) }),
        { expiresIn: expiresSeconds },
      );
    },
  };
}
