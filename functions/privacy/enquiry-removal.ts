/**
 * Removing an enquiry everywhere the product keeps it
 * (functions/privacy/erasure.ts, for an erasure request and the retention
 * job): what every feature keeps about it (its part, enquiry-parts.ts), then
 * its history with the notes and the item; the counters follow. And the
 * tombstone that records an erasure.
 */
import { randomUUID } from 'node:crypto';
import { accessLogRetentionSeconds } from '../../shared/privacy/retention';
import type { ErasureStore, ErasureTombstone } from './ports';
import type { StoredEnquiry } from '../enquiries/ports';
import { countCounter, removedCounter } from '../enquiries/enquiry-lists';
import type { EnquiryContext } from '../enquiries/lifecycle';
import type { BaseDeps } from '../platform/deps';
import type { EnquiryRemovalDeps } from './erasure-deps';

/** The enquiry with its history, as every part's hook is given it. */
export async function contextOf(
  deps: Pick<EnquiryRemovalDeps, 'events'>,
  enquiry: StoredEnquiry,
): Promise<EnquiryContext> {
  return { enquiry, history: await deps.events.list(enquiry.POST_INDEX) };
}

/** Removes one enquiry and everything that belongs to it; the counters follow. */
export async function removeEnquiry(deps: EnquiryRemovalDeps, enquiry: StoredEnquiry): Promise<void> {
  const context = await contextOf(deps, enquiry);
  // Every part first: once the history is gone nothing says which of the received mail's objects or which mails were this enquiry's.
  await Promise.all(deps.enquiryParts.map((part) => part.erase?.(deps, context)));
  await deps.events.removeAll(enquiry.POST_INDEX);
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
  await Promise.all(deps.enquiryParts.map((part) => part.uncount?.(deps, enquiry)));
}

/** Records an erasure; the record goes when the access log's of the same day do (RETENTION.accessLogMonths). */
export async function recordTombstone(
  deps: { erasures: ErasureStore } & Pick<BaseDeps, 'clock'>,
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
