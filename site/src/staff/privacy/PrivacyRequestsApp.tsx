/**
 * `/privacy-requests` (admins): a visitor asks what the centre keeps about
 * them, or asks for it to be deleted. The admin finds the visitor's enquiries
 * (and the mail received from them kept apart from the threads) by the
 * address they wrote from, hands over everything as one file, or
 * erases it all (a reason is recorded; the address is typed again to
 * confirm). The address stays in the page's memory, never in its address bar.
 */
import { type SubmitEvent, useState } from 'react';
import { SECTIONS, labelOf } from '../../../../shared/enquiries/enums';
import { STATUS_LABELS, formatReference } from '../../../../shared/work/enquiry-work';
import { StaffApiError, failureText } from '../core/api';
import DialogFrame from '../core/DialogFrame';
import { type SubjectEnquiry, downloadSubject, eraseSubject, findSubject } from './privacy-api';
import Alert from '../core/Alert';
import StaffLayout from '../core/StaffLayout';
import { STAFF_TEXT } from '../core/words';
import { PRIVACY_TEXT } from './words';

type Found =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'failed'; text: string }
  | { state: 'ready'; email: string; enquiries: SubjectEnquiry[]; keptMail: number };

const text = PRIVACY_TEXT.privacyPage;
const failure = (error: unknown, otherwise: string) =>
  error instanceof StaffApiError && error.status === 403 ? STAFF_TEXT.noPermission : otherwise;

function EraseDialog({
  email,
  count,
  kept,
  onClose,
  onErased,
}: {
  email: string;
  count: number;
  kept: number;
  onClose: () => void;
  onErased: (message: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const confirmed = confirmation.trim().toLowerCase() === email.toLowerCase() && reason.trim().length >= 3;

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (!confirmed) return;
    setBusy(true);
    setProblem('');
    try {
      const outcome = await eraseSubject(email, reason.trim());
      onErased(
        text.erased(
          outcome.erased.length,
          outcome.held.map(formatReference),
          outcome.backupDays,
          outcome.keptMailRemoved,
        ),
      );
    } catch (error) {
      setProblem(failure(error, text.eraseFailed));
      setBusy(false);
    }
  };

  return (
    <DialogFrame
      title={text.eraseTitle}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      problem={problem}
      submitLabel={text.eraseNow}
      submitDisabled={!confirmed}
      danger
    >
      <p className="staff__alert">{text.eraseWarning(count, kept, email)}</p>
      <div className="panel__form">
        <label htmlFor="erase-reason">{text.reason}</label>
        <textarea
          id="erase-reason"
          required
          minLength={3}
          maxLength={500}
          rows={3}
          value={reason}
          placeholder={text.reasonPlaceholder}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        <label htmlFor="erase-confirm">{text.confirm}</label>
        <input
          id="erase-confirm"
          type="email"
          autoComplete="off"
          required
          value={confirmation}
          onChange={(event) => setConfirmation(event.currentTarget.value)}
        />
      </div>
    </DialogFrame>
  );
}

export default function PrivacyRequestsApp() {
  const [email, setEmail] = useState('');
  const [found, setFound] = useState<Found>({ state: 'idle' });
  const [erasing, setErasing] = useState(false);
  const [message, setMessage] = useState<{ kind: 'alert' | 'status'; text: string } | undefined>();

  const find = async (address: string) => {
    setFound({ state: 'loading' });
    try {
      const data = await findSubject(address);
      setFound({ state: 'ready', email: data.email, enquiries: data.enquiries, keptMail: data.keptMail.length });
    } catch (error) {
      if (!(error instanceof StaffApiError && error.status === 401))
        setFound({ state: 'failed', text: failure(error, failureText(error)) });
    }
  };

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    setMessage(undefined);
    void find(email.trim());
  };

  const download = async (address: string) => {
    setMessage(undefined);
    try {
      await downloadSubject(address);
    } catch (error) {
      if (!(error instanceof StaffApiError && error.status === 401))
        setMessage({ kind: 'alert', text: failure(error, text.exportFailed) });
    }
  };

  return (
    <StaffLayout current="privacy-requests" title={STAFF_TEXT.privacyRequests}>
      <p>{text.intro}</p>
      <form className="filters" onSubmit={submit}>
        <label>
          {text.email}
          <input
            type="email"
            required
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
        </label>
        <button type="submit" className="staff-button staff-button--primary">
          {text.find}
        </button>
      </form>
      {message && (
        <p className={message.kind === 'alert' ? 'staff__alert' : 'staff__confirmation'} role={message.kind}>
          {message.text}
        </p>
      )}
      <div aria-live="polite" aria-busy={found.state === 'loading'}>
        {found.state === 'loading' && <p className="staff__muted">{STAFF_TEXT.loading}</p>}
        <Alert text={found.state === 'failed' ? found.text : undefined} />
        {found.state === 'ready' &&
          (found.enquiries.length === 0 && found.keptMail === 0 ? (
            <p className="staff__empty">{text.none}</p>
          ) : (
            <section className="privacy-found" aria-labelledby="privacy-found-title">
              <h2 id="privacy-found-title">{text.found(found.enquiries.length)}</h2>
              {found.keptMail > 0 && <p>{text.keptMail(found.keptMail)}</p>}
              {found.enquiries.length > 0 && (
                <div className="table-wrap">
                  <table className="messages">
                    <thead>
                      <tr>
                        {Object.values(text.columns).map((column) => (
                          <th key={column} scope="col">
                            {column}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {found.enquiries.map((enquiry) => (
                        <tr key={enquiry.POST_INDEX}>
                          <td>
                            <a href={`/detail/${enquiry.POST_INDEX}`}>{enquiry.REFERENCE}</a>
                          </td>
                          <td>{enquiry.DATE}</td>
                          <td>{labelOf(SECTIONS, enquiry.MEDICAL_SECTION, 'ko')}</td>
                          <td>{enquiry.STATUS ? STATUS_LABELS[enquiry.STATUS] : STAFF_TEXT.spam}</td>
                          <td>{enquiry.LEGAL_HOLD !== undefined ? `${text.held}: ${enquiry.LEGAL_HOLD}` : '-'}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
              <div className="panel__row">
                <button type="button" className="staff-button" onClick={() => void download(found.email)}>
                  {text.exportJson}
                </button>
                <button type="button" className="staff-button staff-button--danger" onClick={() => setErasing(true)}>
                  {text.erase}
                </button>
              </div>
            </section>
          ))}
      </div>
      {erasing && found.state === 'ready' && (
        <EraseDialog
          email={found.email}
          count={found.enquiries.length}
          kept={found.keptMail}
          onClose={() => setErasing(false)}
          onErased={(done) => {
            setErasing(false);
            setMessage({ kind: 'status', text: done });
            void find(found.email);
          }}
        />
      )}
    </StaffLayout>
  );
}
