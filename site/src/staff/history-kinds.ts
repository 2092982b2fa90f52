/**
 * How the detail page's history reads each kind of entry, from each feature's
 * `history-kinds.tsx`. A list of its own beside the index of features
 * (features.ts), so that only the detail page's bundle carries the kinds'
 * components. Every kind the shared index of features declares
 * (shared/features.ts) must read here, or this does not compile; a kind this
 * build does not know (a newer server's) shows its type and text.
 */
import type { EnquiryEventType } from '../../../shared/work/enquiry-work';
import type { HistoryKind } from './core/staff-feature';
import { historyKinds as conversationKinds } from './conversation/history-kinds';
import { historyKinds as enquiryKinds } from './enquiry/history-kinds';
import { historyKinds as mergingKinds } from './merging/history-kinds';
import { historyKinds as spamKinds } from './spam/history-kinds';
import { historyKinds as tagsKinds } from './tags/history-kinds';

/** Each feature's kinds. */
export const FEATURE_HISTORY_KINDS = [enquiryKinds, tagsKinds, conversationKinds, mergingKinds, spamKinds] as const;

type KindsOf<Kinds> = Kinds extends unknown ? keyof Kinds : never;
type Unread = Exclude<EnquiryEventType, KindsOf<(typeof FEATURE_HISTORY_KINDS)[number]>>;

/** A compile-time check that every kind of entry the functions write reads in the back office (none unread, or this does not compile). */
export const EVERY_KIND_READS: [Unread] extends [never] ? true : Unread = true;

const KINDS = new Map<string, HistoryKind>(FEATURE_HISTORY_KINDS.flatMap((kinds) => Object.entries(kinds)));

/** How an entry of this type reads; `undefined` for a kind this build does not know. */
export function historyKindOf(type: string): HistoryKind | undefined {
  return KINDS.get(type);
}
