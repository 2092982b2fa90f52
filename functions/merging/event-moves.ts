/**
 * Moving events from one enquiry's history to another's: each is added to
 * the other (under its own key, so a retry adds it once), the parts follow
 * (a message's translation), and only then is it removed where it was. A
 * failure midway leaves an event in both, never in neither; the move's retry
 * finishes it.
 */
import type { EnquiryEventType } from '../../shared/history-kinds';
import type { StoredEnquiry } from '../enquiries/ports';
import { eventKey } from '../work/enquiry-work';
import type { EnquiryEvent } from '../work/ports';
import type { MergingDeps } from './merging-deps';

export async function moveEvents(
  deps: MergingDeps,
  from: StoredEnquiry,
  to: StoredEnquiry,
  events: readonly EnquiryEvent[],
  /** How an event reads where it goes (a merge marks where it came from; an undo takes the mark off). */
  asMoved: (event: EnquiryEvent) => EnquiryEvent,
): Promise<void> {
  if (events.length === 0) return;
  const moved = events.map((event) => ({ ...asMoved(event), postIndex: to.POST_INDEX }));
  for (const event of moved) await deps.events.addOnce(event);
  await Promise.all(deps.enquiryParts.map((part) => part.moved?.(deps, { from, to, events: moved })));
  await deps.events.remove(
    from.POST_INDEX,
    events.map((event) => event.at),
  );
}

/** A merge's or a split's line in a history: `from` the enquiry that went, `to` the one it went to (their references). */
export function moveEvent(
  deps: Pick<MergingDeps, 'clock'>,
  postIndex: number,
  type: EnquiryEventType,
  actor: string,
  references: { from: string; to: string },
  extra: Partial<EnquiryEvent> = {},
): EnquiryEvent {
  return { postIndex, at: eventKey(deps.clock.now()), type, actor, ...references, ...extra };
}
