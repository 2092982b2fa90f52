/** How the history reads a change of an enquiry's tags. */
import type { HistoryKinds } from '../core/staff-feature';
import { TAGS_TEXT } from './words';

/** A list as the entry keeps it, comma-separated. */
const tagsOf = (list: string | undefined) => (list ? list.split(', ') : []);

export const historyKinds = {
  tags: {
    // The entry keeps the tags before and after; staff read what changed.
    describe: (entry) => {
      const [before, after] = [tagsOf(entry.from), tagsOf(entry.to)];
      return TAGS_TEXT.changed(
        after.filter((tag) => !before.includes(tag)),
        before.filter((tag) => !after.includes(tag)),
      );
    },
  },
} satisfies HistoryKinds;
