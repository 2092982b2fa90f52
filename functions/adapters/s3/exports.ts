import type { ExportStore } from '../../ports';
import type { S3Bucket } from './bucket';

/** S3's smallest part but the last: the file is sent in parts this big, one in memory at a time. */
const PART_BYTES = 5 * 1024 * 1024;

export function s3ExportStore(bucket: S3Bucket): ExportStore {
  const disposition = (fileName: string) => `attachment; filename="${fileName}"`;
  return {
    async upload(key, body, fileName) {
      const headers = { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': disposition(fileName) };
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      let uploadId: string | undefined;
      const etags: string[] = [];
      const sendPart = async () => {
        uploadId ??= await bucket.createMultipartUpload(key, headers);
        etags.push(await bucket.uploadPart(key, uploadId, etags.length + 1, Buffer.concat(pending)));
        pending = [];
        pendingBytes = 0;
      };
      try {
        for await (const text of body) {
          const chunk = Buffer.from(text);
          pending.push(chunk);
          pendingBytes += chunk.length;
          if (pendingBytes >= PART_BYTES) await sendPart();
        }
        // A small file is one PutObject; a large one ends with its last (shorter) part.
        if (!uploadId) return await bucket.putObject(key, Buffer.concat(pending), headers);
        if (pendingBytes > 0) await sendPart();
        await bucket.completeMultipartUpload(key, uploadId, etags);
      } catch (error) {
        // The parts already sent are freed; S3 would otherwise keep (and bill) them.
        if (uploadId) await bucket.abortMultipartUpload(key, uploadId).catch(() => undefined);
        throw error;
      }
    },
    async removeAll() {
      let removed = 0;
      let token: string | undefined;
      do {
        const page = await bucket.listObjects(token);
        for (const key of page.keys) {
          await bucket.deleteObject(key);
          removed += 1;
        }
        token = page.next;
      } while (token);
      return removed;
    },
    async downloadUrl(key, fileName, expiresSeconds) {
      return bucket.presignGetObject(key, { 'response-content-disposition': disposition(fileName) }, expiresSeconds);
    },
  };
}
