/**
 * Where a translation not yet shown stands (pending, capped, failed,
 * refused), said to screen readers when it changes, and for one the engine
 * gave up, refused or put off (capped) a button that asks for it again
 * (`ask`): a thread's goes back in the queue, and the page shows it pending,
 * with a word that a reload shows it once made (the page does not look again
 * by itself); a kept mail's is made there and then.
 */
import { useState } from 'react';
import { ASKABLE_AGAIN, type TranslationView } from '../../../../shared/translation/staff-translation';
import { StaffApiError } from '../core/api';
import Alert from '../core/Alert';
import { TRANSLATION_TEXT } from './words';

/** Asks again for a translation; answers where it stands then. */
export type AskAgain = (translation: TranslationView) => Promise<TranslationView>;

export default function TranslationStatus({ translation, ask }: { translation: TranslationView; ask?: AskAgain }) {
  const [asked, setAsked] = useState<TranslationView>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const view = asked ?? translation;
  const askAgain = async () => {
    if (!ask) return;
    setBusy(true);
    setProblem(undefined);
    try {
      setAsked(await ask(view));
    } catch (error) {
      // A 401 is on its way to the sign-in page already.
      if (!(error instanceof StaffApiError && error.status === 401)) setProblem(TRANSLATION_TEXT.askFailed);
    } finally {
      setBusy(false);
    }
  };
  if (view.state === 'done') return null;
  return (
    <div className="translation__state">
      <p className="staff__muted" role="status">
        {view.overShare ? TRANSLATION_TEXT.overShare : TRANSLATION_TEXT.states[view.state]}
      </p>
      {asked && view.state === 'pending' && <p className="staff__muted">{TRANSLATION_TEXT.askedHint}</p>}
      {ask && ASKABLE_AGAIN.includes(view.state) && (
        <button type="button" className="staff-button" onClick={() => void askAgain()} disabled={busy}>
          {busy ? TRANSLATION_TEXT.asking : TRANSLATION_TEXT.askAgain}
        </button>
      )}
      <Alert text={problem} />
    </div>
  );
}
