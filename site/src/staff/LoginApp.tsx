/** `/login`: e-mail and password; the token goes to localStorage and the browser to the first page the account's role may use. */
import { type SubmitEvent, useState } from 'react';
import { currentStaffRole, storeToken } from './api';
import { homePageOf } from './StaffLayout';
import { STAFF_TEXT } from './text';
import { apiPath } from '../../../shared/routes';

export default function LoginApp() {
  const [email, setEmail] = useState('');
  const [pass, setPass] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem('');
    try {
      const response = await fetch(apiPath('login'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ data: { email, pass } }),
      });
      if (response.ok) {
        storeToken((await response.json()) as string);
        window.location.assign(homePageOf(currentStaffRole()));
        return;
      }
      setProblem(response.status === 429 ? STAFF_TEXT.loginWait : STAFF_TEXT.noAccess);
    } catch {
      setProblem(STAFF_TEXT.noAccess);
    }
    setPass('');
    setBusy(false);
  };

  return (
    <main className="login" id="main">
      <form className="login__card" onSubmit={submit}>
        <h1>{STAFF_TEXT.loginTitle}</h1>
        <label htmlFor="login-email">{STAFF_TEXT.email}</label>
        <input id="login-email" name="email" type="email" autoComplete="username" required value={email} onChange={(event) => setEmail(event.currentTarget.value)} />
        <label htmlFor="login-pass">{STAFF_TEXT.password}</label>
        <input id="login-pass" name="pass" type="password" autoComplete="current-password" required value={pass} onChange={(event) => setPass(event.currentTarget.value)} />
        {problem && (
          <p className="staff__alert" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" className="staff-button staff-button--primary" disabled={busy}>
          {busy ? STAFF_TEXT.signingIn : STAFF_TEXT.login}
        </button>
      </form>
    </main>
  );
}
