import type { ImageStore } from '../../ports';
import { IMMUTABLE_CACHE_CONTROL } from '../../../shared/uploads';
import { type S3Bucket, isNotFound } from './bucket';

const IMMUTABLE = IMMUTABLE_CACHE_CONTROL;

export function s3ImageStore(bucket: S3Bucket): ImageStore {
  return {
    async presignUpload(key, contentType, maxBytes, expiresSeconds) {
      // The policy is what real S3 enforces: exact key, type and a size range.
      return bucket.presignPost(
        key,
        { 'Content-Type': contentType, 'Cache-Control': IMMUTABLE },
        [
          ['content-length-range', 1, maxBytes],
          ['eq', '$Content-Type', contentType],
          ['eq', '$Cache-Control', IMMUTABLE],
        ],
        expiresSeconds,
      );
    },

    async inspect(key, headBytes) {
      const head = await bucket.headObject(key);
      if (!head) return undefined;
      if (head.size === 0) return { size: 0, head: new Uint8Array() };
      try {
        const bytes = await bucket.getObjectRange(key, 0, headBytes - 1);
        return { size: head.size, head: bytes.subarray(0, headBytes) };
      } catch (error) {
        // Removed between the two reads.
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },

    async put(key, body, contentType) {
      await bucket.putObject(key, body, { 'content-type': contentType, 'cache-control': IMMUTABLE });
    },

    async copy(fromKey, toKey, contentType) {
      await bucket.copyObject(fromKey, toKey, { 'content-type': contentType, 'cache-control': IMMUTABLE });
    },
  };
}
