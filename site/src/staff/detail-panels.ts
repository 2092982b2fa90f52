/**
 * The detail page's panels, from each feature's `detail-panels.tsx`, shown in
 * their declared order. A list of its own beside the index of features
 * (features.ts), so that no other page's bundle carries the panels.
 */
import type { DetailPanel } from './core/staff-feature';
import { detailPanels as enquiryPanels } from './enquiry/detail-panels';
import { detailPanels as mergingPanels } from './merging/detail-panels';
import { detailPanels as spamPanels } from './spam/detail-panels';
import { detailPanels as tagsPanels } from './tags/detail-panels';

export const DETAIL_PANELS: readonly DetailPanel[] = [
  ...enquiryPanels,
  ...mergingPanels,
  ...tagsPanels,
  ...spamPanels,
].sort((one, other) => one.order - other.order);
