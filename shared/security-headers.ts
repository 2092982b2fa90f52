/**
 * The security headers of every answer, defined once: the CDK response
 * headers policy sets them in production (infra/constructs/hosting/site-hosting.ts)
 * and the local server sends the same (local/server/security-headers.ts), on pages
 * and on API answers. Astro inlines a few small scripts and the page styles;
 * instead of 'unsafe-inline' the policy lists the SHA-256 hash of each inline
 * block of the built site, so only those run.
 */

export interface InlineBlocks {
  /** CSP hash sources (`'sha256-...'`) of inline `<script>` elements. */
  scripts: string[];
  /** CSP hash sources of `<style>` elements. */
  styles: string[];
  /** Whether any element carries a `style="..."` attribute (hashes cannot allow those). */
  styleAttributes: boolean;
}

export interface PolicyInputs {
  inline: InlineBlocks;
  /** Origin of the browser's direct uploads (the images bucket's S3 endpoint); none when uploads go to the site's own origin. */
  uploadOrigin?: string;
  /** Send `upgrade-insecure-requests` (production, over HTTPS; never on plain-HTTP local servers). */
  upgradeInsecureRequests: boolean;
}

/** Where the clinic, service and VR videos play from. */
export const VIDEO_FRAME_ORIGINS = ['https://player.vimeo.com'];

/** The page policy: the site's own scripts, styles, images and video files, the video player's frames, and the upload endpoint. Nothing else. */
export function contentSecurityPolicy({ inline, uploadOrigin, upgradeInsecureRequests }: PolicyInputs): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...inline.scripts],
    ['style-src', "'self'", ...inline.styles],
    ...(inline.styleAttributes ? [['style-src-attr', "'unsafe-inline'"] as [string, ...string[]]] : []),
    // data: for inline SVG and small images, blob: for the back office's preview of a chosen image.
    ['img-src', "'self'", 'data:', 'blob:'],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...(uploadOrigin ? [uploadOrigin] : [])],
    ['frame-src', ...VIDEO_FRAME_ORIGINS],
    // The videos' own files on the site's CDN path (/video/...), the Chinese page's source for mainland China.
    ['media-src', "'self'"],
    ['frame-ancestors', "'none'"],
    ['form-action', "'self'"],
    ['base-uri', "'self'"],
    ['object-src', "'none'"],
    ['manifest-src', "'self'"],
    ...(upgradeInsecureRequests ? [['upgrade-insecure-requests'] as [string]] : []),
  ];
  return directives.map((parts) => parts.join(' ')).join('; ');
}

/** An API answer is data, never a document: nothing in it may load or run, and nobody may frame it. */
export const API_CONTENT_SECURITY_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** HSTS: two years (production only: a local server speaks plain HTTP). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';

/** The headers besides CSP and HSTS, the same on every answer. */
export const COMMON_SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
} as const;
