/** Tags on enquiries: their panel on the detail page. */
import type { DetailPanel } from '../core/staff-feature';
import TagsPanel from './TagsPanel';

export const detailPanels = [
  { key: 'tags', order: 20, render: ({ record, onChanged }) => <TagsPanel record={record} onChanged={onChanged} /> },
] satisfies readonly DetailPanel[];
