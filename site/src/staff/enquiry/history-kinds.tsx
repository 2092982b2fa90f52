/**
 * How the history reads the entries of working an enquiry: its receipt (the
 * thread's first line, the enquiry itself), status and owner changes, notes,
 * replies, and the visitor's link replaced. Other features read theirs in
 * their own `history-kinds.tsx`.
 */
import { type EnquiryStatus, STATUS_LABELS } from '../../../../shared/work/enquiry-work';
import type { HistoryKinds } from '../core/staff-feature';
import ReplyOriginal from './ReplyOriginal';
import { ENQUIRY_TEXT } from './words';

const text = ENQUIRY_TEXT.history;

const statusLabel = (value: string | undefined) => STATUS_LABELS[value as EnquiryStatus] ?? value ?? '';

export const historyKinds = {
  received: { describe: () => text.received },
  status: { describe: (entry) => text.status(statusLabel(entry.from), statusLabel(entry.to)) },
  owner: { describe: (entry) => text.owner(entry.from ?? '', entry.to ?? '') },
  reply: {
    describe: (entry) => text.reply(entry.text ?? ''),
    renderBody: (entry) => entry.reply && <ReplyOriginal reply={entry.reply} />,
  },
  note: { describe: () => text.note, renderBody: (entry) => <p className="history__note">{entry.text}</p> },
  visitorLink: { describe: () => text.visitorLink },
} satisfies HistoryKinds;
