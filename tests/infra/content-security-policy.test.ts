import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineBlocksOf } from '../../infra/content-security-policy';
import { INLINE_SCRIPT, INLINE_STYLE, removeTemporaryDirs, tinySite } from './helpers';

afterAll(removeTemporaryDirs);

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('the Content-Security-Policy', () => {
  it('allows the inline blocks of the built site by hash, not with unsafe-inline', () => {
    const inline = inlineBlocksOf(tinySite());
    expect(inline).toEqual({ scripts: [sha256(INLINE_SCRIPT)], styles: [sha256(INLINE_STYLE)], styleAttributes: false });
    const policy = contentSecurityPolicy({ inline, uploadOrigin: 'https://images.s3.ap-northeast-2.amazonaws.com' });
    expect(policy).toContain(`script-src 'self' ${sha256(INLINE_SCRIPT)};`);
    expect(policy).toContain(`style-src 'self' ${sha256(INLINE_STYLE)};`);
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
  });

  it("allows the video player's frames, the upload endpoint and nothing else", () => {
    const policy = contentSecurityPolicy({ inline: inlineBlocksOf(undefined), uploadOrigin: 'https://images.s3.ap-northeast-2.amazonaws.com' });
    expect(policy.split('; ')).toEqual([
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      "connect-src 'self' https://images.s3.ap-northeast-2.amazonaws.com",
      'frame-src https://player.vimeo.com',
      "frame-ancestors 'none'",
      "form-action 'self'",
      "base-uri 'self'",
      "object-src 'none'",
      "manifest-src 'self'",
      'upgrade-insecure-requests',
    ]);
  });
});
