/**
 * What can be told of a message the parser gives up on (a header section past
 * 1 MiB, more than 1,000 MIME parts, a structure it cannot follow): its sender,
 * subject and date, read from the first header lines only, so the kept mail box can
 * list it and the privacy lookup and erasure find it by its sender. The
 * message itself is kept as it arrived; nothing here reads more than
 * HEAD_READ_BYTES of it.
 */
import libmime from 'libmime';
import { oneLine } from '../../mail/html-text';
import { senderAddress } from './received-text';

/** The most of a message read for its sender and subject (the header lines that matter come first). */
const HEAD_READ_BYTES = 64 * 1024;
const SUBJECT_MAX = 300;
const ADDRESS = /<\s*([^<>\s@]+@[^<>\s@]+)\s*>|([^\s<>"',;:@]+@[^\s<>"',;:@]+)/;

export interface UnreadableHead {
  /** The sender's address, lower case ('' when the head names none). */
  from: string;
  subject: string;
  /** Its Date header, when one parses: it dates the kept mail's key (without one, its bytes alone key it: unreadableKey). */
  date?: Date;
}

/** The unfolded header lines at the start of a raw message, up to its blank line or HEAD_READ_BYTES. */
function headerLines(raw: Uint8Array): string[] {
  const head = Buffer.from(raw.subarray(0, HEAD_READ_BYTES)).toString('utf8');
  const end = head.search(/\r?\n\r?\n/);
  return (end < 0 ? head : head.slice(0, end)).split(/\r?\n(?![ \t])/).map((line) => line.replace(/\r?\n[ \t]+/g, ' '));
}

function headerValue(lines: readonly string[], name: string): string | undefined {
  const prefix = `${name.toLowerCase()}:`;
  const line = lines.find((candidate) => candidate.slice(0, prefix.length).toLowerCase() === prefix);
  return line?.slice(prefix.length).trim();
}

/** The sender and subject of a message, from its first header lines; encoded words decoded where they decode. */
export function unreadableHead(raw: Uint8Array): UnreadableHead {
  const lines = headerLines(raw);
  const fromHeader = headerValue(lines, 'From') ?? '';
  const match = ADDRESS.exec(fromHeader);
  const from = senderAddress(match?.[1] ?? match?.[2]);
  let subject = headerValue(lines, 'Subject') ?? '';
  try {
    subject = libmime.decodeWords(subject);
  } catch {
    // An encoded word that does not decode: the subject as it came is still better than none.
  }
  const dated = new Date(headerValue(lines, 'Date') ?? '');
  return {
    from,
    subject: oneLine(subject).slice(0, SUBJECT_MAX),
    ...(Number.isFinite(dated.getTime()) ? { date: dated } : {}),
  };
}
