import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { ExportStore } from '../../ports';

/** S3's smallest part: 10,000 of them (S3's most) hold 48 GiB, past any export, and few are held in memory at once. */
const PART_BYTES = 5 * 1024 * 1024;
/** Parts uploaded at once while the next ones are read: the rows keep coming while S3 takes a part. */
const PARTS_IN_FLIGHT = 4;

export function s3ExportStore(s3: S3Client, bucket: string): ExportStore {
  const disposition = (fileName: string) => `attachment; filename="${fileName}"`;
  return {
    async upload(key, body, fileName) {
      // At most PARTS_IN_FLIGHT parts (20 MiB) in memory, whatever the export's size. A failure aborts the multipart
      // upload (a small file is one PUT, never sent), so no half file is ever left.
      const upload = new Upload({
        client: s3,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
        partSize: PART_BYTES,
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
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: object.Key }));
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
        if (error instanceof Error && (error.name === 'NotFound' || error.name === 'NoSuchKey')) return false;
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
