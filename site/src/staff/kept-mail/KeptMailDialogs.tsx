/**
 * The two actions on a kept mail, each in a dialog: attach to an enquiry the
 * staff member names (the subject's reference prefilled, a quarantined mail
 * only after a warning and a tick), and discard (confirmed, for good).
 */
import { useState } from 'react';
import {
  type KeptMailAttached,
  type KeptMailEntry,
  needsConfirmation,
  suggestedEnquiryOf,
} from '../../../../shared/conversation/kept-mail';
import { formatReference, parseReference } from '../../../../shared/work/enquiry-work';
import { StaffApiError } from '../core/api';
import DialogFrame from '../core/DialogFrame';
import { useDialogAction } from '../core/dialog-action';
import { attachKeptMail, discardKeptMail } from './kept-mail-api';
import SenderWarning from './SenderWarning';
import { KEPT_MAIL_TEXT } from './words';

/** A refused action in the back office's words. */
function problemOf(error: unknown): string {
  if (error instanceof StaffApiError && error.status === 404) return KEPT_MAIL_TEXT.notFound;
  if (error instanceof StaffApiError && error.status === 409) return KEPT_MAIL_TEXT.conflict;
  if (error instanceof StaffApiError && error.fields['index']) return KEPT_MAIL_TEXT.badReference;
  return KEPT_MAIL_TEXT.failed;
}

interface DialogProps<Done> {
  mail: KeptMailEntry;
  onClose: () => void;
  onDone: (done: Done) => void;
}

export function AttachDialog({ mail, onClose, onDone }: DialogProps<KeptMailAttached>) {
  const prefilled = suggestedEnquiryOf(mail);
  const [reference, setReference] = useState(prefilled === undefined ? '' : formatReference(prefilled));
  const [confirmed, setConfirmed] = useState(false);
  const confirming = needsConfirmation(mail);
  const { busy, problem, submit } = useDialogAction(async () => {
    // Read as the API reads it (MT-000123, mt 123, #123, 123), so a typo is said before anything is sent.
    const index = parseReference(reference);
    if (index === undefined) throw new StaffApiError(400, 'invalid_input', { index: KEPT_MAIL_TEXT.badReference });
    onDone(await attachKeptMail(mail.key, index, confirming && confirmed));
  }, problemOf);

  return (
    <DialogFrame
      title={KEPT_MAIL_TEXT.attachTitle}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      problem={problem}
      submitLabel={KEPT_MAIL_TEXT.attach}
      submitDisabled={confirming && !confirmed}
    >
      <div className="panel__form">
        <p className="staff__muted">{KEPT_MAIL_TEXT.attachHint}</p>
        {confirming && (
          <p className="staff__alert" role="note">
            {KEPT_MAIL_TEXT.quarantineWarning}
          </p>
        )}
        {prefilled !== undefined && parseReference(reference) === prefilled && <SenderWarning mail={mail} />}
        <label htmlFor="kept-mail-index">{KEPT_MAIL_TEXT.attachIndex}</label>
        <input
          id="kept-mail-index"
          type="text"
          required
          autoComplete="off"
          value={reference}
          onChange={(event) => setReference(event.currentTarget.value)}
        />
        {confirming && (
          <label className="kept-mail__confirm">
            <input
              type="checkbox"
              checked={confirmed}
              onChange={(event) => setConfirmed(event.currentTarget.checked)}
            />
            {KEPT_MAIL_TEXT.quarantineConfirm}
          </label>
        )}
      </div>
    </DialogFrame>
  );
}

export function DiscardDialog({ mail, onClose, onDone }: DialogProps<void>) {
  const { busy, problem, submit } = useDialogAction(async () => {
    await discardKeptMail(mail.key);
    onDone();
  }, problemOf);
  return (
    <DialogFrame
      title={KEPT_MAIL_TEXT.discardTitle}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      problem={problem}
      submitLabel={KEPT_MAIL_TEXT.discard}
      danger
    >
      <p>{KEPT_MAIL_TEXT.discardConfirm}</p>
      <p className="staff__muted">
        {mail.from ?? KEPT_MAIL_TEXT.noFrom} · {mail.subject || KEPT_MAIL_TEXT.noSubject}
      </p>
    </DialogFrame>
  );
}
