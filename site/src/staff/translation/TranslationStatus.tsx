/**
 * Where a translation not yet shown stands (pending, capped, failed,
 * refused), said to screen readers when it changes, and for one the engine
 * gave up, refused or put off (capped) a button that asks for it again: it
 * goes back in the queue, and the page shows it pending, with a word that
 * a reload shows it once made (the page does not look again by itself).
 */
import { useState } from 'react';
import { ASKABLE_AGAIN, type TranslationView } from '../../../../shared/translation/staff-translation';
import { StaffApiError } from '../core/api';
import Alert from '../core/Alert';
import { askTranslationAgain } from './translation-api';
import { TRANSLATION_TEXT } from './words';

export default function TranslationStatus({
  postIndex,
  translation,
}: {
  postIndex: number;
  translation: TranslationView;
}) {
  const [asked, setAsked] = useState<TranslationView>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const view = asked ?? translation;
  const ask = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      setAsked(await askTranslationAgain(postIndex, view.source));
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
      {ASKABLE_AGAIN.includes(view.state) && (
        <button type="button" className="staff-button" onClick={() => void ask()} disabled={busy}>
          {busy ? TRANSLATION_TEXT.asking : TRANSLATION_TEXT.askAgain}
        </button>
      )}
      <Alert text={problem} />
    </div>
  );
}
