/**
 * What can happen to an enquiry, in its history (who, what, when): the kinds
 * of `ThreadEntry` (work/enquiry-work.ts), read off the features' manifests
 * (features.ts), each declared by the feature whose functions write it:
 * working an enquiry its receipt, status, owner, notes and replies; tags their
 * change; the conversation the visitor's message (an answer by mail, or one
 * written on their page, as its channel says); the visitor's page a staff
 * member replacing the visitor's link to it (with its mail). The back office
 * says how each reads (site/src/staff/history-kinds.ts).
 */
import { SHARED_FEATURES, type SharedFeature } from './features';

export type EnquiryEventType = SharedFeature['historyKinds'][number];

/** Every kind, in the index's order. */
export const EVENT_TYPES: readonly EnquiryEventType[] = SHARED_FEATURES.flatMap(
  (feature): readonly EnquiryEventType[] => feature.historyKinds,
);
