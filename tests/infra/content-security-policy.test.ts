import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { inlineBlocksOf } from '../../infra/edge/content-security-policy';
import { contentSecurityPolicy } from '../../shared/security-headers';
import { INLINE_SCRIPT, INLINE_STYLE, removeTemporaryDirs, tinySite } from './helpers';

afterAll(removeTemporaryDirs);

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('the Content-Security-Policy of the built site', () => {
  it('allows the inline blocks of the built site by hash, not with unsafe-inline', () => {
    const inline = inlineBlocksOf(tinySite());
    expect(inline).toEqual({
      scripts: [sha256(INLINE_SCRIPT)],
      styles: [sha256(INLINE_STYLE)],
      styleAttributes: false,
    });
    const policy = contentSecurityPolicy({
      inline,
      uploadOrigin: 'https://images.s3.ap-northeast-2.amazonaws.com',
      upgradeInsecureRequests: true,
    });
    expect(policy).toContain(`script-src 'self' ${sha256(INLINE_SCRIPT)};`);
    expect(policy).toContain(`style-src 'self' ${sha256(INLINE_STYLE)};`);
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
  });

  it('finds no inline blocks before the site is built', () => {
    expect(inlineBlocksOf(undefined)).toEqual({ scripts: [], styles: [], styleAttributes: false });
  });
});

describe('video files', () => {
  it("lets the pages play video files from the site's own origin (the China sources), and from nowhere else", () => {
    const policy = contentSecurityPolicy({
      inline: { scripts: [], styles: [], styleAttributes: false },
      upgradeInsecureRequests: false,
    });
    expect(policy).toContain("media-src 'self';");
  });
});
