import { describe, expect, it } from 'vitest';
import { uploadRequestSchema } from './upload-schema';
import { IMAGE_CONTENT_TYPES, IMAGE_SNIFF_BYTES, IMAGE_TYPES, MAX_IMAGE_BYTES, sniffImageType } from './uploads';

const bytes = (...values: number[]) => Uint8Array.from(values);
const ascii = (text: string) => Uint8Array.from(Buffer.from(text, 'latin1'));
const concat = (...parts: Uint8Array[]) => Uint8Array.from(Buffer.concat(parts));
const pad = (head: Uint8Array, length = 32) => concat(head, new Uint8Array(Math.max(0, length - head.length)));

/** Leading bytes of real files of each type. */
const SAMPLES = {
  jpegJfif: bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01),
  jpegExif: bytes(0xff, 0xd8, 0xff, 0xe1, 0x1f, 0xfe, 0x45, 0x78, 0x69, 0x66, 0x00, 0x00, 0x4d, 0x4d, 0x00, 0x2a),
  png: bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52),
  gif87a: concat(ascii('GIF87a'), bytes(0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00)),
  gif89a: concat(ascii('GIF89a'), bytes(0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00)),
  webp: concat(ascii('RIFF'), bytes(0x24, 0x00, 0x00, 0x00), ascii('WEBPVP8 ')),
  avif: concat(bytes(0x00, 0x00, 0x00, 0x1c), ascii('ftypavif'), bytes(0x00, 0x00, 0x00, 0x00)),
  avifSequence: concat(bytes(0x00, 0x00, 0x00, 0x20), ascii('ftypavis'), bytes(0x00, 0x00, 0x00, 0x00)),
};

describe('sniffImageType', () => {
  it.each([
    ['JPEG (JFIF)', SAMPLES.jpegJfif, 'image/jpeg'],
    ['JPEG (Exif)', SAMPLES.jpegExif, 'image/jpeg'],
    ['PNG', SAMPLES.png, 'image/png'],
    ['GIF87a', SAMPLES.gif87a, 'image/gif'],
    ['GIF89a', SAMPLES.gif89a, 'image/gif'],
    ['WebP', SAMPLES.webp, 'image/webp'],
    ['AVIF', SAMPLES.avif, 'image/avif'],
    ['AVIF sequence', SAMPLES.avifSequence, 'image/avif'],
  ] as const)('recognises %s', (_name, head, type) => {
    expect(sniffImageType(head)).toBe(type);
    expect(sniffImageType(pad(head))).toBe(type);
  });

  it('needs no more than IMAGE_SNIFF_BYTES bytes', () => {
    for (const head of Object.values(SAMPLES))
      expect(sniffImageType(pad(head).slice(0, IMAGE_SNIFF_BYTES))).toBeDefined();
  });

  it.each([
    ['an SVG', ascii('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>')],
    ['an SVG with an XML declaration', ascii('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['a text file', ascii('Hello, this is just text.\n')],
    ['a PDF', ascii('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj')],
    ['HTML', ascii('<!doctype html><html><script>alert(1)</script>')],
    ['a ZIP', bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00)],
    ['a RIFF that is not WebP (WAV)', concat(ascii('RIFF'), bytes(0x24, 0x00, 0x00, 0x00), ascii('WAVEfmt '))],
    [
      'an ISO media file that is not AVIF (HEIC)',
      concat(bytes(0x00, 0x00, 0x00, 0x18), ascii('ftypheic'), bytes(0, 0, 0, 0)),
    ],
    ['an MP4', concat(bytes(0x00, 0x00, 0x00, 0x18), ascii('ftypmp42'), bytes(0, 0, 0, 0))],
    ['a truncated PNG signature', bytes(0x89, 0x50, 0x4e, 0x47)],
    ['two JPEG bytes', bytes(0xff, 0xd8)],
    ['GIF without a version', ascii('GIF')],
    ['empty bytes', new Uint8Array(0)],
    ['zeros', new Uint8Array(16)],
  ])('refuses %s', (_name, head) => {
    expect(sniffImageType(head)).toBeUndefined();
  });

  it('only answers types that may be uploaded', () => {
    for (const head of Object.values(SAMPLES)) expect(IMAGE_CONTENT_TYPES).toContain(sniffImageType(head));
  });
});

describe('IMAGE_TYPES', () => {
  it('lists JPEG, PNG, WebP, AVIF and GIF, never SVG', () => {
    expect(IMAGE_TYPES).toEqual({
      'image/jpeg': 'jpg',
      'image/png': 'png',
      'image/webp': 'webp',
      'image/avif': 'avif',
      'image/gif': 'gif',
    });
    expect(IMAGE_CONTENT_TYPES).not.toContain('image/svg+xml');
  });
});

describe('uploadRequestSchema', () => {
  it.each(IMAGE_CONTENT_TYPES)('accepts %s', (contentType) => {
    expect(uploadRequestSchema.parse({ contentType, size: 1000 })).toEqual({ contentType, size: 1000 });
  });

  it.each(['image/svg+xml', 'image/heic', 'application/pdf', 'text/plain', 'IMAGE/PNG', 'image/jpg', ''])(
    'refuses the type %j',
    (contentType) => {
      const result = uploadRequestSchema.safeParse({ contentType, size: 1000 });
      expect(result.success).toBe(false);
      if (!result.success) expect(result.error.issues.map((issue) => issue.path.join('.'))).toEqual(['contentType']);
    },
  );

  it('accepts sizes from 1 byte to 5 MiB, as numbers or numeric strings', () => {
    expect(MAX_IMAGE_BYTES).toBe(5 * 1024 * 1024);
    expect(uploadRequestSchema.parse({ contentType: 'image/png', size: 1 }).size).toBe(1);
    expect(uploadRequestSchema.parse({ contentType: 'image/png', size: 5 * 1024 * 1024 }).size).toBe(5_242_880);
    expect(uploadRequestSchema.parse({ contentType: 'image/png', size: '2048' }).size).toBe(2048);
  });

  it.each([0, -1, 5 * 1024 * 1024 + 1, 1.5, 'big', undefined])('refuses the size %j', (size) => {
    const result = uploadRequestSchema.safeParse({ contentType: 'image/png', size });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.issues.map((issue) => issue.path.join('.'))).toEqual(['size']);
  });

  it('keeps a short popup input id and refuses a long one', () => {
    expect(uploadRequestSchema.parse({ contentType: 'image/webp', size: 10, index: 'imgUP_ru' }).index).toBe(
      'imgUP_ru',
    );
    expect(uploadRequestSchema.safeParse({ contentType: 'image/webp', size: 10, index: 'x'.repeat(51) }).success).toBe(
      false,
    );
  });

  it('strips a client-chosen file name', () => {
    expect(
      uploadRequestSchema.parse({ contentType: 'image/webp', size: 10, filename: '../../etc/passwd' }),
    ).not.toHaveProperty('filename');
  });
});
