/**
 * Where the next page of the access log starts: a Korea day and the place of
 * the last row read in it (the store's sort key), as one opaque URL-safe
 * word. The server makes it and reads it back; the back office only passes
 * it on. In the browser and Node alike (btoa, atob, TextEncoder).
 */
import { isKoreaDay } from '../korea-time';

export interface AccessLogCursor {
  day: string;
  place: string;
}

/** A cursor's longest form: a place is a time, an action, a network, a route and an address of at most 254 characters. */
export const ACCESS_LOG_CURSOR_MAX_LENGTH = 1_000;

export function writeAccessLogCursor(cursor: AccessLogCursor): string {
  const bytes = new TextEncoder().encode(JSON.stringify([cursor.day, cursor.place]));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/** The cursor a word stands for, or `undefined` for anything the server did not make. */
export function readAccessLogCursor(word: string): AccessLogCursor | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(word) || word.length > ACCESS_LOG_CURSOR_MAX_LENGTH) return undefined;
  try {
    const binary = atob(word.replaceAll('-', '+').replaceAll('_', '/'));
    const parsed: unknown = JSON.parse(
      new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (character) => character.charCodeAt(0))),
    );
    if (!Array.isArray(parsed) || parsed.length !== 2) return undefined;
    const [day, place] = parsed as unknown[];
    return typeof day === 'string' && isKoreaDay(day) && typeof place === 'string' && place !== ''
      ? { day, place }
      : undefined;
  } catch {
    return undefined;
  }
}
