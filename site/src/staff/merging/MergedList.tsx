/**
 * The enquiries merged into the one on screen, the latest first: when and by
 * whom, and while the merge may still be undone, until when, with its undo.
 * An undo brings the other back with what the merge moved, so the page is
 * read again.
 */
import { useState } from 'react';
import type { EnquiryRecord } from '../../../../shared/enquiries/enquiry';
import { formatKoreaDateTime } from '../../../../shared/korea-time';
import type { MergeLink } from '../../../../shared/merging/merges';
import ConfirmAction from './ConfirmAction';
import { detailPath, rereadOnConflict, unmergeEnquiry } from './merging-api';
import { MERGING_TEXT } from './words';

export interface MergedListProps {
  merged: readonly MergeLink[];
  record: EnquiryRecord;
  onChanged: (record: EnquiryRecord) => void;
}

const TEXT = MERGING_TEXT.merged;
const koreaTime = (instant: string) => formatKoreaDateTime(Date.parse(instant));

export default function MergedList({ merged, record, onChanged }: MergedListProps) {
  // The time the list was shown: a deadline that passes while the page stays open is the server's to refuse.
  const [now] = useState(() => Date.now());
  if (!merged.length) return null;

  const undo = async (link: MergeLink) => {
    try {
      await unmergeEnquiry(link.POST_INDEX, record);
    } catch (error) {
      // The undo names the enquiry on screen's VERSION: someone changed it, and the page shows it as it is now.
      await rereadOnConflict(error, record.POST_INDEX, onChanged);
      throw error;
    }
    window.location.reload();
  };

  return (
    <>
      <h3>{TEXT.heading}</h3>
      <ul className="history">
        {merged.map((link) => {
          const undoable = now < Date.parse(link.UNDO_UNTIL);
          return (
            <li key={link.POST_INDEX} className="panel__row">
              <p>
                <a href={detailPath(link.POST_INDEX)}>{link.REFERENCE}</a>{' '}
                {TEXT.line(koreaTime(link.MERGED_AT), link.MERGED_BY)}
                {' · '}
                <span className="staff__muted">{undoable ? TEXT.until(koreaTime(link.UNDO_UNTIL)) : TEXT.over}</span>
              </p>
              {undoable && (
                <ConfirmAction
                  text={TEXT}
                  name={TEXT.label(link.REFERENCE)}
                  confirm={TEXT.confirm(link.REFERENCE, record.REFERENCE)}
                  run={() => undo(link)}
                />
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
