/**
 * The frame of every staff page: a header with the home and logout links and
 * a sidebar with the staff pages.
 */
import { type ReactNode, useState } from 'react';
import { ENROL_SCOPE, PASSWORD_PATH, TWO_FACTOR_PATH } from '../../../../shared/accounts/accounts';
import type { StaffRole } from '../../../../shared/auth';
import { currentStaffRole, currentTokenScope, signOutLocally, staffFetch } from './api';
import { STAFF_TEXT } from './words';
import { STAFF_PAGES, type StaffPageKey } from '../features';
import { apiPath } from '../../../../shared/routes';

/** The sidebar: the pages the features' manifests put in it, in the index's order. */
const SIDEBAR = STAFF_PAGES.flatMap((page) =>
  'sidebar' in page ? [{ ...page.sidebar, key: page.key, href: page.href }] : [],
);

/** The first page a role may open (where sign-in lands). */
export function homePageOf(role: StaffRole | undefined): string {
  return SIDEBAR.find((page) => mayOpen(role, page))?.href ?? '/view';
}

/** Whether the sidebar offers a page to a role (admins every page; a token without a role none). */
function mayOpen(role: StaffRole | undefined, page: (typeof SIDEBAR)[number]): boolean {
  return role === 'admin' || (role !== undefined && (page.roles as readonly StaffRole[]).includes(role));
}

/** Where a fresh token goes: two-factor set-up while the account must enrol first, else its home page. */
export function landingPage(): string {
  return currentTokenScope() === ENROL_SCOPE ? TWO_FACTOR_PATH : homePageOf(currentStaffRole());
}

export interface StaffLayoutProps {
  /** The page shown: a sidebar page, or `twoFactor` or `password` (the header's links, for every account). */
  current: StaffPageKey;
  title: string;
  children: ReactNode;
}

export default function StaffLayout({ current, title, children }: StaffLayoutProps) {
  const role = currentStaffRole();
  // An account that must set up two-factor first may use only that page.
  const enrolling = currentTokenScope() === ENROL_SCOPE;
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
          <a href={TWO_FACTOR_PATH} aria-current={current === 'twoFactor' ? 'page' : undefined}>
            {STAFF_TEXT.twoFactor}
          </a>
          {!enrolling && (
            <a href={PASSWORD_PATH} aria-current={current === 'password' ? 'page' : undefined}>
              {STAFF_TEXT.changePassword}
            </a>
          )}
          <button type="button" className="staff__link-button" onClick={logout}>
            {STAFF_TEXT.logout}
          </button>
        </nav>
      </header>
      <div className="staff__body">
        <nav className="staff__sidebar" aria-label={STAFF_TEXT.staffArea}>
          <ul>
            {SIDEBAR.filter((page) => !enrolling && mayOpen(role, page)).map((page) => (
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
