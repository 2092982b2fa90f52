/**
 * What a back-office feature declares about itself, once, in its folder:
 * `pages` in its manifest (`feature.ts`), its staff pages, from which the
 * sidebar and the robots file are derived; `detailPanels` in
 * `detail-panels.tsx`, the panels it adds to an enquiry's detail page;
 * `historyKinds` in `history-kinds.tsx`, how the detail page's history reads
 * each kind of entry its functions write (the kinds shared/features.ts
 * declares). The tier's three lists (`../features.ts`, `../detail-panels.ts`,
 * `../history-kinds.ts`) name them; nothing else names a feature's pages,
 * panels or history kinds. The panels and the history kinds are modules of
 * their own because a bundle holds whole modules: every page's sidebar needs
 * the pages, and only the detail page the panels' and kinds' components.
 */
import type { ReactNode } from 'react';
import type { StaffRole } from '../../../../shared/auth';
import type { EnquiryRecord } from '../../../../shared/enquiries/enquiry';
import type { EnquiryEventType, ThreadEntry } from '../../../../shared/work/enquiry-work';

/** One staff page: its address, and when it is in the sidebar, its label and the roles besides admin it is for. */
export interface StaffPage {
  /** Names the page to its frame (`StaffLayout`'s `current`), which marks it in the sidebar. */
  key: string;
  /** Its address; a path ending in `/` covers every page under it (`/detail/` for each enquiry). */
  href: string;
  sidebar?: {
    label: string;
    /** The roles besides `admin` (who sees every page) the sidebar offers it to. */
    roles: readonly Exclude<StaffRole, 'admin'>[];
  };
}

/** What every panel of the detail page is given: the enquiry as it is now, its history, and how to say it changed. */
export interface DetailPanelProps {
  record: EnquiryRecord;
  thread: ThreadEntry[];
  /** The enquiry as a change answered it (its history is read again). */
  onChanged(record: EnquiryRecord): void;
  /** Something was added to the history only (a note). */
  onThreadChanged(): void;
}

/** A panel of the detail page's work column; panels show in `order`, low first, for enquiries that are not spam. */
export interface DetailPanel {
  key: string;
  order: number;
  /** Shown for suspected spam, and for no other enquiry (marking it genuine: spam/). */
  forSpam?: true;
  render(props: DetailPanelProps): ReactNode;
}

/** How the history reads one kind of entry: its line, who did it, and what it holds beyond its line. */
export interface HistoryKind {
  /** What happened, in a line (a reply's subject, the tags added and taken off). */
  describe(entry: ThreadEntry): string;
  /** Who did it, when that is not the entry's `actor` as written. */
  who?(entry: ThreadEntry): string;
  /** What the entry holds beyond its line, shown below it (a note's text, a reply's original, the visitor's message). */
  renderBody?(entry: ThreadEntry, record: EnquiryRecord): ReactNode;
}

/** A feature's kinds of history entry, by `ThreadEntry.type`. */
export type HistoryKinds = Partial<Record<EnquiryEventType, HistoryKind>>;
