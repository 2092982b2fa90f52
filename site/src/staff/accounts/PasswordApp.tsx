/**
 * `/password`: the signed-in staff member changes their own password (every
 * role; the header links here). The current password and the new one twice,
 * under the welcome page's rule; the server checks the current one as
 * sign-in does. The token it answers keeps this session; every other one ends.
 */
import { type SubmitEvent, useState } from 'react';
import { StaffApiError, storeToken } from '../core/api';
import StaffLayout from '../core/StaffLayout';
import { STAFF_TEXT } from '../core/words';
import { changeOwnPassword } from './accounts-api';
import NewPasswordFields, { newPasswordProblem } from './NewPasswordFields';
import CurrentPasswordField, { currentPasswordRefusal } from './CurrentPasswordField';
import { ACCOUNTS_TEXT } from './words';

const TEXT = ACCOUNTS_TEXT.passwordPage;

/** What the server's refusal means to the staff member. */
function refusalText(error: unknown): string {
  if (!(error instanceof StaffApiError)) return STAFF_TEXT.saveFailed;
  if (error.status === 409) return TEXT.conflict;
  return currentPasswordRefusal(error, 'current') ?? (error.fields['password'] ? TEXT.same : STAFF_TEXT.saveFailed);
}

export default function PasswordApp() {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [message, setMessage] = useState<{ kind: 'alert' | 'status'; text: string } | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const wrong = newPasswordProblem(password, repeat) || (password === current ? TEXT.same : '');
    if (wrong) return setMessage({ kind: 'alert', text: wrong });
    setBusy(true);
    setMessage(undefined);
    try {
      storeToken(await changeOwnPassword(current, password));
      setCurrent('');
      setPassword('');
      setRepeat('');
      setMessage({ kind: 'status', text: TEXT.done });
    } catch (error) {
      setMessage({ kind: 'alert', text: refusalText(error) });
    }
    setBusy(false);
  };

  return (
    <StaffLayout current="password" title={STAFF_TEXT.changePassword}>
      <form className="panel panel__form password-form" onSubmit={submit}>
        <p>{TEXT.intro}</p>
        <CurrentPasswordField id="password-current" value={current} onChange={setCurrent} />
        <NewPasswordFields
          id="password-new"
          password={password}
          repeat={repeat}
          onPassword={setPassword}
          onRepeat={setRepeat}
        />
        {message && (
          <p className={message.kind === 'alert' ? 'staff__alert' : 'staff__confirmation'} role={message.kind}>
            {message.text}
          </p>
        )}
        <button type="submit" className="staff-button staff-button--primary" disabled={busy}>
          {busy ? STAFF_TEXT.saving : TEXT.submit}
        </button>
      </form>
    </StaffLayout>
  );
}
