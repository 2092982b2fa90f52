/**
 * `/welcome#<token>`: a new staff member takes up an invitation by setting a
 * password, then goes on to two-factor set-up. The token is read from the
 * fragment (never sent to a server by the browser, so it is in no log or
 * Referer) and taken out of the address bar at once.
 */
import { type SubmitEvent, useState } from 'react';
import { TWO_FACTOR_PATH } from '../../../../shared/accounts/accounts';
import { acceptInvitation } from './accounts-api';
import { storeToken } from '../core/api';
import { ACCOUNTS_TEXT } from './words';
import NewPasswordFields, { newPasswordProblem } from './NewPasswordFields';
import { STAFF_TEXT } from '../core/words';

const TEXT = ACCOUNTS_TEXT.welcome;

let fromLink: string | undefined;

/** The link's token, read once and taken out of the address bar (and the history) before anything else happens on the page. */
function linkToken(): string {
  if (fromLink === undefined) {
    fromLink = window.location.hash.slice(1);
    if (fromLink) window.history.replaceState(null, '', window.location.pathname);
  }
  return fromLink;
}

export default function WelcomeApp() {
  const [token] = useState(linkToken);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (!token) return;
    const wrong = newPasswordProblem(password, repeat);
    if (wrong) return setProblem(wrong);
    setBusy(true);
    setProblem('');
    const result = await acceptInvitation(token, password);
    if ('token' in result) {
      storeToken(result.token);
      window.location.assign(TWO_FACTOR_PATH);
      return;
    }
    setProblem(result.error === 'rate_limited' ? ACCOUNTS_TEXT.loginWait : result.error === 'invalid_invitation' || result.error === 'invalid_input' ? TEXT.invalid : STAFF_TEXT.saveFailed);
    setBusy(false);
  };

  return (
    <main className="login" id="main">
      <form className="login__card" onSubmit={submit}>
        <h1>{TEXT.title}</h1>
        {token === '' ? (
          <p className="staff__alert" role="alert">
            {TEXT.noToken}
          </p>
        ) : (
          <>
            <p>{TEXT.intro}</p>
            <NewPasswordFields id="welcome" password={password} repeat={repeat} onPassword={setPassword} onRepeat={setRepeat} />
            {problem && (
              <p className="staff__alert" role="alert">
                {problem}
              </p>
            )}
            <button type="submit" className="staff-button staff-button--primary" disabled={busy}>
              {busy ? STAFF_TEXT.saving : TEXT.submit}
            </button>
          </>
        )}
      </form>
    </main>
  );
}
