/**
 * The frame of every staff page: a header with the home and logout links and
 * a sidebar with the staff pages.
 */
import { type ReactNode, useState } from 'react';
import type { StaffRole } from '../../../shared/auth';
import { currentStaffRole, signOutLocally, staffFetch } from './api';
import { STAFF_TEXT } from './text';
import { apiPath } from '../../../shared/routes';

/** The sidebar, in order, with the roles each page is for (admins see every page). */
const STAFF_PAGES = [
  { key: 'view', href: '/view', label: STAFF_TEXT.messageBox, roles: ['staff'] },
  { key: 'dashboard', href: '/dashboard', label: STAFF_TEXT.dashboard, roles: ['staff'] },
  { key: 'templates', href: '/templates', label: STAFF_TEXT.templates, roles: ['staff'] },
  { key: 'editpage', href: '/editpage', label: STAFF_TEXT.bestPackages, roles: ['editor'] },
] as const satisfies readonly { key: string; href: string; label: string; roles: readonly StaffRole[] }[];

/** The first page a role may open (where sign-in lands). */
export function homePageOf(role: StaffRole): string {
  return STAFF_PAGES.find((page) => role === 'admin' || (page.roles as readonly StaffRole[]).includes(role))?.href ?? '/view';
}

export interface StaffLayoutProps {
  current: (typeof STAFF_PAGES)[number]['key'];
  title: string;
  children: ReactNode;
}

export default function StaffLayout({ current, title, children }: StaffLayoutProps) {
  const role = currentStaffRole();
  const [problem, setProblem] = useState('');

  const logout = async () => {
    setProblem('');
    try {
      const response = await staffFetch(apiPath('logout'));
      if ((await response.json()) === true) {
        signOutLocally();
        return;
      }
    } catch {
      // A 401 has already signed out; anything else is a failed logout.
    }
    setProblem(STAFF_TEXT.logoutFailed);
  };

  return (
    <div className="staff">
      <header className="staff__header">
        <a className="staff__brand" href="/view">
          의료관광센터 관리자
        </a>
        <nav aria-label="사이트" className="staff__top">
          <a href="/">{STAFF_TEXT.home}</a>
          <button type="button" className="staff__link-button" onClick={logout}>
            {STAFF_TEXT.logout}
          </button>
        </nav>
      </header>
      <div className="staff__body">
        <nav className="staff__sidebar" aria-label={STAFF_TEXT.staffArea}>
          <ul>
            {STAFF_PAGES.filter((page) => role === 'admin' || (page.roles as readonly StaffRole[]).includes(role)).map((page) => (
              <li key={page.key}>
                <a href={page.href} aria-current={current === page.key ? 'page' : undefined}>
                  {page.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <main className="staff__main" id="main">
          <h1>{title}</h1>
          {problem && (
            <p className="staff__alert" role="alert">
              {problem}
            </p>
          )}
          {children}
        </main>
      </div>
    </div>
  );
}
