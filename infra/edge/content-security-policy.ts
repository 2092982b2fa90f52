/**
 * What the site's Content-Security-Policy needs from the build: the SHA-256
 * hash of each inline script and style block Astro left in the built pages (the
 * policy itself is shared/security-headers.ts's `contentSecurityPolicy`), and
 * CloudFront's limit on its length.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { InlineBlocks } from '../../shared/security-headers';

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
      for (const match of html.matchAll(/<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi))
        scripts.add(hashSource(match[1] ?? ''));
      for (const match of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) styles.add(hashSource(match[1] ?? ''));
      if (/<[a-z][^>]*\sstyle\s*=/i.test(html)) styleAttributes = true;
    }
  }
  return { scripts: [...scripts].sort(), styles: [...styles].sort(), styleAttributes };
}
