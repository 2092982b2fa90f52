/**
 * The islands of a language page and their props, by name: what the page
 * renders (site/src/components/Island.astro), the build writes per locale
 * (island-props.ts) and the browser wakes (site/src/scripts/islands.ts).
 */
import type { BestBoardProps } from './BestBoard';
import type { ClinicVideoPlayerProps } from './ClinicVideoPlayer';
import type { EnquiryAccordionProps } from './enquiry/EnquiryAccordion';

export interface IslandProps {
  EnquiryAccordion: EnquiryAccordionProps;
  ClinicVideoPlayer: ClinicVideoPlayerProps;
  BestBoard: BestBoardProps;
}

export type IslandName = keyof IslandProps;

/** The attribute that marks an island's element; `data-props` beside it names its locale's JSON. */
export const ISLAND_ATTRIBUTE = 'data-island';
/** Set on the island's element once React has hydrated it (browser tests and benchmarks wait for it). */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';
