/**
 * `/welcome#<token>`: a new staff member takes up an invitation by setting a
 * password, then goes on to two-factor set-up (the token: link-token.ts).
 */
import { type SubmitEvent, useState } from 'react';
import { TWO_FACTOR_PATH } from '../../../../shared/accounts/accounts';
import { openLinkPage } from './accounts-api';
import { linkToken } from './link-token';
import { LinkPageCard } from './LinkPageCard';
import { storeToken } from '../core/api';
import { ACCOUNTS_TEXT } from './words';
import NewPasswordFields, { newPasswordProblem } from './NewPasswordFields';
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
    const wrong = newPasswordProblem(password, repeat);
    if (wrong) return setProblem(wrong);
    setBusy(true);
    setProblem('');
    const result = await openLinkPage('welcome', token, password);
    if ('token' in result) {
      storeToken(result.token);
      window.location.assign(TWO_FACTOR_PATH);
      return;
    }
    setProblem(
      result.error === 'rate_limited'
        ? ACCOUNTS_TEXT.loginWait
        : result.error === 'invalid_invitation' || result.error === 'invalid_input'
          ? TEXT.invalid
          : STAFF_TEXT.saveFailed,
    );
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
      submitLabel={TEXT.submit}
      onSubmit={submit}
    >
      <NewPasswordFields
        id="welcome"
        password={password}
        repeat={repeat}
        onPassword={setPassword}
        onRepeat={setRepeat}
      />
    </LinkPageCard>
  );
}
