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
import { countInLists } from '../enquiries/enquiry-lists';
import type { EnquiryContext } from '../enquiries/lifecycle';
import { leadingEnquiry } from '../enquiries/merged-enquiry';
import type { BaseDeps } from '../platform/deps';
import type { EnquiryRemovalDeps } from './erasure-deps';

/** The enquiry with its history, as every part's hook is given it. */
export async function contextOf(
  deps: Pick<EnquiryRemovalDeps, 'events'>,
  enquiry: StoredEnquiry,
): Promise<EnquiryContext> {
  return { enquiry, history: await deps.events.list(enquiry.POST_INDEX) };
}

/** Removes an enquiry's item, its history and what every part keeps about it; nothing is counted. */
async function removeItsData(deps: EnquiryRemovalDeps, enquiry: StoredEnquiry): Promise<void> {
  const context = await contextOf(deps, enquiry);
  // Every part first: once the history is gone nothing says which of the received mail's objects or which mails were this enquiry's.
  await Promise.all(deps.enquiryParts.map((part) => part.erase?.(deps, context)));
  await deps.events.removeAll(enquiry.POST_INDEX);
  await deps.enquiries.remove(enquiry.POST_INDEX);
}

/**
 * Removes one enquiry and everything that belongs to it, with its companions
 * (the enquiries merged into it, counted already as gone from the lists);
 * the counters follow. The companions go first: a retry finds the rest. A
 * merged pair is one enquiry: one merged away goes with the one it leads to.
 */
export async function removeEnquiry(deps: EnquiryRemovalDeps, enquiry: StoredEnquiry): Promise<void> {
  if (enquiry.MERGED_INTO !== undefined) {
    const leading = await leadingEnquiry(deps, enquiry.POST_INDEX);
    // A legal hold on the one it leads to holds the pair.
    if (leading?.LEGAL_HOLD !== undefined) return;
    // Counted as gone from its lists when it was merged: only its data goes, if the one it led to has gone already.
    return leading ? removeEnquiry(deps, leading) : removeItsData(deps, enquiry);
  }
  const companions = await Promise.all(deps.enquiryParts.map((part) => part.companions?.(deps, enquiry) ?? []));
  for (const companion of companions.flat()) await removeItsData(deps, companion);
  await removeItsData(deps, enquiry);
  await countInLists(deps.counters, enquiry, 'leaves');
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
