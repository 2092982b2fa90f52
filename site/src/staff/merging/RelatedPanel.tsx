/**
 * The same visitor's other enquiries on the detail page: patients often
 * write twice (the hospital form, then the concierge form), and staff should
 * see the other before answering one. Each links to its own detail page, and
 * a duplicate can be merged into the enquiry on screen; the ones merged into
 * it are listed with their undo. An enquiry that was itself merged away says
 * where it went, and goes there.
 */
import { useEffect, useState } from 'react';
import type { EnquiryRecord } from '../../../../shared/enquiries/enquiry';
import type { RelatedEnquiries, RelatedEnquiry } from '../../../../shared/merging/related-enquiries';
import Alert from '../core/Alert';
import { StaffApiError } from '../core/api';
import { STAFF_TEXT } from '../core/words';
import MergedList from './MergedList';
import RelatedTable from './RelatedTable';
import { detailPath, loadRelated, mergeEnquiry, rereadOnConflict } from './merging-api';
import { MERGING_TEXT } from './words';

export interface RelatedPanelProps {
  record: EnquiryRecord;
  onChanged: (record: EnquiryRecord) => void;
}

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; answer: RelatedEnquiries };

export default function RelatedPanel({ record, onChanged }: RelatedPanelProps) {
  const index = record.POST_INDEX;
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  // Bumped to read the list again (after a refused merge) without leaving the table, and the dialog in it, meanwhile.
  const [reads, setReads] = useState(0);

  useEffect(() => {
    // An answer for an enquiry the panel no longer shows is dropped.
    let current = true;
    loadRelated(index).then(
      (answer) => current && setLoad({ state: 'ready', answer }),
      (error: unknown) => {
        // A 401 is already on its way to the sign-in page.
        if (current && !(error instanceof StaffApiError && error.status === 401)) setLoad({ state: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [index, reads]);

  const into = load.state === 'ready' ? load.answer.mergedInto : undefined;
  const target = into?.INTO;
  useEffect(() => {
    // Only a pointer is left here: staff work on the one it went into (replaced, so Back does not bounce here again).
    if (target !== undefined) window.location.replace(detailPath(target));
  }, [target]);

  const merge = async (other: RelatedEnquiry) => {
    try {
      await mergeEnquiry(other, record);
    } catch (error) {
      // Either enquiry changed meanwhile: both are read again, so a retry names their VERSIONs as they are now.
      if (await rereadOnConflict(error, index, onChanged)) setReads((count) => count + 1);
      throw error;
    }
    // The merge moved messages, notes and tags into every panel of this page: read it all again.
    window.location.reload();
  };

  return (
    <section className="panel" aria-labelledby="related-heading">
      <h2 id="related-heading">{MERGING_TEXT.heading}</h2>
      {load.state === 'loading' && <p className="staff__muted">{STAFF_TEXT.loading}</p>}
      {load.state === 'failed' && <Alert text={MERGING_TEXT.failed} />}
      {into && (
        <p className="staff__notice" role="status">
          {MERGING_TEXT.mergedInto.notice(into.INTO_REFERENCE)}{' '}
          <a href={detailPath(into.INTO)}>{MERGING_TEXT.mergedInto.open(into.INTO_REFERENCE)}</a>
        </p>
      )}
      {load.state === 'ready' && !into && (
        <>
          {load.answer.related.length ? (
            <>
              <p className="staff__muted">{MERGING_TEXT.explain}</p>
              <RelatedTable related={load.answer.related} record={record} onMerge={merge} />
              {load.answer.more > 0 && <p className="staff__muted">{MERGING_TEXT.more(load.answer.more)}</p>}
            </>
          ) : (
            <p className="staff__muted">{MERGING_TEXT.none}</p>
          )}
          <MergedList merged={load.answer.merged} record={record} onChanged={onChanged} />
        </>
      )}
    </section>
  );
}
