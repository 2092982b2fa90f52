/**
 * Removing an enquiry everywhere the product keeps it
 * (functions/privacy/erasure.ts, for an erasure request and the retention
 * job): the item, its history and notes, its mails in the outbox, the
 * visitor's messages received by mail with their objects in the inbound
 * bucket, the received mail kept apart about it, its translations, its
 * submission claim and its place under its tags; the counters follow. And
 * the tombstone that records an erasure.
 */
import { randomUUID } from 'node:crypto';
import { accessLogRetentionSeconds } from '../../shared/privacy/retention';
import type { AppDeps } from '../deps';
import type { EnquiryEvent } from '../work/ports';
import type { ErasureTombstone } from './ports';
import type { StoredEnquiry } from '../enquiries/ports';
import type { KeptMail } from '../conversation/ports';
import { countRemoved } from '../dashboard/dashboard';
import { countCounter, removedCounter } from '../enquiries/enquiry-lists';
import { acknowledgementMailId, staffMailId } from '../mail/outbox/mail-delivery';
import { untagRemoved } from '../tags/tags';
import type { ErasureDeps } from './erasure-deps';

/** Every mail id an enquiry may have in the outbox. */
export function mailIdsOf(enquiry: StoredEnquiry, events: EnquiryEvent[]): string[] {
  return [
    staffMailId(enquiry.POST_INDEX),
    acknowledgementMailId(enquiry.POST_INDEX),
    ...events.flatMap((event) => (event.mailId ? [event.mailId] : [])),
  ];
}

/** The objects of the visitor's messages in the thread: each raw message as it arrived, and its attachments kept. */
function inboundKeysOf(events: EnquiryEvent[]): string[] {
  return events.flatMap(({ visitor }) =>
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
  deps: Pick<ErasureDeps, 'inbound' | 'keptMail'>,
  kept: readonly Pick<KeptMail, 'key' | 'rawKey'>[],
): Promise<number> {
  if (kept.length === 0) return 0;
  await deps.inbound.remove(kept.map((mail) => mail.rawKey));
  await deps.keptMail.remove(kept.map((mail) => mail.key));
  return kept.length;
}

/** Removes one enquiry and everything that belongs to it; the counters follow. */
export async function removeEnquiry(deps: ErasureDeps, enquiry: StoredEnquiry): Promise<void> {
  const events = await deps.events.list(enquiry.POST_INDEX);
  // The received mail first: once the history is gone nothing says which objects were this enquiry's.
  await deps.inbound.remove(inboundKeysOf(events));
  // The mail kept apart about it (matched to it, or naming it in the subject), whoever sent it.
  await removeKeptMail(deps, await deps.keptMail.aboutEnquiry(enquiry.POST_INDEX));
  await Promise.all([
    ...mailIdsOf(enquiry, events).map((mailId) => deps.outbox.remove(mailId)),
    deps.events.removeAll(enquiry.POST_INDEX),
    // Its machine translations go with the originals.
    deps.translations.removeEnquiry(enquiry.POST_INDEX),
    ...(enquiry.SUBMISSION_ID ? [deps.submissions.remove(enquiry.SUBMISSION_ID)] : []),
    untagRemoved(deps, enquiry),
  ]);
  await deps.enquiries.remove(enquiry.POST_INDEX);
  // Its lists count one fewer: the list totals and the work lists (not a transaction: a failure leaves a count one off).
  const workLists = [enquiry.STATUS_LIST, enquiry.OWNER_LIST, enquiry.STATUS_OWNER].filter(
    (key): key is string => key !== undefined,
  );
  await Promise.all([
    deps.counters.add(removedCounter(enquiry.LIST), 1),
    deps.counters.add(removedCounter(enquiry.SECTION_LIST), 1),
    ...workLists.map((key) => deps.counters.add(countCounter(key), -1)),
  ]);
  await countRemoved(deps, enquiry);
}

/** Records an erasure; the record goes when the access log's of the same day do (RETENTION.accessLogMonths). */
export async function recordTombstone(
  deps: Pick<AppDeps, 'erasures' | 'clock'>,
  tombstone: Omit<ErasureTombstone, 'erasureId' | 'at' | 'expiresAt'>,
): Promise<void> {
  const now = deps.clock.now();
  await deps.erasures.record({
    erasureId: randomUUID(),
    at: new Date(now).toISOString(),
    expiresAt: Math.floor(now / 1000) + accessLogRetentionSeconds(),
    ...tombstone,
  });
}
