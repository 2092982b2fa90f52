/** What merging, its undo and a split are made from: the enquiries, their lists' counters, their histories, and the parts' hooks. */
import type { EnquiryPartsGiven } from '../enquiries/lifecycle';
import type { CounterStore, EnquiryStore } from '../enquiries/ports';
import type { BaseDeps } from '../platform/deps';
import type { EventStore } from '../work/ports';

export interface MergingDeps extends BaseDeps, EnquiryPartsGiven {
  enquiries: EnquiryStore;
  counters: CounterStore;
  events: EventStore;
}
