/**
 * The legal hold of one enquiry: everyone sees that it is held and why; an
 * admin sets it with a reason or lifts it. A held enquiry outlives the
 * retention period and an erasure request (a dispute, a claim, an authority's
 * request).
 */
import { type SubmitEvent, useState } from 'react';
import type { EnquiryRecord } from '../../../../shared/enquiries/enquiry';
import { currentStaffRole } from '../core/api';
import { setHold } from '../privacy/privacy-api';
import Alert from '../core/Alert';
import { ENQUIRY_TEXT } from './words';

export interface HoldPanelProps {
  record: EnquiryRecord;
  onChanged: (record: EnquiryRecord) => void;
}

export default function HoldPanel({ record, onChanged }: HoldPanelProps) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const held = record.LEGAL_HOLD !== undefined;
  const admin = currentStaffRole() === 'admin';
  if (!held && !admin) return null;

  const change = async (next: string | undefined) => {
    setBusy(true);
    setProblem('');
    try {
      onChanged(await setHold(record.POST_INDEX, next));
      setReason('');
    } catch {
      setProblem(ENQUIRY_TEXT.hold.failed);
    }
    setBusy(false);
  };

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    void change(reason.trim());
  };

  return (
    <section className="panel" aria-labelledby="hold-heading">
      <h2 id="hold-heading">{ENQUIRY_TEXT.hold.heading}</h2>
      {held && <p className="staff__confirmation">{ENQUIRY_TEXT.hold.held(record.LEGAL_HOLD ?? '')}</p>}
      <p className="staff__muted">{ENQUIRY_TEXT.hold.explain}</p>
      {admin &&
        (held ? (
          <button type="button" className="staff-button" disabled={busy} onClick={() => void change(undefined)}>
            {ENQUIRY_TEXT.hold.lift}
          </button>
        ) : (
          <form className="panel__row" onSubmit={submit}>
            <label>
              {ENQUIRY_TEXT.hold.reason}
              <input
                value={reason}
                required
                minLength={3}
                maxLength={500}
                onChange={(event) => setReason(event.currentTarget.value)}
              />
            </label>
            <button type="submit" className="staff-button" disabled={busy || reason.trim().length < 3}>
              {ENQUIRY_TEXT.hold.set}
            </button>
          </form>
        ))}
      <Alert text={problem} />
    </section>
  );
}
