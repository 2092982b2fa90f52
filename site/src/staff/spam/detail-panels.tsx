/** The panel a suspected-spam enquiry's detail page shows (and no other enquiry's): marking it genuine. */
import type { DetailPanel } from '../core/staff-feature';
import GenuinePanel from './GenuinePanel';

export const detailPanels = [
  {
    key: 'genuine',
    order: 5,
    forSpam: true,
    render: ({ record, onChanged }) => <GenuinePanel record={record} onChanged={onChanged} />,
  },
] satisfies readonly DetailPanel[];
