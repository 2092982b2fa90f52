/**
 * Above the message box: how many enquiries wait in the suspected-spam list,
 * with the way to it, so that a genuine one held there (the form's hidden
 * field filled by autofill) is found and marked. Nothing is shown while that
 * list is on screen, when it is empty, or when the count cannot be read.
 */
import { useEffect, useState } from 'react';
import { storedToken } from '../core/api';
import { loadSpamWaiting } from './spam-api';
import { SPAM_TEXT } from './words';

export default function SpamWaitingNotice({ showing, onShow }: { showing: boolean; onShow: () => void }) {
  const [waiting, setWaiting] = useState<number | undefined>();
  useEffect(() => {
    // Without a token the page is already on its way to sign-in: no second navigation.
    if (!storedToken()) return;
    loadSpamWaiting().then(setWaiting, () => undefined);
  }, []);
  if (showing || !waiting) return null;
  return (
    <p className="staff__notice" role="status">
      {SPAM_TEXT.waiting(waiting)}{' '}
      <button type="button" className="staff-button" onClick={onShow}>
        {SPAM_TEXT.showSpam}
      </button>
    </p>
  );
}
