import { describe, expect, it } from 'vitest';
import { openContent, sealContent } from './sealed-content';

const SECRET = 'a-token-secret-of-at-least-thirty-two-characters';
const CONTENT = {
  to: 'new@centre.example',
  subject: '초대',
  text: 'https://www.example.com/staff/welcome#abc.def',
  html: '<p>link</p>',
};

describe('sealed mail content', () => {
  it('opens to the same content, and the sealed form does not show it', () => {
    const sealed = sealContent(SECRET, CONTENT);
    expect(sealed).not.toContain('welcome');
    expect(sealed).not.toContain('abc');
    expect(openContent(SECRET, sealed)).toEqual(CONTENT);
  });

  it('seals the same content differently each time (a fresh IV)', () => {
    expect(sealContent(SECRET, CONTENT)).not.toBe(sealContent(SECRET, CONTENT));
  });

  it('does not open with another secret', () => {
    expect(() => openContent(`${SECRET}-rotated`, sealContent(SECRET, CONTENT))).toThrow();
  });

  it('does not open once changed', () => {
    const [format, iv, body = ''] = sealContent(SECRET, CONTENT).split('.');
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => openContent(SECRET, [format, iv, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => openContent(SECRET, 'v2.x.y')).toThrow(/format/);
  });
});
