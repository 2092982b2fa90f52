/**
 * Whether a mail matched its enquiry by something staff have since replaced.
 * Replacing a visitor's page links (a link forwarded, a mailbox someone else
 * reads) moves the enquiry's reply address on a generation
 * (reply-address.ts), so whoever holds an older mail can no longer write into
 * the thread as the visitor: an answer to an older address or thread
 * reference, to a mail sent before the replacement, or to a mail of an
 * enquiry merged in before it, is kept apart (unmatched, `address_replaced`)
 * for staff to look at, never filed.
 */
import type { StoredEnquiry } from '../../enquiries/ports';
import { leadingEnquiry, replacedSinceMerge } from '../../enquiries/merged-enquiry';
import type { InboundDeps } from '../inbound-types';
import { replyGeneration } from '../reply-address';
import type { MatchedBy } from './thread-matching';

/** Whether what matched the mail to `named` (which leads to `leading`) was replaced since. */
export function addressReplaced(named: StoredEnquiry, leading: StoredEnquiry, match: MatchedBy): boolean {
  if ('generation' in match) {
    if (match.generation < replyGeneration(named)) return true;
  } else if (named.LINKS_REPLACED_AT !== undefined && (match.sentAt ?? '') <= named.LINKS_REPLACED_AT) {
    // A mail recorded without its time was sent before any replacement could be; one sent the same instant counts as before.
    return true;
  }
  return replacedSinceMerge(named, leading);
}

export type AnsweredEnquiry =
  { kind: 'gone' } | { kind: 'replaced'; enquiry: StoredEnquiry } | { kind: 'enquiry'; enquiry: StoredEnquiry };

/** The enquiry a matched mail goes to (the one its own was merged into, if it was), or why it goes to none. */
export async function answeredEnquiry(
  deps: Pick<InboundDeps, 'enquiries'>,
  match: { postIndex: number } & MatchedBy,
): Promise<AnsweredEnquiry> {
  const named = await deps.enquiries.get(match.postIndex);
  const leading = named?.MERGED_INTO === undefined ? named : await leadingEnquiry(deps, named.MERGED_INTO);
  if (!named || !leading) return { kind: 'gone' };
  return { kind: addressReplaced(named, leading, match) ? 'replaced' : 'enquiry', enquiry: leading };
}
