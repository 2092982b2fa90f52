/**
 * Which enquiry a received mail answers. First the reply address among the
 * envelope's recipients (its MAC checked); then the message ids it answers
 * (In-Reply-To, then References from the newest): our own thread reference
 * (its MAC checked), or the id SES gave a mail we sent to a visitor. A
 * recipient of our reply shape whose MAC is wrong is forged: the mail goes to
 * the unmatched box whatever its headers say. The reference in the subject
 * is never used to file a mail (anyone can type one); it is only a
 * suggestion beside an unmatched one. A match says what it matched by (the
 * generation of our address, or when the mail it answers was sent), so a
 * match by what staff have since replaced is told apart
 * (replaced-address.ts).
 */
import { parseReference } from '../../../shared/work/enquiry-work';
import type { SentMailIds } from '../ports';
import { type ReplyAddressing, readOurAddress } from '../reply-address';

/** What matched a mail to its enquiry: our address or thread reference (of a generation), or a mail we sent (sent then). */
export type MatchedBy =
  { by: 'address' | 'headers'; generation: number } | { by: 'headers'; sentAt: string | undefined };

export type EnquiryMatch = ({ kind: 'enquiry'; postIndex: number } & MatchedBy) | { kind: 'forged' } | { kind: 'none' };

/** Most message ids of one mail looked up (a long References line is the visitor's to make). */
const IDS_LOOKED_UP = 20;
/** The domain of the Message-IDs SES gives the mails it sends (`<id@email.amazonses.com>`, `<id@eu-west-1.amazonses.com>`). */
const SES_MESSAGE_ID = /^<([^@<>\s]+)@([a-z0-9-]+\.)*amazonses\.com>$/i;

/** The message ids a header holds, each with its angle brackets. */
export function messageIds(header: string | readonly string[] | undefined): string[] {
  const text = typeof header === 'string' ? header : (header ?? []).join(' ');
  return text.match(/<[^<>\s]+>/g) ?? [];
}

/** The ids a mail answers, the most telling first: what it replies to, then what it follows, newest first. */
export function answeredIds(
  inReplyTo: string | undefined,
  references: string | readonly string[] | undefined,
): string[] {
  return [...new Set([...messageIds(inReplyTo), ...messageIds(references).reverse()])].slice(0, IDS_LOOKED_UP);
}

export async function matchEnquiry(
  addressing: ReplyAddressing,
  sentMailIds: SentMailIds,
  mail: { recipients: readonly string[]; inReplyTo?: string; references?: string | readonly string[] },
): Promise<EnquiryMatch> {
  const read = mail.recipients.map((recipient) => readOurAddress(addressing, recipient, 'reply'));
  const addressed = read.find((match) => match?.kind === 'enquiry');
  if (addressed?.kind === 'enquiry') return { ...addressed, by: 'address' };
  if (read.some((match) => match?.kind === 'forged')) return { kind: 'forged' };

  const ids = answeredIds(mail.inReplyTo, mail.references);
  for (const id of ids) {
    const ours = readOurAddress(addressing, id, 'thread');
    if (ours?.kind === 'enquiry') return { ...ours, by: 'headers' };
  }
  const sent = ids.flatMap((id) => SES_MESSAGE_ID.exec(id)?.[1] ?? []);
  const found = await sentMailIds.find(sent);
  return found === undefined
    ? { kind: 'none' }
    : { kind: 'enquiry', postIndex: found.postIndex, by: 'headers', sentAt: found.sentAt };
}

/** A reference in the subject (`MT-000123`): a suggestion for staff, never a match. */
export function suggestedEnquiry(subject: string): number | undefined {
  const found = /\bMT-?\d{1,12}\b/i.exec(subject);
  return found ? parseReference(found[0]) : undefined;
}
