/**
 * Whether a kept mail's sender is the address of the enquiry the box suggests
 * for it (the one its subject names, an attach began with, or it was matched
 * to): anyone can type a reference into a subject, or answer an old mail, so
 * a different sender is worth a warning before staff attach it there. One
 * BatchGetItem per page. The box is worth more than the check: when the
 * enquiries cannot be read, each mail that suggests one says so (`unchecked`)
 * and the page still answers.
 */
import { type KeptMailEntry, type SenderMatch, suggestedEnquiryOf } from '../../../shared/conversation/kept-mail';
import type { AppDeps } from '../../deps';
import { senderAddress } from '../receiving/received-text';

export type SenderMatchDeps = Pick<AppDeps, 'enquiries' | 'log'>;

/** The suggested enquiries' addresses, as senders are stored; `undefined` when they could not be read. */
async function addressesOf(deps: SenderMatchDeps, indexes: number[]): Promise<Map<number, string> | undefined> {
  try {
    const enquiries = await deps.enquiries.getMany(indexes);
    return new Map(enquiries.map((enquiry) => [enquiry.POST_INDEX, senderAddress(enquiry.EMAIL)]));
  } catch (error) {
    deps.log.warn('kept mail listed without its senders checked: the enquiries could not be read', {
      errorName: error instanceof Error ? error.name : typeof error,
    });
    return undefined;
  }
}

/** Each mail with its sender against its suggested enquiry's address (none for a mail that suggests none, or one gone). */
export async function withSenderMatch(deps: SenderMatchDeps, mails: KeptMailEntry[]): Promise<KeptMailEntry[]> {
  const indexes = [...new Set(mails.flatMap((mail) => suggestedEnquiryOf(mail) ?? []))];
  if (indexes.length === 0) return mails;
  const addresses = await addressesOf(deps, indexes);
  return mails.map((mail) => {
    const index = suggestedEnquiryOf(mail);
    if (index === undefined) return mail;
    const address = addresses?.get(index);
    if (addresses && address === undefined) return mail;
    const senderMatch: SenderMatch = !addresses ? 'unchecked' : mail.from === address ? 'same' : 'different';
    return { ...mail, senderMatch };
  });
}
