/** What marking suspected spam genuine is made from: the enquiries and their lists' counters, its history, and what filing an enquiry needs (its counts, translation and mails). */
import type { AppDeps } from '../deps';
import type { FiledDeps } from '../intake/intake-deps';

export type SpamDeps = FiledDeps & Pick<AppDeps, 'counters' | 'events'>;
