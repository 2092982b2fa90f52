/**
 * What removing an enquiry everywhere needs: the enquiry core's stores (the
 * item, its counters, its history) and every part's (enquiry-parts.ts); and
 * what an erasure needs besides: its tombstones, the export files, the mail
 * kept apart from an address. The erasure and retention job (erasure.ts) and
 * its removal step (enquiry-removal.ts) both name them, so they live below them.
 */
import type { ExportStore } from '../exports/ports';
import type { CounterStore, EnquiryStore } from '../enquiries/ports';
import type { EnquiryPartsDeps, EnquiryPartsGiven } from '../enquiry-parts';
import type { BaseDeps } from '../platform/deps';
import type { EventStore } from '../work/ports';
import type { InboundBucket, KeptMailStore } from '../conversation/ports';
import type { ErasureStore } from './ports';

export interface EnquiryCoreStores {
  enquiries: EnquiryStore;
  counters: CounterStore;
  events: EventStore;
}

export type EnquiryRemovalDeps = EnquiryCoreStores & EnquiryPartsDeps & EnquiryPartsGiven & BaseDeps;

export type ErasureDeps = EnquiryRemovalDeps & {
  erasures: ErasureStore;
  exports: ExportStore;
  keptMail: KeptMailStore;
  inbound: InboundBucket;
};
