/** Merging duplicate enquiries: the same visitor's other enquiries, a panel on the detail page. */
import type { DetailPanel } from '../core/staff-feature';
import RelatedPanel from './RelatedPanel';

export const detailPanels = [
  // Before the tags and the reply: the other enquiry may already say what this one asks.
  { key: 'related', order: 15, render: ({ record }) => <RelatedPanel index={record.POST_INDEX} /> },
] satisfies readonly DetailPanel[];
