import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textChunks } from './text-chunks';

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
/** No half of a surrogate pair alone (a character cut in two). */
const wellFormed = (text: string) =>
  !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

describe('textChunks', () => {
  it('keeps a text that fits whole, and gives nothing for an empty one', () => {
    expect(textChunks('Можно ли приехать в декабре?', 100)).toEqual(['Можно ли приехать в декабре?']);
    expect(textChunks('', 100)).toEqual([]);
  });

  it('cuts between paragraphs first, then lines, then sentences, then words', () => {
    expect(textChunks('First paragraph.\n\nSecond paragraph.', 20)).toEqual([
      'First paragraph.\n\n',
      'Second paragraph.',
    ]);
    expect(textChunks('Line one here\nLine two here', 16)).toEqual(['Line one here\n', 'Line two here']);
    expect(textChunks('One sentence. Another one.', 16)).toEqual(['One sentence. ', 'Another one.']);
    expect(textChunks('aaaa bbbb cccc', 10)).toEqual(['aaaa bbbb ', 'cccc']);
  });

  it('counts bytes, not characters, and never cuts inside a character', () => {
    // Each Hangul syllable is 3 bytes of UTF-8, an emoji 4.
    const pieces = textChunks('가나다라마바사😀아자차', 7);
    expect(pieces.every((piece) => bytes(piece) <= 7)).toBe(true);
    expect(pieces.join('')).toBe('가나다라마바사😀아자차');
    expect(pieces.every((piece) => wellFormed(piece))).toBe(true);
  });

  it('gives the text back exactly, in pieces that each fit, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), fc.integer({ min: 4, max: 64 }), (text, max) => {
        const pieces = textChunks(text, max);
        expect(pieces.join('')).toBe(text);
        expect(pieces.every((piece) => piece.length > 0 && bytes(piece) <= max && wellFormed(piece))).toBe(true);
      }),
    );
  });
});
