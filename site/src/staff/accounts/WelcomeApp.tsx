/**
 * `/welcome#<token>`: a new staff member takes up an invitation by setting a
 * password, then goes on to two-factor set-up. The token is read from the
 * fragment (never sent to a server by the browser, so it is in no log or
 * Referer) and taken out of the address bar at once.
 */
import { type SubmitEvent, useState } from 'react';
import { TWO_FACTOR_PATH } from '../../../../shared/accounts/accounts';
import { STAFF_PASSWORD_MIN_LENGTH } from '../../../../shared/auth';
import { acceptInvitation } from './accounts-api';
import { storeToken } from '../core/api';
import { ACCOUNTS_TEXT } from './words';
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
    if (password.length < STAFF_PASSWORD_MIN_LENGTH) return setProblem(TEXT.tooShort(STAFF_PASSWORD_MIN_LENGTH));
    if (password !== repeat) return setProblem(TEXT.mismatch);
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
            <label htmlFor="welcome-password">{TEXT.newPassword}</label>
            <input
              id="welcome-password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              minLength={STAFF_PASSWORD_MIN_LENGTH}
              aria-describedby="welcome-password-rule"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            <p id="welcome-password-rule" className="staff__muted">
              {TEXT.minLength(STAFF_PASSWORD_MIN_LENGTH)}
            </p>
            <label htmlFor="welcome-repeat">{TEXT.repeatPassword}</label>
            <input id="welcome-repeat" name="repeat" type="password" autoComplete="new-password" required value={repeat} onChange={(event) => setRepeat(event.currentTarget.value)} />
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
