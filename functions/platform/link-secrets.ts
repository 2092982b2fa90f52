/**
 * The secrets of links that work by holding them (a staff account's one-time
 * link, a visitor's page): random bytes in base64url, of which only the
 * SHA-256 (hex) is stored, compared in constant time; and the key a secret
 * setting gives one purpose alone (HKDF), so one secret never keys two things.
 */
import { createHash, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** `bytes` random bytes, base64url (32: 256 bits). */
export const newLinkSecret = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** What is stored of a link's secret. */
export const linkSecretHash = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Whether two stored-form hashes are the same, in constant time. */
export function sameHash(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A 256-bit key for one purpose (`info`), derived from a secret setting. */
export const purposeKey = (secret: string, info: string) =>
  Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), info, 32));
