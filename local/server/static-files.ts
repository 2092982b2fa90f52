/**
 * Static files of the local stack: the built site (or a placeholder page
 * until the site exists) and `/image/*` from the images bucket, as the CDN
 * serves them in production.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { createGzip } from 'node:zlib';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { isNotFound } from '../../functions/platform/wiring/s3-client';
import { IMMUTABLE_CACHE_CONTROL } from '../../shared/packages/uploads';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

function notFound(response: ServerResponse, root: string) {
  const page = join(root, '404.html');
  if (existsSync(page)) {
    response.writeHead(404, { 'Content-Type': CONTENT_TYPES['.html'] ?? 'text/html' });
    createReadStream(page).pipe(response);
    return;
  }
  response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
  response.end('Not found');
}

const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/;

/** Serves a file under `root` (the caller has already mapped folders to their `index.html`). Paths never leave `root`. Text is gzipped when the client accepts it, as the CDN does. */
export function serveStatic(response: ServerResponse, root: string, pathname: string, acceptEncoding = ''): void {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return notFound(response, root);
  }
  const file = normalize(join(root, decoded));
  if (file !== root && !file.startsWith(root + sep)) return notFound(response, root);
  if (!existsSync(file) || !statSync(file).isFile()) return notFound(response, root);
  const target = file;
  const type = CONTENT_TYPES[extname(target).toLowerCase()] ?? 'application/octet-stream';
  const hashed = /\/_astro\//.test(pathname);
  const gzip = COMPRESSIBLE.test(type) && /\bgzip\b/.test(acceptEncoding);
  response.writeHead(200, {
    'Content-Type': type,
    'Cache-Control': hashed ? IMMUTABLE_CACHE_CONTROL : 'no-cache',
    'X-Content-Type-Options': 'nosniff',
    Vary: 'Accept-Encoding',
    ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
  });
  const stream = createReadStream(target);
  if (gzip) stream.pipe(createGzip()).pipe(response);
  else stream.pipe(response);
}

/** `/image/{file}` from the images bucket. */
export async function serveImage(response: ServerResponse, s3: S3Client, bucket: string, key: string): Promise<void> {
  try {
    if (!key) throw Object.assign(new Error('No key'), { name: 'NoSuchKey' });
    const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    response.writeHead(200, {
      'Content-Type': object.ContentType ?? 'application/octet-stream',
      'Cache-Control': object.CacheControl ?? IMMUTABLE_CACHE_CONTROL,
      'X-Content-Type-Options': 'nosniff',
      ...(object.ContentLength !== undefined ? { 'Content-Length': String(object.ContentLength) } : {}),
    });
    const body = object.Body as NodeJS.ReadableStream | undefined;
    if (body) body.pipe(response);
    else response.end();
  } catch (error) {
    if (response.headersSent) {
      // The store failed mid-body: the visitor's browser sees a cut-off image, as from CloudFront.
      response.destroy();
      return;
    }
    // A store that does not answer is CloudFront's 502 for a failing origin, not a fault of ours (500).
    const [status, text] = isNotFound(error)
      ? [404, 'Not found']
      : [502, 'The image store is not answering; please try again.'];
    response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
    response.end(text);
  }
}
