/**
 * The site's Content-Security-Policy. Astro inlines a few small scripts
 * (island hydration, the phone-number pick) and the page styles; instead of
 * 'unsafe-inline', the policy lists the SHA-256 hash of each inline block
 * found in the built site, so only those blocks run.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface InlineBlocks {
  /** CSP hash sources (`'sha256-...'`) of inline `<script>` elements. */
  scripts: string[];
  /** CSP hash sources of `<style>` elements. */
  styles: string[];
  /** Whether any element carries a `style="..."` attribute (hashes cannot allow those). */
  styleAttributes: boolean;
}

/** CloudFront's limit on the Content-Security-Policy value of a response headers policy. */
export const CSP_MAX_LENGTH = 1783;

const hashSource = (content: string) => `'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`;

function htmlFiles(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files.push(...htmlFiles(path));
    else if (name.endsWith('.html')) files.push(path);
  }
  return files.sort();
}

/** Hashes of every inline script and style block in the built site (none when it is not built). */
export function inlineBlocksOf(siteDir: string | undefined): InlineBlocks {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  let styleAttributes = false;
  if (siteDir && existsSync(siteDir)) {
    for (const file of htmlFiles(siteDir)) {
      const html = readFileSync(file, 'utf8');
      for (const match of html.matchAll(/<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi)) scripts.add(hashSource(match[1] ?? ''));
      for (const match of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) styles.add(hashSource(match[1] ?? ''));
      if (/<[a-z][^>]*\sstyle\s*=/i.test(html)) styleAttributes = true;
    }
  }
  return { scripts: [...scripts].sort(), styles: [...styles].sort(), styleAttributes };
}

export interface PolicyInputs {
  inline: InlineBlocks;
  /** Origin of the browser's direct uploads (the images bucket's regional S3 endpoint). */
  uploadOrigin: string;
}

/** The policy: the site's own scripts, styles and images, the video player's frames, and the upload endpoint. Nothing else. */
export function contentSecurityPolicy({ inline, uploadOrigin }: PolicyInputs): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...inline.scripts],
    ['style-src', "'self'", ...inline.styles],
    ...(inline.styleAttributes ? [['style-src-attr', "'unsafe-inline'"] as [string, ...string[]]] : []),
    // data: for inline SVG and small images, blob: for the back office's preview of a chosen image.
    ['img-src', "'self'", 'data:', 'blob:'],
    ['font-src', "'self'"],
    ['connect-src', "'self'", uploadOrigin],
    ['frame-src', 'https://player.vimeo.com'],
    ['frame-ancestors', "'none'"],
    ['form-action', "'self'"],
    ['base-uri', "'self'"],
    ['object-src', "'none'"],
    ['manifest-src', "'self'"],
    ['upgrade-insecure-requests'],
  ];
  return directives.map((parts) => parts.join(' ')).join('; ');
}
