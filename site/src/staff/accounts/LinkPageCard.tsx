/**
 * The card of a one-time link page (the welcome page of an invitation, the
 * enrolment link's page): its title, what to do, the page's own fields, a
 * problem if any, and the button; or, when the address has no token, only
 * the note that the link is incomplete.
 */
import type { ReactNode, SubmitEvent } from 'react';
import { STAFF_TEXT } from '../core/words';

export interface LinkPageCardProps {
  title: string;
  hasToken: boolean;
  noToken: string;
  intro: string;
  problem: string;
  busy: boolean;
  busyLabel?: string;
  submitLabel: string;
  onSubmit: (event: SubmitEvent) => void;
  children: ReactNode;
}

export function LinkPageCard({
  title,
  hasToken,
  noToken,
  intro,
  problem,
  busy,
  busyLabel = STAFF_TEXT.saving,
  submitLabel,
  onSubmit,
  children,
}: LinkPageCardProps) {
  return (
    <main className="login" id="main">
      <form className="login__card" onSubmit={onSubmit}>
        <h1>{title}</h1>
        {hasToken ? (
          <>
            <p>{intro}</p>
            {children}
            {problem && (
              <p className="staff__alert" role="alert">
                {problem}
              </p>
            )}
            <button type="submit" className="staff-button staff-button--primary" disabled={busy}>
              {busy ? busyLabel : submitLabel}
            </button>
          </>
        ) : (
          <p className="staff__alert" role="alert">
            {noToken}
          </p>
        )}
      </form>
    </main>
  );
}
