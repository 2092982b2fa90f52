/**
 * A native modal dialog around one form: focus stays inside, Escape closes,
 * Cancel closes; the submit button says what it does and waits while busy.
 */
import { type ReactNode, type SubmitEvent, useEffect, useRef } from 'react';
import { STAFF_TEXT } from './words';

export interface DialogFrameProps {
  title: string;
  onClose: () => void;
  onSubmit: (event: SubmitEvent) => void;
  busy: boolean;
  problem: string;
  children: ReactNode;
  /** The submit button's words (Save unless told), and whether it may be pressed yet. */
  submitLabel?: string;
  submitDisabled?: boolean;
  /** A destructive action: the submit button in the danger colour. */
  danger?: boolean;
}

export default function DialogFrame({
  title,
  onClose,
  onSubmit,
  busy,
  problem,
  children,
  submitLabel = STAFF_TEXT.save,
  submitDisabled = false,
  danger = false,
}: DialogFrameProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="staff-dialog" aria-labelledby="staff-dialog-title" onClose={onClose}>
      <form onSubmit={onSubmit}>
        <h2 id="staff-dialog-title">{title}</h2>
        {children}
        {problem && (
          <p className="staff__alert" role="alert">
            {problem}
          </p>
        )}
        <div className="staff-dialog__actions">
          <button type="button" className="staff-button" onClick={() => dialog.current?.close()}>
            {STAFF_TEXT.cancel}
          </button>
          <button
            type="submit"
            className={`staff-button ${danger ? 'staff-button--danger' : 'staff-button--primary'}`}
            disabled={busy || submitDisabled}
          >
            {busy ? STAFF_TEXT.saving : submitLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
