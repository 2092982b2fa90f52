/**
 * The same visitor's other enquiries on the detail page: patients often
 * write twice (the hospital form, then the concierge form), and staff should
 * see the other before answering one. Each links to its own detail page.
 */
import { useEffect, useState } from 'react';
import { SECTIONS, labelOf } from '../../../../shared/enquiries/enums';
import type { RelatedEnquiries } from '../../../../shared/merging/related-enquiries';
import { STATUS_LABELS } from '../../../../shared/work/enquiry-work';
import Alert from '../core/Alert';
import { StaffApiError } from '../core/api';
import StaffTable from '../core/StaffTable';
import { STAFF_TEXT } from '../core/words';
import { loadRelated } from './merging-api';
import { MERGING_TEXT } from './words';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; answer: RelatedEnquiries };

export default function RelatedPanel({ index }: { index: number }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });

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
  }, [index]);

  return (
    <section className="panel" aria-labelledby="related-heading">
      <h2 id="related-heading">{MERGING_TEXT.heading}</h2>
      {load.state === 'loading' && <p className="staff__muted">{STAFF_TEXT.loading}</p>}
      {load.state === 'failed' && <Alert text={MERGING_TEXT.failed} />}
      {load.state === 'ready' && !load.answer.related.length && <p className="staff__muted">{MERGING_TEXT.none}</p>}
      {load.state === 'ready' && load.answer.related.length > 0 && (
        <>
          <p className="staff__muted">{MERGING_TEXT.explain}</p>
          <StaffTable columns={Object.values(MERGING_TEXT.columns)}>
            {load.answer.related.map((other) => (
              <tr key={other.POST_INDEX}>
                <td>
                  <a href={`/detail/${other.POST_INDEX}`}>{other.REFERENCE}</a>
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
              </tr>
            ))}
          </StaffTable>
          {load.answer.more > 0 && <p className="staff__muted">{MERGING_TEXT.more(load.answer.more)}</p>}
        </>
      )}
    </section>
  );
}
