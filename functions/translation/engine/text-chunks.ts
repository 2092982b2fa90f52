/**
 * A text cut into pieces the engine takes at once (Amazon Translate: 10,000
 * bytes of UTF-8 a request), at the most natural place that fits: between
 * paragraphs, then lines, then sentences, then words, and only as a last
 * resort between two characters (never inside one). The pieces joined give
 * the text back exactly, so translating each and joining loses nothing.
 */

const BREAKS: readonly RegExp[] = [/(?<=\n\s*\n)/, /(?<=\n)/, /(?<=[.!?。！？]\s*)/u, /(?<=\s)/];

const bytesOf = (text: string) => Buffer.byteLength(text, 'utf8');

export function textChunks(text: string, maxBytes: number): string[] {
  if (maxBytes < 4) throw new Error('A piece must hold at least one character (4 bytes)');
  return cut(text, maxBytes, 0);
}

function cut(text: string, maxBytes: number, level: number): string[] {
  if (bytesOf(text) <= maxBytes) return text ? [text] : [];
  const splitter = BREAKS[level];
  if (!splitter) return byCharacters(text, maxBytes);
  const pieces: string[] = [];
  let current = '';
  for (const part of text.split(splitter)) {
    if (bytesOf(current + part) <= maxBytes) {
      current += part;
      continue;
    }
    if (current) pieces.push(current);
    current = '';
    if (bytesOf(part) <= maxBytes) current = part;
    else pieces.push(...cut(part, maxBytes, level + 1));
  }
  if (current) pieces.push(current);
  return pieces;
}

function byCharacters(text: string, maxBytes: number): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const character of text) {
    if (bytesOf(current + character) > maxBytes) {
      pieces.push(current);
      current = '';
    }
    current += character;
  }
  if (current) pieces.push(current);
  return pieces;
}
