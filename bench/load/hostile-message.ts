/**
 * A hostile message of the load run (bench/load/hostile-mail.ts): malformed
 * (malformed-mail.ts) or forged (forged-mail.ts), its raw bytes as sent
 * through the SMTP door, and where the receiver must put it. The check after
 * the run (verify-hostile.ts) finds it by its bytes' mark, which every key the
 * receiver files or keeps it under ends with (`messageKey`), whatever time
 * the key names.
 */
import { messageKey } from '../../functions/conversation/inbound-processing';
import type { KeptBox } from '../../shared/conversation/visitor-messages';
import type { CapturedMail } from '../../tests/support/stack';
import type { Sending } from './answer-senders';

export type HostileKind = 'malformed' | 'forged';

/** A load visitor hostile mail is sent at: her address, her enquiry, its reply address, and the mail that told her it. */
export interface Patient {
  email: string;
  postIndex: number;
  replyTo: string;
  mail: CapturedMail;
}

/** Where the receiver must put a message: in its enquiry's thread, or kept apart in a box for a reason. */
export type Placement = { filedIn: number } | { kept: KeptBox; reason: string };

export interface HostileMessage {
  kind: HostileKind;
  /** What it is, for the figures ('a header section past 1 MiB', 'forged "please cancel"', ...). */
  name: string;
  /** The envelope: its sending server's address and the recipient at the inbound domain. */
  from: string;
  to: string;
  raw: Buffer;
  /** `m<hash>`: what of the receiver's key the bytes alone make. */
  mark: string;
  expected: Placement;
  /** Sent a second time, the same bytes, as a sending server that missed the door's answer does. */
  sendTwice: boolean;
  /** Each sending of it (a second one when `sendTwice`), as the load's mail sender reports it. */
  sendings: Sending[];
}

/** The mark of raw bytes in the receiver's keys. */
export const markOf = (raw: Uint8Array) => messageKey(raw, undefined, 0).mark;

/**
 * Bytes as SMTP carries them, every line ending CRLF (the client turns a bare
 * LF into one, as nodemailer's composer leaves some): what the door stores.
 */
const onTheWire = (raw: Buffer) => Buffer.from(raw.toString('latin1').replace(/\r?\n/g, '\r\n'), 'latin1');

/** A hostile message of these bytes, not sent yet. */
export function hostileMessage(
  message: Omit<HostileMessage, 'mark' | 'sendings' | 'sendTwice'> & { sendTwice?: boolean },
): HostileMessage {
  const raw = onTheWire(message.raw);
  return { sendTwice: false, ...message, raw, mark: markOf(raw), sendings: [] };
}

/** A message as a program that writes its own headers sends it: header lines, a blank line, the body. */
export const rawMail = (headers: readonly string[], body: string) => Buffer.from(`${headers.join('\n')}\n\n${body}`);

/** A mail's Date header for now, as a mail program writes it. */
export const dateHeader = (now = new Date()) => `Date: ${now.toUTCString()}`;
