import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { InboundBucket } from '../ports';
import { s3ScanResults } from './s3-scan-results';

/** The private bucket of received mail (BUCKETS.inbound): raw messages and the attachments of visitors' messages, never served. */
export function s3InboundBucket(s3: S3Client, bucket: string): InboundBucket {
  return {
    async putRaw(key, bytes) {
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: 'message/rfc822' }));
    },

    async getRaw(key, maxBytes) {
      const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      const size = Number(object.ContentLength ?? 0);
      if (size > maxBytes) {
        // Never read whole: the stream is let go unread.
        (object.Body as { destroy?: () => void } | undefined)?.destroy?.();
        return { tooLarge: size };
      }
      return object.Body ? object.Body.transformToByteArray() : new Uint8Array();
    },

    async putAttachment(key, bytes, type) {
      // Always a download, never shown: whoever gets a link to it later is handed a file, not a page.
      await s3.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: bytes,
          ContentType: type,
          ContentDisposition: 'attachment',
        }),
      );
    },

    scanResult: s3ScanResults(s3, bucket).scanResult,

    downloadUrl(key, response, expiresSeconds) {
      // The response's headers are signed into the link: whoever follows it gets a file to save, of a type no browser renders as a page.
      // S3 overrides only these six answer headers (type, disposition, cache control, language, encoding, expires):
      // no `X-Content-Type-Options: nosniff`, which S3 never sends. A saved file is not sniffed into a page, and the
      // type is always one the bytes showed (kept-mail/attachment-download.ts).
      const get = new GetObjectCommand({
        Bucket: bucket,
        Key: key,
        ResponseContentDisposition: response.disposition,
        ResponseContentType: response.type,
        ResponseCacheControl: 'private, no-store',
      });
      return getSignedUrl(s3, get, { expiresIn: expiresSeconds });
    },

    async remove(keys) {
      // An enquiry's messages hold a handful of objects; deleting a key that is not there succeeds.
      await Promise.all(keys.map((key) => s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))));
    },
  };
}
