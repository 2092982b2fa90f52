/**
 * `/login`: e-mail and password; for an account with two-factor on, a second
 * step asks for the app's code (or a recovery code) and sends all three. The
 * token goes to localStorage and the browser to the first page the account's
 * role may use. An account that must enrol in two-factor first is told that
 * a one-time link to do so was mailed to it (the link's page: EnrolLinkApp).
 */
import { type SubmitEvent, useState } from 'react';
import { CODE_REQUIRED, ENROLMENT_MAILED } from '../../../../shared/accounts/accounts';
import { storeToken } from '../core/api';
import { landingPage } from '../core/StaffLayout';
import { ACCOUNTS_TEXT } from './words';
import { STAFF_TEXT } from '../core/words';
import { apiPath } from '../../../../shared/routes';

export default function LoginApp() {
  const [email, setEmail] = useState('');
  const [pass, setPass] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [problem, setProblem] = useState('');
  const [mailed, setMailed] = useState('');
  const [busy, setBusy] = useState(false);

  const backToPassword = () => {
    setStep('password');
    setPass('');
    setCode('');
  };

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem('');
    setMailed('');
    try {
      const response = await fetch(apiPath('login'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ data: { email, pass, ...(step === 'code' ? { code } : {}) } }),
      });
      if (response.ok) {
        storeToken((await response.json()) as string);
        window.location.assign(landingPage());
        return;
      }
      const error = ((await response.json().catch(() => ({}))) as { error?: string }).error;
      if (error === CODE_REQUIRED) {
        setStep('code');
      } else if (error === ENROLMENT_MAILED) {
        setMailed(ACCOUNTS_TEXT.loginEnrolmentMailed(email));
        backToPassword();
      } else if (error === 'no_role') {
        setProblem(ACCOUNTS_TEXT.loginNoRole);
        backToPassword();
      } else if (error === 'invalid_code') {
        setProblem(ACCOUNTS_TEXT.loginWrongCode);
        setCode('');
      } else {
        setProblem(response.status === 429 ? ACCOUNTS_TEXT.loginWait : STAFF_TEXT.noAccess);
        if (response.status !== 429 || step === 'password') backToPassword();
      }
    } catch {
      setProblem(STAFF_TEXT.noAccess);
      backToPassword();
    }
    setBusy(false);
  };

  return (
    <main className="login" id="main">
      <form className="login__card" onSubmit={submit}>
        <h1>{ACCOUNTS_TEXT.loginTitle}</h1>
        {step === 'password' ? (
          <>
            <label htmlFor="login-email">{ACCOUNTS_TEXT.email}</label>
            <input
              id="login-email"
              name="email"
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            <label htmlFor="login-pass">{ACCOUNTS_TEXT.password}</label>
            <input
              id="login-pass"
              name="pass"
              type="password"
              autoComplete="current-password"
              required
              value={pass}
              onChange={(event) => setPass(event.currentTarget.value)}
            />
          </>
        ) : (
          <>
            <p className="staff__muted">{email}</p>
            <label htmlFor="login-code">{ACCOUNTS_TEXT.loginCode}</label>
            <input
              id="login-code"
              name="code"
              autoComplete="one-time-code"
              inputMode="text"
              required
              autoFocus
              maxLength={24}
              aria-describedby="login-code-hint"
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
            />
            <p id="login-code-hint" className="staff__muted">
              {ACCOUNTS_TEXT.loginCodeHint}
            </p>
          </>
        )}
        {problem && (
          <p className="staff__alert" role="alert">
            {problem}
          </p>
        )}
        {mailed && (
          <p className="staff__notice" role="status">
            {mailed}
          </p>
        )}
        <button type="submit" className="staff-button staff-button--primary" disabled={busy}>
          {busy ? ACCOUNTS_TEXT.signingIn : ACCOUNTS_TEXT.login}
        </button>
        {step === 'code' && (
          <button type="button" className="staff-button" onClick={backToPassword}>
            {ACCOUNTS_TEXT.loginBack}
          </button>
        )}
      </form>
    </main>
  );
}
