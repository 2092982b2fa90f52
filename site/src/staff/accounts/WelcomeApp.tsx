/**
 * `/welcome#<token>`: a new staff member takes up an invitation by setting a
 * password, then goes on to two-factor set-up (the token: link-token.ts).
 */
import { type SubmitEvent, useState } from 'react';
import { TWO_FACTOR_PATH } from '../../../../shared/accounts/accounts';
import { STAFF_PASSWORD_MIN_LENGTH } from '../../../../shared/auth';
import { openLinkPage } from './accounts-api';
import { linkToken } from './link-token';
import { LinkPageCard } from './LinkPageCard';
import { storeToken } from '../core/api';
import { ACCOUNTS_TEXT } from './words';
import { STAFF_TEXT } from '../core/words';

const TEXT = ACCOUNTS_TEXT.welcome;

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
    const result = await openLinkPage('welcome', token, password);
    if ('token' in result) {
      storeToken(result.token);
      window.location.assign(TWO_FACTOR_PATH);
      return;
    }
    setProblem(result.error === 'rate_limited' ? ACCOUNTS_TEXT.loginWait : result.error === 'invalid_invitation' || result.error === 'invalid_input' ? TEXT.invalid : STAFF_TEXT.saveFailed);
    setBusy(false);
  };

  return (
    <LinkPageCard title={TEXT.title} hasToken={token !== ''} noToken={TEXT.noToken} intro={TEXT.intro} problem={problem} busy={busy} submitLabel={TEXT.submit} onSubmit={submit}>
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
    </LinkPageCard>
  );
}
