/**
 * The reply address of an enquiry, `reply+<postIndex>-<mac>@<INBOUND_DOMAIN>`,
 * and the thread reference every mail to its visitor carries
 * (`<thread+<postIndex>-<mac>@<INBOUND_DOMAIN>>` in References). The MAC is
 * the first 128 bits of HMAC-SHA-256 of the enquiry's number under a key
 * derived (HKDF-SHA-256) from REPLY_ADDRESS_SECRET for this purpose alone, in
 * lower-case base32: nobody can make the address of an enquiry they were not
 * mailed about, so a guessed number files nothing into a thread. Mail systems
 * change the case of addresses, so the MAC is compared without case.
 *
 * A rotated REPLY_ADDRESS_SECRET makes the addresses of mails sent before it forged:
 * their answers land in the unmatched box (never in a wrong thread), and
 * still match by In-Reply-To when they answer a recorded Message-ID.
 */
import { createHmac } from 'node:crypto';
import { Secret } from 'otpauth';
import { purposeKey, sameHash } from '../platform/link-secrets';
import type { Threading } from '../mail/ports';

/** The key's purpose, so the secret never keys two different things with one key. */
const KEY_INFO = 'enquiry reply address mac v1';
const MAC_BYTES = 16;
const macKey = (secret: string) => purposeKey(secret, KEY_INFO);

/** The enquiry's MAC: 26 characters of lower-case base32 (128 bits). */
export function enquiryMac(secret: string, postIndex: number): string {
  const mac = createHmac('sha256', macKey(secret)).update(`enquiry:${postIndex}`).digest().subarray(0, MAC_BYTES);
  // otpauth's RFC 4648 base32 (it is the TOTP secrets' too), in lower case: addresses are shown in mail clients.
  return new Secret({ buffer: Uint8Array.from(mac).buffer }).base32.toLowerCase();
}

function macMatches(secret: string, postIndex: number, mac: string): boolean {
  return sameHash(enquiryMac(secret, postIndex), mac.toLowerCase());
}

export interface ReplyAddressing {
  /** REPLY_ADDRESS_SECRET (never the staff tokens' secret: the public functions that mail visitors hold it). */
  secret: string;
  /** INBOUND_DOMAIN. */
  domain: string;
}

/** Where the visitor's answer to any mail about this enquiry goes. */
export function replyAddress({ secret, domain }: ReplyAddressing, postIndex: number): string {
  return `reply+${postIndex}-${enquiryMac(secret, postIndex)}@${domain}`;
}

/** The id every mail to this enquiry's visitor names in References, so mail clients keep them in one thread and an answer names it back. */
export function threadReference({ secret, domain }: ReplyAddressing, postIndex: number): string {
  return `<thread+${postIndex}-${enquiryMac(secret, postIndex)}@${domain}>`;
}

/** What an address or a message id at the inbound domain says: an enquiry (its MAC right), or forged (the shape of ours with a wrong MAC). */
export type AddressMatch = { kind: 'enquiry'; postIndex: number } | { kind: 'forged' };

const OURS = /^(reply|thread)\+(\d{1,12})-([a-z2-7]+)$/i;

/**
 * Reads an address (`reply+…@domain`) or a message id (`<thread+…@domain>`)
 * of ours; `undefined` for anything else, an address of another domain or
 * another shape included. Domain and MAC are compared without case.
 */
export function readOurAddress(
  { secret, domain }: ReplyAddressing,
  text: string,
  kind: 'reply' | 'thread',
): AddressMatch | undefined {
  const bare = text.trim().replace(/^<(.*)>$/, '$1');
  const at = bare.lastIndexOf('@');
  if (at < 0 || bare.slice(at + 1).toLowerCase() !== domain.toLowerCase()) return undefined;
  const local = bare.slice(0, at);
  if (!local.toLowerCase().startsWith(`${kind}+`)) return undefined;
  const match = OURS.exec(local);
  const postIndex = Number(match?.[2]);
  if (!match?.[3] || !Number.isSafeInteger(postIndex) || postIndex < 1) return { kind: 'forged' };
  return macMatches(secret, postIndex, match[3]) ? { kind: 'enquiry', postIndex } : { kind: 'forged' };
}

/**
 * The threading of a mail to an enquiry's visitor: its reply address as
 * Reply-To, the thread's reference first in References, then the visitor's
 * messages it follows (their Message-IDs, oldest first), the latest of which
 * it answers (In-Reply-To).
 */
export function visitorThreading(
  addressing: ReplyAddressing,
  postIndex: number,
  visitorMessageIds: readonly string[] = [],
): Threading {
  const answered = visitorMessageIds.at(-1);
  return {
    replyTo: replyAddress(addressing, postIndex),
    references: [threadReference(addressing, postIndex), ...visitorMessageIds],
    ...(answered ? { inReplyTo: answered } : {}),
  };
}
