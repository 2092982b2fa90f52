import type { ExportStore } from '../../ports';
import type { S3Bucket } from './bucket';

/** S3's smallest part but the last: 10,000 of them (S3's most) hold 48 GiB, past any export. */
const PART_BYTES = 5 * 1024 * 1024;
/** Parts on their way to S3 while the next rows are read: the reading goes on while S3 takes a part, and at most this many parts (20 MiB) wait in memory. */
const PARTS_IN_FLIGHT = 4;

export function s3ExportStore(bucket: S3Bucket): ExportStore {
  const disposition = (fileName: string) => `attachment; filename="${fileName}"`;
  return {
    async upload(key, body, fileName) {
      const headers = { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': disposition(fileName) };
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      let uploadId: string | undefined;
      const etags: Promise<string>[] = [];
      const inFlight = new Set<Promise<string>>();
      const sendPart = async () => {
        uploadId ??= await bucket.createMultipartUpload(key, headers);
        const part = bucket.uploadPart(key, uploadId, etags.length + 1, Buffer.concat(pending));
        // A failure is met when the window waits on it, or at the end; until then it must not count as unhandled.
        part.catch(() => undefined);
        etags.push(part);
        inFlight.add(part);
        void part.finally(() => inFlight.delete(part)).catch(() => undefined);
        pending = [];
        pendingBytes = 0;
        while (inFlight.size >= PARTS_IN_FLIGHT) await Promise.race(inFlight);
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
        await bucket.completeMultipartUpload(key, uploadId, await Promise.all(etags));
      } catch (error) {
        // No half file: the parts already sent are freed (S3 would otherwise keep, and bill, them) and no object appears.
        if (uploadId) {
          await Promise.allSettled(etags);
          await bucket.abortMultipartUpload(key, uploadId).catch(() => undefined);
        }
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
    async exists(key) {
      return (await bucket.headObject(key)) !== undefined;
    },
    async downloadUrl(key, fileName, expiresSeconds) {
      return bucket.presignGetObject(key, { 'response-content-disposition': disposition(fileName) }, expiresSeconds);
    },
  };
}
