/**
 * The same visitor's other enquiries as a table: each links to its own
 * detail page; one that is neither spam nor merged away can be merged into
 * the enquiry on screen, one merged away says where it went, one that others
 * were merged into says to merge this one into it there.
 */
import type { EnquiryRecord } from '../../../../shared/enquiries/enquiry';
import { SECTIONS, labelOf } from '../../../../shared/enquiries/enums';
import type { RelatedEnquiry } from '../../../../shared/merging/related-enquiries';
import { STATUS_LABELS, formatReference } from '../../../../shared/work/enquiry-work';
import StaffTable from '../core/StaffTable';
import { STAFF_TEXT } from '../core/words';
import ConfirmAction from './ConfirmAction';
import { detailPath } from './merging-api';
import { MERGING_TEXT } from './words';

export interface RelatedTableProps {
  related: readonly RelatedEnquiry[];
  /** The enquiry on screen, which the others are merged into. */
  record: EnquiryRecord;
  onMerge: (other: RelatedEnquiry) => Promise<void>;
}

const TEXT = MERGING_TEXT.merge;

export default function RelatedTable({ related, record, onMerge }: RelatedTableProps) {
  return (
    <StaffTable columns={Object.values(MERGING_TEXT.columns)}>
      {related.map((other) => (
        <tr key={other.POST_INDEX}>
          <td>
            <a href={detailPath(other.POST_INDEX)}>{other.REFERENCE}</a>
          </td>
          <td>{labelOf(SECTIONS, other.MEDICAL_SECTION, 'ko')}</td>
          <td>{other.DATE}</td>
          <td>
            {other.STATUS ? (
              <span className={`status status--${other.STATUS}`}>{STATUS_LABELS[other.STATUS]}</span>
            ) : (
              STAFF_TEXT.spam
            )}
          </td>
          <td>{other.matchedBy.map((match) => MERGING_TEXT.matched[match]).join(', ')}</td>
          <td>
            {other.MERGED_INTO !== undefined ? (
              TEXT.mergedAway(formatReference(other.MERGED_INTO))
            ) : other.MERGED_IN ? (
              // Merges stay one level deep (each can be undone on its own): this one is merged into there instead.
              TEXT.mergeThere(other.REFERENCE)
            ) : other.SPAM ? null : (
              <ConfirmAction
                text={TEXT}
                name={TEXT.label(other.REFERENCE)}
                confirm={TEXT.confirm(other.REFERENCE, record.REFERENCE)}
                run={() => onMerge(other)}
              />
            )}
          </td>
        </tr>
      ))}
    </StaffTable>
  );
}
