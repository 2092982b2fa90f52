/**
 * One-time links to a staff account (an invitation, an enrolment in
 * two-factor): the token names the account (base64url of the address, so the
 * link finds it by key) and carries 32 random bytes, of which only the
 * SHA-256 is stored on the account. The link itself goes out only in a mail,
 * sealed while it waits in the outbox (mail/sealed-content.ts).
 */
import { linkSecretHash as sha256, newLinkSecret, sameHash } from '../platform/link-secrets';

export function newAccountLink(email: string): { token: string; hash: string } {
  const secret = newLinkSecret();
  return { token: `${Buffer.from(email).toString('base64url')}.${secret}`, hash: sha256(secret) };
}

export function readAccountLinkToken(token: string): { email: string; hash: string } | undefined {
  const [address, secret] = token.split('.');
  if (!address || !secret) return undefined;
  return { email: Buffer.from(address, 'base64url').toString('utf8'), hash: sha256(secret) };
}

/** Whether a link's hash is the stored one and the link is still in time (compared in constant time). */
export function linkMatches(stored: { hash?: string; expiresAt?: number }, given: string, nowMs: number): boolean {
  if (!stored.hash || (stored.expiresAt ?? 0) <= nowMs) return false;
  return sameHash(stored.hash, given);
}
