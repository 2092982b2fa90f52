/**
 * A button whose action must be confirmed first (a merge, its undo, a split):
 * the dialog names what will happen; while the action runs it waits, and a
 * refusal is said in the dialog so the staff member can read it and retry.
 * On success the action leaves the page, so the dialog stays busy.
 */
import { useState } from 'react';
import DialogFrame from '../core/DialogFrame';
import { useDialogAction } from '../core/dialog-action';
import { problemOf } from './merging-api';

/** An action's words: its button, the dialog's title and submit, and the lead of a refusal (`problemOf`). */
export interface ActionText {
  button: string;
  title: string;
  submit: string;
  failed: string;
}

export interface ConfirmActionProps {
  text: ActionText;
  /** The button's accessible name: its words and what it acts on, since a screen reader does not read the row with it. */
  name: string;
  /** What will happen, said in the dialog. */
  confirm: string;
  danger?: boolean;
  run: () => Promise<void>;
}

export default function ConfirmAction({ text, name, confirm, danger, run }: ConfirmActionProps) {
  const [asking, setAsking] = useState(false);
  const { busy, problem, setProblem, submit } = useDialogAction(run, (error) => problemOf(error, text.failed));
  return (
    <>
      <button
        type="button"
        className="staff-button"
        aria-label={name}
        onClick={() => {
          setProblem('');
          setAsking(true);
        }}
      >
        {text.button}
      </button>
      {asking && (
        <DialogFrame
          title={text.title}
          onClose={() => setAsking(false)}
          onSubmit={(event) => void submit(event)}
          busy={busy}
          problem={problem}
          submitLabel={text.submit}
          danger={danger}
        >
          <p>{confirm}</p>
        </DialogFrame>
      )}
    </>
  );
}
