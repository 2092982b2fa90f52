/**
 * On a suspected-spam enquiry's detail page: why it was held apart, and the
 * button that marks it genuine, after a confirmation. Marked, it is a new
 * enquiry in the message box (its staff notice and the visitor's
 * acknowledgement go out), and the page shows it with every panel of one.
 */
import { useState } from 'react';
import type { EnquiryRecord } from '../../../../shared/enquiries/enquiry';
import { StaffApiError } from '../core/api';
import DialogFrame from '../core/DialogFrame';
import { useDialogAction } from '../core/dialog-action';
import { STAFF_TEXT } from '../core/words';
import { markGenuine, readEnquiry } from './spam-api';
import { SPAM_TEXT } from './words';

const TEXT = SPAM_TEXT.panel;

/** What a refused mark says: the lead, or that the enquiry was read again, then the API's own sentence; nothing for a 401. */
function problemOf(error: unknown): string {
  if (!(error instanceof StaffApiError)) return TEXT.failed;
  if (error.status === 401) return '';
  if (error.status === 0 || error.status >= 500) return `${TEXT.failed} ${STAFF_TEXT.serviceDown}`;
  const said = error.body['message'];
  return [error.status === 409 ? TEXT.conflict : TEXT.failed, typeof said === 'string' ? said : '']
    .filter(Boolean)
    .join(' ');
}

export default function GenuinePanel({
  record,
  onChanged,
}: {
  record: EnquiryRecord;
  onChanged: (record: EnquiryRecord) => void;
}) {
  const [asking, setAsking] = useState(false);
  const mark = async () => {
    try {
      onChanged(await markGenuine(record));
    } catch (error) {
      // Someone changed it meanwhile: the page shows it as it is now, and a retry names that VERSION.
      if (error instanceof StaffApiError && error.status === 409) {
        const current = await readEnquiry(record.POST_INDEX).catch(() => undefined);
        if (current) onChanged(current);
      }
      throw error;
    }
  };
  const { busy, problem, setProblem, submit } = useDialogAction(mark, problemOf);
  return (
    <section className="panel" aria-labelledby="genuine-heading">
      <h2 id="genuine-heading">{TEXT.heading}</h2>
      <p>{TEXT.explain(SPAM_TEXT.reason(record.SPAM_REASON))}</p>
      <button
        type="button"
        className="staff-button staff-button--primary"
        onClick={() => {
          setProblem('');
          setAsking(true);
        }}
      >
        {TEXT.button}
      </button>
      {asking && (
        <DialogFrame
          title={TEXT.title}
          onClose={() => setAsking(false)}
          onSubmit={(event) => void submit(event)}
          busy={busy}
          problem={problem}
          submitLabel={TEXT.submit}
        >
          <p>{TEXT.confirm(record.REFERENCE)}</p>
        </DialogFrame>
      )}
    </section>
  );
}
