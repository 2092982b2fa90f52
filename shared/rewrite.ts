/**
 * The request rewrite of the static site, written once and used by the local
 * server and (compiled into it) the CloudFront Function. Plain code within the
 * CloudFront Functions JavaScript 2.0 subset: no imports, no Node APIs.
 *
 * - `/KorPage`, `/ChPage`, `/ViPage`: permanent redirects to `/KrPage`, `/CnPage`, `/VnPage`
 *   (old dropdown targets; SPEC.md section 2, DESIGN.md section 4).
 * - `/detail/{index}`: the one staff detail shell page.
 * - A path without a file extension: its folder's `index.html` (`/KrPage` -> `/KrPage/index.html`).
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
