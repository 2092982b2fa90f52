import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { ExportStore } from '../../ports';

const PART_BYTES = 5 * 1024 * 1024;

export function s3ExportStore(s3: S3Client, bucket: string): ExportStore {
  const disposition = (fileName: string) => `attachment; filename="${fileName}"`;
  return {
    async upload(key, body, fileName) {
      // One part in flight at a time keeps memory flat whatever the export's size.
      const upload = new Upload({
        client: s3,
        queueSize: 1,
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
    async downloadUrl(key, fileName, expiresSeconds) {
      return getSignedUrl(
        s3,
        new GetObjectCommand({ Bucket: bucket, Key: key, ResponseContentDisposition: disposition(fileName) }),
        { expiresIn: expiresSeconds },
      );
    },
  };
}
