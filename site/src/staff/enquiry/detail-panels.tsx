/**
 * The panels of the detail page's work column that belong to the enquiry
 * itself: status and owner, the reply, the history and notes, the visitor's
 * page link, holding mail. Other features add theirs in their own
 * `detail-panels.tsx`, in the gaps of `order`.
 */
import type { DetailPanel } from '../core/staff-feature';
import HistoryPanel from './HistoryPanel';
import HoldPanel from './HoldPanel';
import ReplyPanel from './ReplyPanel';
import VisitorLinkPanel from './VisitorLinkPanel';
import WorkPanel from './WorkPanel';

export const detailPanels = [
  { key: 'work', order: 10, render: ({ record, onChanged }) => <WorkPanel record={record} onChanged={onChanged} /> },
  { key: 'reply', order: 30, render: ({ record, onChanged }) => <ReplyPanel record={record} onSent={onChanged} /> },
  {
    key: 'history',
    order: 40,
    render: ({ record, thread, onThreadChanged }) => (
      <HistoryPanel record={record} thread={thread} onNoted={onThreadChanged} />
    ),
  },
  {
    key: 'visitor-link',
    order: 50,
    render: ({ record, onChanged }) => <VisitorLinkPanel record={record} onChanged={onChanged} />,
  },
  { key: 'hold', order: 60, render: ({ record, onChanged }) => <HoldPanel record={record} onChanged={onChanged} /> },
] satisfies readonly DetailPanel[];
