/**
 * `/accounts` (admins): every staff account with its role, state, last
 * sign-in and two-factor; invite a new one by mail; change a role, disable,
 * enable, reset two-factor; require two-factor of everyone. The server
 * decides (the last active admin stays one); this page says what it answered.
 */
import { type SubmitEvent, useState } from 'react';
import type { AccountAction, AccountSummary } from '../../../../shared/accounts/accounts';
import { STAFF_ROLES, type StaffRole } from '../../../../shared/auth';
import { formatKoreaDateTime } from '../../../../shared/korea-time';
import { changeAccount, inviteAccount, loadAccounts, setTwoFactorPolicy } from './accounts-api';
import { StaffApiError, currentStaffEmail } from '../core/api';
import StaffLayout from '../core/StaffLayout';
import StaffTable from '../core/StaffTable';
import { PageLoadState, usePageLoad } from '../core/page-load';
import { ACCOUNTS_TEXT } from './words';
import { STAFF_TEXT } from '../core/words';

const TEXT = ACCOUNTS_TEXT.accountsPage;
type Message = { kind: 'alert' | 'status'; text: string } | undefined;

const when = (iso: string | undefined) => (iso ? formatKoreaDateTime(Date.parse(iso)) : TEXT.never);

function AccountRow({
  account,
  onChange,
  onInvite,
}: {
  account: AccountSummary;
  onChange: (action: AccountAction, role?: StaffRole) => void;
  onInvite: () => void;
}) {
  // An account without a role (from before roles) is offered the least that works; it cannot sign in until one is saved.
  const [role, setRole] = useState<StaffRole>(account.role ?? 'staff');
  const me = account.email === currentStaffEmail();
  return (
    <tr>
      <td>
        {account.email} {me && <span className="staff__muted">{TEXT.you}</span>}
      </td>
      <td>{account.role ? TEXT.roles[account.role] : TEXT.noRole}</td>
      <td>
        {TEXT.states[account.state]}
        {account.invitationExpiresAt && (
          <div className="staff__muted">{TEXT.invitedUntil(when(account.invitationExpiresAt))}</div>
        )}
      </td>
      <td>{when(account.lastSignInAt)}</td>
      <td>{account.twoFactor ? TEXT.on : TEXT.off}</td>
      <td>
        <div className="accounts__actions">
          <label className="visually-hidden" htmlFor={`role-${account.email}`}>
            {TEXT.changeRole(account.email)}
          </label>
          <select
            id={`role-${account.email}`}
            value={role}
            onChange={(event) => setRole(event.currentTarget.value as StaffRole)}
          >
            {STAFF_ROLES.map((option) => (
              <option key={option} value={option}>
                {TEXT.roles[option]}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="staff-button"
            disabled={role === account.role}
            aria-label={`${account.email} ${TEXT.saveRole}`}
            onClick={() => onChange('role', role)}
          >
            {TEXT.saveRole}
          </button>
          {account.state === 'disabled' ? (
            <button
              type="button"
              className="staff-button"
              aria-label={`${account.email} ${TEXT.enable}`}
              onClick={() => onChange('enable')}
            >
              {TEXT.enable}
            </button>
          ) : (
            <button
              type="button"
              className="staff-button"
              aria-label={`${account.email} ${TEXT.disable}`}
              onClick={() => onChange('disable')}
            >
              {TEXT.disable}
            </button>
          )}
          {account.twoFactor && (
            <button
              type="button"
              className="staff-button"
              aria-label={`${account.email} ${TEXT.resetTwoFactor}`}
              onClick={() => onChange('resetTwoFactor')}
            >
              {TEXT.resetTwoFactor}
            </button>
          )}
          {account.state === 'invited' && (
            <button
              type="button"
              className="staff-button"
              aria-label={`${account.email} ${TEXT.inviteAgain}`}
              onClick={onInvite}
            >
              {TEXT.inviteAgain}
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

export default function AccountsApp() {
  const page = usePageLoad(loadAccounts);
  const { data: answer, reload } = page;
  const [message, setMessage] = useState<Message>();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('staff');
  const [busy, setBusy] = useState(false);

  const invite = async (address: string, as: StaffRole) => {
    setBusy(true);
    setMessage(undefined);
    try {
      const result = await inviteAccount(address, as);
      setMessage({ kind: 'status', text: result.mail === 'sent' ? TEXT.invited(address) : TEXT.inviteQueued(address) });
      setEmail('');
      await reload();
    } catch (error) {
      const exists = error instanceof StaffApiError && error.status === 409;
      const fields = error instanceof StaffApiError && error.status === 400 ? Object.keys(error.fields).join(', ') : '';
      setMessage({
        kind: 'alert',
        text: exists ? TEXT.exists : fields ? `${STAFF_TEXT.checkFields}${fields}` : STAFF_TEXT.saveFailed,
      });
    }
    setBusy(false);
  };

  const submitInvite = (event: SubmitEvent) => {
    event.preventDefault();
    void invite(email.trim(), role);
  };

  const change = async (account: AccountSummary, action: AccountAction, newRole?: StaffRole) => {
    setMessage(undefined);
    try {
      await changeAccount(account.email, action, newRole);
      setMessage({ kind: 'status', text: TEXT.changed(account.email) });
    } catch (error) {
      const conflict = error instanceof StaffApiError && error.status === 409;
      const lastAdmin = conflict && 'email' in (error as StaffApiError).fields;
      setMessage({
        kind: 'alert',
        text: lastAdmin ? TEXT.lastAdmin : conflict ? TEXT.conflict : STAFF_TEXT.saveFailed,
      });
    }
    await reload();
  };

  const changePolicy = async (requireTwoFactor: boolean) => {
    setMessage(undefined);
    try {
      await setTwoFactorPolicy(requireTwoFactor);
      setMessage({ kind: 'status', text: TEXT.policySaved(requireTwoFactor) });
    } catch (error) {
      setMessage({
        kind: 'alert',
        text: error instanceof StaffApiError && error.status === 409 ? TEXT.policyNeedsOwn : STAFF_TEXT.saveFailed,
      });
    }
    await reload();
  };

  return (
    <StaffLayout current="accounts" title={STAFF_TEXT.accounts}>
      <PageLoadState load={page} />
      <p
        className={message?.kind === 'alert' ? 'staff__alert' : 'staff__confirmation'}
        role={message?.kind === 'alert' ? 'alert' : 'status'}
      >
        {message?.text ?? ''}
      </p>
      {answer && (
        <>
          <StaffTable columns={Object.values(TEXT.columns)}>
            {answer.accounts.map((account) => (
              <AccountRow
                key={`${account.email}-${account.role}-${account.state}`}
                account={account}
                onChange={(action, newRole) => void change(account, action, newRole)}
                onInvite={() => void invite(account.email, account.role ?? 'staff')}
              />
            ))}
          </StaffTable>
          <section className="panel" aria-labelledby="invite-heading">
            <h2 id="invite-heading">{TEXT.inviteHeading}</h2>
            <form className="panel__row" onSubmit={submitInvite}>
              <label>
                {ACCOUNTS_TEXT.email}
                <input
                  name="email"
                  type="email"
                  required
                  maxLength={254}
                  value={email}
                  onChange={(event) => setEmail(event.currentTarget.value)}
                />
              </label>
              <label>
                {TEXT.columns.role}
                <select name="role" value={role} onChange={(event) => setRole(event.currentTarget.value as StaffRole)}>
                  {STAFF_ROLES.map((option) => (
                    <option key={option} value={option}>
                      {TEXT.roles[option]}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className="staff-button staff-button--primary" disabled={busy}>
                {TEXT.invite}
              </button>
            </form>
          </section>
          <section className="panel" aria-labelledby="policy-heading">
            <h2 id="policy-heading">{TEXT.policyHeading}</h2>
            <label className="accounts__check">
              <input
                type="checkbox"
                name="requireTwoFactor"
                checked={answer.requireTwoFactor}
                onChange={(event) => void changePolicy(event.currentTarget.checked)}
              />
              {TEXT.requireTwoFactor}
            </label>
          </section>
        </>
      )}
    </StaffLayout>
  );
}
