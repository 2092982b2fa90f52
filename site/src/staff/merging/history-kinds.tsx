/** How the history reads a merge, its undo and a split; each is written in both enquiries' histories alike. */
import type { HistoryKinds } from '../core/staff-feature';
import { MERGING_TEXT } from './words';

const text = MERGING_TEXT.history;

export const historyKinds = {
  merge: {
    describe: (entry) => text.merge(entry.from ?? '', entry.to ?? ''),
    // In the target's history the merge keeps the source's own form message: its words read here, in time order.
    renderBody: (entry) =>
      entry.text && (
        <div className="history__note">
          <p>{text.formMessage(entry.from ?? '')}</p>
          <p>{entry.text}</p>
        </div>
      ),
  },
  unmerge: { describe: (entry) => text.unmerge(entry.from ?? '', entry.to ?? '') },
  split: { describe: (entry) => text.split(entry.from ?? '', entry.to ?? '') },
} satisfies HistoryKinds;
