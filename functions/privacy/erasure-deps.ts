/** What removing an enquiry everywhere needs: the erasure and retention job (erasure.ts) and its removal step (enquiry-removal.ts) both name it, so it lives below them. */
import type { AppDeps } from '../deps';

export type ErasureDeps = Pick<
  AppDeps,
  | 'enquiries'
  | 'events'
  | 'outbox'
  | 'submissions'
  | 'counters'
  | 'exports'
  | 'inbound'
  | 'keptMail'
  | 'translations'
  | 'erasures'
  | 'clock'
  | 'log'
  | 'aggregates'
  | 'tagIndex'
  | 'settings'
>;
