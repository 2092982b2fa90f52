/**
 * The links to the visitor's page: staff replace them when one went astray
 * (forwarded, a shared mailbox). After a confirmation every link mailed so
 * far stops working, and the visitor is mailed a new one in their page's
 * language; the history records it.
 */
import { type SubmitEvent, useState } from 'react';
import type { EnquiryRecord } from '../../../../shared/enquiries/enquiry';
import Alert from '../core/Alert';
import DialogFrame from '../core/DialogFrame';
import { STAFF_TEXT } from '../core/words';
import { conflictCurrent, replaceVisitorLink } from './work-api';
import { ENQUIRY_TEXT } from './words';

export interface VisitorLinkPanelProps {
  record: EnquiryRecord;
  onChanged: (record: EnquiryRecord) => void;
}

const TEXT = ENQUIRY_TEXT.visitorLink;

export default function VisitorLinkPanel({ record, onChanged }: VisitorLinkPanelProps) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const [done, setDone] = useState('');

  const replace = async (event: SubmitEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem('');
    try {
      const answer = await replaceVisitorLink(record);
      setAsking(false);
      setDone(TEXT.done(STAFF_TEXT.mailStatus[answer.mailStatus] ?? answer.mailStatus));
      onChanged(answer.record);
    } catch (error) {
      const current = conflictCurrent(error);
      if (current) {
        setAsking(false);
        setProblem(ENQUIRY_TEXT.work.conflict);
        onChanged(current);
      } else setProblem(TEXT.failed);
    }
    setBusy(false);
  };

  return (
    <section className="panel" aria-labelledby="visitor-link-heading">
      <h2 id="visitor-link-heading">{TEXT.heading}</h2>
      <p className="staff__muted">{TEXT.explain}</p>
      <button
        type="button"
        className="staff-button"
        onClick={() => {
          setDone('');
          setProblem('');
          setAsking(true);
        }}
      >
        {TEXT.replace}
      </button>
      {done && (
        <p className="staff__muted" role="status">
          {done}
        </p>
      )}
      {!asking && <Alert text={problem} />}
      {asking && (
        <DialogFrame
          title={TEXT.confirmTitle}
          onClose={() => setAsking(false)}
          onSubmit={(event) => void replace(event)}
          busy={busy}
          problem={problem}
          submitLabel={TEXT.submit}
          danger
        >
          <p>{TEXT.confirm}</p>
        </DialogFrame>
      )}
    </section>
  );
}
