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
 * Staff replacing the visitor's page links replace the reply address too: the
 * enquiry's REPLY_GENERATION goes up by one, and the address and reference of
 * generation g > 0 carry it, MAC'd with it (`reply+<postIndex>-<g>-<mac>`),
 * so an old mail's address still reads as the enquiry's own but as replaced
 * (receiving/replaced-address.ts). Generation 0 is the form of before, so the
 * mails of an enquiry never replaced keep working.
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

/** The enquiry's MAC for one generation of its address: 26 characters of lower-case base32 (128 bits). */
export function enquiryMac(secret: string, postIndex: number, generation = 0): string {
  // Generation 0 MACs what every address before generations did.
  const named = generation === 0 ? `enquiry:${postIndex}` : `enquiry:${postIndex}:generation:${generation}`;
  const mac = createHmac('sha256', macKey(secret)).update(named).digest().subarray(0, MAC_BYTES);
  // otpauth's RFC 4648 base32 (it is the TOTP secrets' too), in lower case: addresses are shown in mail clients.
  return new Secret({ buffer: Uint8Array.from(mac).buffer }).base32.toLowerCase();
}

function macMatches(secret: string, postIndex: number, generation: number, mac: string): boolean {
  return sameHash(enquiryMac(secret, postIndex, generation), mac.toLowerCase());
}

/** `<postIndex>-<mac>`, or `<postIndex>-<generation>-<mac>` once the address was replaced. */
function addressPart(secret: string, postIndex: number, generation: number): string {
  const mac = enquiryMac(secret, postIndex, generation);
  return generation === 0 ? `${postIndex}-${mac}` : `${postIndex}-${generation}-${mac}`;
}

export interface ReplyAddressing {
  /** REPLY_ADDRESS_SECRET (never the staff tokens' secret: the public functions that mail visitors hold it). */
  secret: string;
  /** INBOUND_DOMAIN. */
  domain: string;
}

/** Where the visitor's answer to any mail about this enquiry goes (its current generation: the enquiry's REPLY_GENERATION). */
export function replyAddress({ secret, domain }: ReplyAddressing, postIndex: number, generation = 0): string {
  return `reply+${addressPart(secret, postIndex, generation)}@${domain}`;
}

/** The id every mail to this enquiry's visitor names in References, so mail clients keep them in one thread and an answer names it back. */
export function threadReference({ secret, domain }: ReplyAddressing, postIndex: number, generation = 0): string {
  return `<thread+${addressPart(secret, postIndex, generation)}@${domain}>`;
}

/**
 * What an address or a message id at the inbound domain says: an enquiry and
 * the generation of its address (its MAC right), or forged (the shape of ours
 * with a wrong MAC).
 */
export type AddressMatch = { kind: 'enquiry'; postIndex: number; generation: number } | { kind: 'forged' };

const OURS = /^(reply|thread)\+(\d{1,12})(?:-([1-9]\d{0,5}))?-([a-z2-7]+)$/i;

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
  const generation = Number(match?.[3] ?? 0);
  if (!match?.[4] || !Number.isSafeInteger(postIndex) || postIndex < 1) return { kind: 'forged' };
  return macMatches(secret, postIndex, generation, match[4])
    ? { kind: 'enquiry', postIndex, generation }
    : { kind: 'forged' };
}

/** The generation of an enquiry's reply address now: 0 until staff first replace its links. */
export const replyGeneration = (enquiry: { REPLY_GENERATION?: number }) => enquiry.REPLY_GENERATION ?? 0;

/**
 * A stored mail's threading moved on to the enquiry's address of now: a
 * reply written before staff replaced the links, sent after, goes with the
 * new address and reference.
 */
export function currentThreading<T extends Threading>(
  addressing: ReplyAddressing,
  mail: T,
  postIndex: number,
  generation: number,
): T {
  const ours = (id: string) => readOurAddress(addressing, id, 'thread') !== undefined;
  return {
    ...mail,
    ...(mail.replyTo ? { replyTo: replyAddress(addressing, postIndex, generation) } : {}),
    ...(mail.references
      ? {
          references: mail.references.map((id) => (ours(id) ? threadReference(addressing, postIndex, generation) : id)),
        }
      : {}),
  };
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
  generation = 0,
): Threading {
  const answered = visitorMessageIds.at(-1);
  return {
    replyTo: replyAddress(addressing, postIndex, generation),
    references: [threadReference(addressing, postIndex, generation), ...visitorMessageIds],
    ...(answered ? { inReplyTo: answered } : {}),
  };
}
