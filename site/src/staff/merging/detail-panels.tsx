/**
 * Merging duplicate enquiries on the detail page: the same visitor's other
 * enquiries (with the merge and its undo), and splitting a visitor's message
 * out into an enquiry of its own.
 */
import type { DetailPanel } from '../core/staff-feature';
import RelatedPanel from './RelatedPanel';
import SplitPanel from './SplitPanel';

export const detailPanels = [
  // Before the tags and the reply: the other enquiry may already say what this one asks.
  {
    key: 'related',
    order: 15,
    render: ({ record, onChanged }) => <RelatedPanel record={record} onChanged={onChanged} />,
  },
  // After the history, where the messages are read whole.
  {
    key: 'split',
    order: 45,
    render: ({ record, thread, onChanged }) => <SplitPanel record={record} thread={thread} onChanged={onChanged} />,
  },
] satisfies readonly DetailPanel[];
