import { ENQUIRY_INDEXES } from '../../../shared/enquiries/enquiry-table';
import type { EnquiryList, WorkIndex } from '../ports';

/** The partition attribute of each work list's index. */
export const WORK_PARTITIONS: Record<WorkIndex, string> = {
  byStatus: 'STATUS_LIST',
  byOwner: 'OWNER_LIST',
  byStatusOwner: 'STATUS_OWNER',
};

/** The attributes and indexes of a list (all enquiries, or one section's): by sequence, and by time received. */
export const listKeys = (list: EnquiryList) =>
  list.bySection
    ? {
        partition: 'SECTION_LIST',
        sequence: 'SECTION_SEQ',
        bySequence: ENQUIRY_INDEXES.bySection,
        byTime: ENQUIRY_INDEXES.bySectionTime,
      }
    : {
        partition: 'LIST',
        sequence: 'LIST_SEQ',
        bySequence: ENQUIRY_INDEXES.byList,
        byTime: ENQUIRY_INDEXES.byListTime,
      };
