/**
 * The request rewrite of the static site, written once and used by the local
 * server and (compiled into it) the CloudFront Function. Plain code within the
 * CloudFront Functions JavaScript 2.0 subset: no imports, no Node APIs.
 *
 * - `/KorPage`, `/ChPage`, `/ViPage`: permanent redirects to `/KrPage`, `/CnPage`, `/VnPage`
 *   (old dropdown targets; docs/contract.md, 'The pages and routes', and
 *   docs/decisions.md, 'Our reading of the old site's open points').
 * - `/detail/{index}`: the one staff detail shell page.
 * - A path without a file extension: its folder's `index.html` (`/KrPage` -> `/KrPage/index.html`).
 * - `/image/{file}`: the object `{file}` of the images bucket, and only a top-level
 *   object named as the server names images (no `..`, no slash, no escapes).
 */
export interface RewriteResult {
  /** Answer 301 with this location. */
  redirect?: string;
  /** Serve this object path instead. */
  path?: string;
}

export const PERMANENT_REDIRECTS: Record<string, string> = {
  '/KorPage': '/KrPage',
  '/ChPage': '/CnPage',
  '/ViPage': '/VnPage',
};

export const DETAIL_SHELL_PATH = '/detail/index.html';

/** How long browsers and the CDN may keep a permanent redirect. */
export const REDIRECT_CACHE_CONTROL = 'public, max-age=86400';

export function rewritePath(path: string): RewriteResult {
  const trimmed = path.length > 1 && path.charAt(path.length - 1) === '/' ? path.slice(0, -1) : path;
  const target = PERMANENT_REDIRECTS[trimmed];
  if (target) return { redirect: target };
  if (/^\/detail\/[^/]+$/.test(trimmed)) return { path: DETAIL_SHELL_PATH };
  if (trimmed === '/' || trimmed === '') return { path: '/index.html' };
  const lastSegment = trimmed.slice(trimmed.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) return { path: `${trimmed}/index.html` };
  return { path: trimmed };
}

/** Where the site serves stored images (the CDN from the images bucket; locally the same). */
export const IMAGE_PATH_PREFIX = '/image/';

/**
 * The images bucket key that `/image/{file}` may serve. The server names every
 * image it stores with letters, digits, `.`, `_` and `-` (a UUID and an
 * extension, or a seed image's name), never a slash, so anything else (an
 * escape such as `%2F` or `%00`, `..`, a control character, a sub-folder such
 * as the unchecked uploads') is refused before the bucket is asked.
 */
export function imageObjectKey(uri: string): { key: string } | { status: 400 | 404 } {
  if (uri.indexOf(IMAGE_PATH_PREFIX) !== 0) return { status: 404 };
  const file = uri.slice(IMAGE_PATH_PREFIX.length);
  if (file === '') return { status: 404 };
  if (file.length > 200 || !/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(file) || file.indexOf('..') !== -1)
    return { status: 400 };
  return { key: file };
}
