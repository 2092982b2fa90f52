/**
 * Image uploads for the BEST 3 editor: what may be uploaded, and how the
 * server recognises an image by its first bytes (never by name or header).
 * No schema library here (the staff app imports this file); the request
 * schema is in upload-schema.ts.
 */

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

import { IMAGE_PATH_PREFIX } from '../rewrite';

export { IMAGE_PATH_PREFIX };

export function imageUrl(file: string): string {
  return `${IMAGE_PATH_PREFIX}${encodeURIComponent(file)}`;
}

/**
 * Where the browser's uploads land: a folder `/image/` never serves
 * (shared/rewrite.ts allows no slash). The server checks an upload when a
 * package is saved with it and copies it to its public name; what is left
 * here expires.
 */
export const INCOMING_IMAGE_PREFIX = 'incoming/';
export const INCOMING_IMAGE_EXPIRY_DAYS = 1;

/** Uploaded images never change under their name, so browsers and the CDN may keep them for good. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export const IMAGE_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/gif': 'gif',
} as const;

export type ImageContentType = keyof typeof IMAGE_TYPES;
export const IMAGE_CONTENT_TYPES = Object.keys(IMAGE_TYPES) as [ImageContentType, ...ImageContentType[]];

/** How many leading bytes `sniffImageType` needs. */
export const IMAGE_SNIFF_BYTES = 16;

/** The image type of a file's first bytes, or `undefined` when they are not one we accept. */
export function sniffImageType(head: Uint8Array): ImageContentType | undefined {
  const startsWith = (offset: number, ...bytes: number[]) => bytes.every((byte, i) => head[offset + i] === byte);
  const ascii = (offset: number, text: string) => startsWith(offset, ...[...text].map((ch) => ch.charCodeAt(0)));
  if (startsWith(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (startsWith(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'image/gif';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'image/webp';
  if (ascii(4, 'ftypavif') || ascii(4, 'ftypavis')) return 'image/avif';
  return undefined;
}

export interface UploadTicket {
  filename: string;
  index?: string;
  upload: { method: 'POST'; url: string; fields: Record<string, string> };
}
