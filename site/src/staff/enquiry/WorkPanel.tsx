/** Status and owner of one enquiry: a staff member takes it, gives it to a colleague who may own it, moves it on, or lets it go. */
import { useEffect, useState } from 'react';
import type { EnquiryRecord } from '../../../../shared/enquiries/enquiry';
import { ENQUIRY_STATUSES, type EnquiryStatus, STATUS_LABELS } from '../../../../shared/work/enquiry-work';
import { formatKoreaDateTime } from '../../../../shared/korea-time';
import { StaffApiError, currentStaffEmail } from '../core/api';
import { ENQUIRY_TEXT } from './words';
import { changeWork, conflictCurrent, loadOwners } from './work-api';

export interface WorkPanelProps {
  record: EnquiryRecord;
  /** The enquiry as the server has it now (after a change, or after someone else's). */
  onChanged: (record: EnquiryRecord) => void;
}

export default function WorkPanel({ record, onChanged }: WorkPanelProps) {
  const [status, setStatus] = useState<EnquiryStatus>(record.STATUS ?? 'new');
  const [shownFor, setShownFor] = useState(record);
  const [message, setMessage] = useState<{ kind: 'alert' | 'status'; text: string } | undefined>();
  const [busy, setBusy] = useState(false);
  const [owners, setOwners] = useState<string[]>([]);
  const [assignee, setAssignee] = useState('');
  useEffect(() => {
    // The picker only: without the list, take and release still work.
    loadOwners().then(setOwners, () => undefined);
  }, []);
  // A record from elsewhere (a reply, a conflict) resets the choice to what is stored.
  if (shownFor !== record) {
    setShownFor(record);
    setStatus(record.STATUS ?? 'new');
  }
  const me = currentStaffEmail();

  const change = async (what: { status?: EnquiryStatus; owner?: string }) => {
    setBusy(true);
    setMessage(undefined);
    try {
      onChanged(await changeWork(record, what));
      setAssignee('');
    } catch (error) {
      const current = conflictCurrent(error);
      if (current) {
        onChanged(current);
        setMessage({ kind: 'alert', text: ENQUIRY_TEXT.work.conflict });
      } else if (error instanceof StaffApiError && error.fields['owner'])
        setMessage({ kind: 'alert', text: ENQUIRY_TEXT.work.ownerRefused });
      else setMessage({ kind: 'alert', text: ENQUIRY_TEXT.work.failed });
    }
    setBusy(false);
  };

  return (
    <section className="panel" aria-labelledby="work-heading">
      <h2 id="work-heading">{ENQUIRY_TEXT.work.heading}</h2>
      <form
        className="panel__row"
        onSubmit={(event) => {
          event.preventDefault();
          void change({ status });
        }}
      >
        <label htmlFor="work-status">{ENQUIRY_TEXT.work.status}</label>
        <select
          id="work-status"
          value={status}
          onChange={(event) => setStatus(event.currentTarget.value as EnquiryStatus)}
          disabled={busy}
        >
          {ENQUIRY_STATUSES.map((value) => (
            <option key={value} value={value}>
              {STATUS_LABELS[value]}
            </option>
          ))}
        </select>
        <button type="submit" className="staff-button" disabled={busy || status === (record.STATUS ?? 'new')}>
          {ENQUIRY_TEXT.work.saveStatus}
        </button>
      </form>
      <div className="panel__row">
        <p>
          {ENQUIRY_TEXT.work.owner}: <strong>{record.OWNER || ENQUIRY_TEXT.work.nobody}</strong>
        </p>
        {record.OWNER !== me && (
          <button
            type="button"
            className="staff-button staff-button--primary"
            disabled={busy || !me}
            onClick={() => void change({ owner: me })}
          >
            {ENQUIRY_TEXT.work.take}
          </button>
        )}
        {record.OWNER && (
          <button type="button" className="staff-button" disabled={busy} onClick={() => void change({ owner: '' })}>
            {ENQUIRY_TEXT.work.release}
          </button>
        )}
      </div>
      <form
        className="panel__row"
        onSubmit={(event) => {
          event.preventDefault();
          if (assignee) void change({ owner: assignee });
        }}
      >
        <label>
          {ENQUIRY_TEXT.work.assignTo}
          <select value={assignee} onChange={(event) => setAssignee(event.currentTarget.value)} disabled={busy}>
            <option value="">{ENQUIRY_TEXT.work.choose}</option>
            {owners
              .filter((owner) => owner !== record.OWNER)
              .map((owner) => (
                <option key={owner} value={owner}>
                  {owner}
                </option>
              ))}
          </select>
        </label>
        <button type="submit" className="staff-button" disabled={busy || !assignee}>
          {ENQUIRY_TEXT.work.assign}
        </button>
      </form>
      <p className="staff__muted">{ENQUIRY_TEXT.work.updated(formatKoreaDateTime(Date.parse(record.UPDATED_AT)))}</p>
      {message && (
        <p className={message.kind === 'alert' ? 'staff__alert' : 'staff__muted'} role={message.kind}>
          {message.text}
        </p>
      )}
    </section>
  );
}
