/**
 * `/two-factor`: the signed-in account's two-factor sign-in, for every role
 * (the header links here). Set-up starts with the account's password (but
 * in an enrolment link's session, whose page asked it), then shows the QR
 * code the server made and the key as text, takes a code from the app to
 * confirm, then shows the recovery codes once; the new token it answers
 * keeps this session (others end).
 */
import { type SubmitEvent, useState } from 'react';
import type { EnrolmentStart } from '../../../../shared/accounts/accounts';
import { confirmEnrolment, loadTwoFactor, startEnrolment } from './accounts-api';
import { StaffApiError, storeToken } from '../core/api';
import StaffLayout, { landingPage } from '../core/StaffLayout';
import { PageLoadState, usePageLoad } from '../core/page-load';
import { ACCOUNTS_TEXT } from './words';
import { STAFF_TEXT } from '../core/words';
import CurrentPasswordField, { currentPasswordRefusal } from './CurrentPasswordField';

const TEXT = ACCOUNTS_TEXT.twoFactorPage;

export default function TwoFactorApp() {
  const page = usePageLoad(loadTwoFactor);
  const { data: status, set: setStatus } = page;
  const [enrolment, setEnrolment] = useState<EnrolmentStart | undefined>();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | undefined>();
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  const start = async (event: SubmitEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem('');
    try {
      setEnrolment(await startEnrolment(status?.startAsksPassword ? password : undefined));
    } catch (error) {
      setProblem(currentPasswordRefusal(error, 'password') ?? STAFF_TEXT.saveFailed);
    }
    setPassword('');
    setBusy(false);
  };

  const confirm = async (event: SubmitEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem('');
    try {
      const done = await confirmEnrolment(code);
      storeToken(done.token);
      setRecoveryCodes(done.recoveryCodes);
      setEnrolment(undefined);
      setStatus(await loadTwoFactor());
    } catch (error) {
      setProblem(error instanceof StaffApiError && error.status === 400 ? TEXT.wrongCode : STAFF_TEXT.saveFailed);
      setCode('');
    }
    setBusy(false);
  };

  return (
    <StaffLayout current="twoFactor" title={STAFF_TEXT.twoFactor}>
      <PageLoadState load={page} />
      {problem && (
        <p className="staff__alert" role="alert">
          {problem}
        </p>
      )}
      {recoveryCodes && (
        <section className="panel" aria-labelledby="recovery-heading">
          <p className="staff__confirmation" role="status">
            {TEXT.done}
          </p>
          <h2 id="recovery-heading">{TEXT.recoveryHeading}</h2>
          <p>{TEXT.recoveryNote}</p>
          <ul className="recovery-codes">
            {recoveryCodes.map((recovery) => (
              <li key={recovery}>
                <code>{recovery}</code>
              </li>
            ))}
          </ul>
          <a className="staff-button staff-button--primary" href={landingPage()}>
            {TEXT.continue}
          </a>
        </section>
      )}
      {status && !recoveryCodes && (
        <section className="panel">
          <p>{status.enabled ? TEXT.isOn : TEXT.isOff}</p>
          {status.enabled && <p>{TEXT.recoveryLeft(status.recoveryCodesLeft)}</p>}
          {status.enabled && <p className="staff__muted">{TEXT.resetByAdmin}</p>}
          {!status.enabled && status.required && <p className="staff__alert">{TEXT.required}</p>}
          {!status.enabled && !enrolment && (
            <form className="panel__form" onSubmit={start}>
              {status.startAsksPassword && (
                <>
                  <p>{TEXT.passwordFirst}</p>
                  <CurrentPasswordField id="two-factor-password" value={password} onChange={setPassword} />
                </>
              )}
              <button type="submit" className="staff-button staff-button--primary" disabled={busy}>
                {TEXT.start}
              </button>
            </form>
          )}
          {enrolment && (
            <form className="panel__form" onSubmit={confirm}>
              <p>{TEXT.scan}</p>
              <img className="two-factor__qr" src={enrolment.qr} alt={TEXT.qrAlt} width={200} height={200} />
              <p>
                {TEXT.secret}:{' '}
                <code data-testid="totp-secret">{enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
              </p>
              <label htmlFor="enrol-code">{TEXT.code}</label>
              <input
                id="enrol-code"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="\s*\d{3}\s*\d{3}\s*"
                required
                value={code}
                onChange={(event) => setCode(event.currentTarget.value)}
              />
              <button type="submit" className="staff-button staff-button--primary" disabled={busy}>
                {TEXT.confirm}
              </button>
            </form>
          )}
        </section>
      )}
    </StaffLayout>
  );
}
