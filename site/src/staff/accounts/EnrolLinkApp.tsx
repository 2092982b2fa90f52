/**
 * `/enrol#<token>`: the page of the mailed enrolment link. The account's
 * password once more, then two-factor set-up: the link (the mail) and the
 * password together, so the password alone cannot put someone else's
 * authenticator on the account. The token: link-token.ts.
 */
import { type SubmitEvent, useState } from 'react';
import { TWO_FACTOR_PATH } from '../../../../shared/accounts/accounts';
import { openLinkPage } from './accounts-api';
import { linkToken } from './link-token';
import { LinkPageCard } from './LinkPageCard';
import { storeToken } from '../core/api';
import { ACCOUNTS_TEXT } from './words';
import { STAFF_TEXT } from '../core/words';

const TEXT = ACCOUNTS_TEXT.enrolLink;

function problemOf(error: string): string {
  if (error === 'rate_limited') return ACCOUNTS_TEXT.loginWait;
  if (error === 'invalid_credentials') return TEXT.wrongPassword;
  if (error === 'invalid_link' || error === 'invalid_input') return TEXT.invalid;
  return STAFF_TEXT.saveFailed;
}

export default function EnrolLinkApp() {
  const [token] = useState(linkToken);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (!token) return;
    setBusy(true);
    setProblem('');
    const result = await openLinkPage('enrolLink', token, password);
    if ('token' in result) {
      storeToken(result.token);
      window.location.assign(TWO_FACTOR_PATH);
      return;
    }
    setProblem(problemOf(result.error));
    setPassword('');
    setBusy(false);
  };

  return (
    <LinkPageCard
      title={TEXT.title}
      hasToken={token !== ''}
      noToken={TEXT.noToken}
      intro={TEXT.intro}
      problem={problem}
      busy={busy}
      busyLabel={ACCOUNTS_TEXT.signingIn}
      submitLabel={TEXT.submit}
      onSubmit={submit}
    >
      <label htmlFor="enrol-password">{ACCOUNTS_TEXT.password}</label>
      <input
        id="enrol-password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.currentTarget.value)}
      />
    </LinkPageCard>
  );
}
