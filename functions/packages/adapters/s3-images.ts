import {
  CopyObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import type { ImageStore } from '../ports';
import { IMMUTABLE_CACHE_CONTROL } from '../../../shared/packages/uploads';
import { isNotFound } from '../../platform/wiring/s3-client';

const IMMUTABLE = IMMUTABLE_CACHE_CONTROL;

export function s3ImageStore(s3: S3Client, bucket: string): ImageStore {
  return {
    async presignUpload(key, contentType, maxBytes, expiresSeconds) {
      // The policy is what real S3 enforces: exact key, type and a size range.
      const post = await createPresignedPost(s3, {
        Bucket: bucket,
        Key: key,
        Expires: expiresSeconds,
        Fields: { 'Content-Type': contentType, 'Cache-Control': IMMUTABLE },
        Conditions: [
          ['content-length-range', 1, maxBytes],
          ['eq', '$Content-Type', contentType],
          ['eq', '$Cache-Control', IMMUTABLE],
        ],
      });
      return { url: post.url, fields: post.fields };
    },

    async inspect(key, headBytes) {
      try {
        const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        const size = Number(head.ContentLength ?? 0);
        if (size === 0) return { size, head: new Uint8Array() };
        const object = await s3.send(
          new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=0-${headBytes - 1}` }),
        );
        const bytes = object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
        return { size, head: bytes.subarray(0, headBytes) };
      } catch (error) {
        // None there, or removed between the two reads.
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },

    async put(key, body, contentType) {
      await s3.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: IMMUTABLE,
        }),
      );
    },

    async copy(fromKey, toKey, contentType) {
      await s3.send(
        new CopyObjectCommand({
          Bucket: bucket,
          Key: toKey,
          CopySource: `${bucket}/${encodeURIComponent(fromKey)}`,
          MetadataDirective: 'REPLACE',
          ContentType: contentType,
          CacheControl: IMMUTABLE,
        }),
      );
    },
  };
}
