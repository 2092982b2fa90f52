/** How the history reads a suspected-spam enquiry marked genuine: when it first came, and why it was held apart. */
import { formatKoreaDateTime } from '../../../../shared/korea-time';
import type { HistoryKinds } from '../core/staff-feature';
import { SPAM_TEXT } from './words';

export const historyKinds = {
  genuine: {
    describe: (entry) =>
      SPAM_TEXT.history(
        entry.from ? formatKoreaDateTime(Date.parse(entry.from)) : '-',
        SPAM_TEXT.reason(entry.spamReason),
      ),
  },
} satisfies HistoryKinds;
