/**
 * The mail received about an enquiry: each visitor's message in its thread
 * as it arrived (the raw message) with its attachments, in the inbound
 * bucket; and the received mail kept apart about it (matched to it, or
 * naming it in the subject), whoever sent it, with its raw message.
 */
import { domainToUnicode } from 'node:url';
import { defineEnquiryPart } from '../enquiries/lifecycle';
import type { EnquiryEvent } from '../work/ports';
import { inbound, keptMail } from './adapters/stores';
import type { InboundBucket, KeptMail, KeptMailStore } from './ports';

/** The objects of the visitor's messages in the thread: each raw message as it arrived, and its attachments kept. */
function inboundKeysOf(history: readonly EnquiryEvent[]): string[] {
  return history.flatMap(({ visitor }) =>
    visitor
      ? [
          ...(visitor.rawKey ? [visitor.rawKey] : []),
          ...visitor.attachments.flatMap((attachment) => (attachment.key ? [attachment.key] : [])),
        ]
      : [],
  );
}

/**
 * Removes received mail kept apart from the threads (KeptMailStore), each
 * with its raw message: the objects first, so a failure leaves the item
 * that names them for the next try.
 */
export async function removeKeptMail(
  deps: { inbound: InboundBucket; keptMail: KeptMailStore },
  kept: readonly Pick<KeptMail, 'key' | 'rawKey'>[],
): Promise<number> {
  if (kept.length === 0) return 0;
  await deps.inbound.remove(kept.map((mail) => mail.rawKey));
  await deps.keptMail.remove(kept.map((mail) => mail.key));
  return kept.length;
}

/**
 * Every message kept apart from one sender, newest first: by the address as
 * stored (its domain in ASCII), and, for a Unicode domain, as mail kept
 * before senders were stored that way named it (`a@пример.рф`).
 */
export async function keptMailFrom(store: KeptMailStore, address: string): Promise<KeptMail[]> {
  const at = address.lastIndexOf('@');
  const unicode =
    at < 0 ? address : `${address.slice(0, at + 1)}${domainToUnicode(address.slice(at + 1)) || address.slice(at + 1)}`;
  const forms = unicode === address ? [address] : [address, unicode];
  const found = (await Promise.all(forms.map((form) => store.fromSender(form)))).flat();
  const byKey = new Map(found.map((mail) => [mail.key, mail]));
  return [...byKey.values()].sort((a, b) => (a.receivedAt < b.receivedAt ? 1 : -1));
}

export const conversationPart = /* @__PURE__ */ defineEnquiryPart({
  name: 'conversation',
  tables: { keptMail },
  buckets: { inbound },
  async erase(deps, { enquiry, history }) {
    await deps.inbound.remove(inboundKeysOf(history));
    await removeKeptMail(deps, await deps.keptMail.aboutEnquiry(enquiry.POST_INDEX));
  },
});
