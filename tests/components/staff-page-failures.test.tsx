// @vitest-environment happy-dom
/**
 * What each staff page says when it cannot load: the contract's 'no access permission' (docs/contract.md,
 * 'The error catalogue') when the server refuses (403), and that the server is not answering when a
 * backing service is down (5xx) or the network fails,
 * which would otherwise send the staff member to an administrator for nothing (site/src/staff/core/api.ts,
 * failureText). The message box's own list has its test in staff.test.tsx.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import AccessLogApp from '../../site/src/staff/privacy/AccessLogApp';
import AccountsApp from '../../site/src/staff/accounts/AccountsApp';
import DetailApp from '../../site/src/staff/enquiry/DetailApp';
import EditorApp from '../../site/src/staff/packages/EditorApp';
import TemplatesApp from '../../site/src/staff/templates/TemplatesApp';
import PrivacyRequestsApp from '../../site/src/staff/privacy/PrivacyRequestsApp';
import TwoFactorApp from '../../site/src/staff/accounts/TwoFactorApp';
import { STAFF_TEXT } from '../../site/src/staff/core/words';
import { PRIVACY_TEXT } from '../../site/src/staff/privacy/words';
import { signedInStaffMember } from '../support/staff-session';

signedInStaffMember();

const PAGES: { name: string; path: string; Page: ComponentType }[] = [
  { name: 'the enquiry detail', path: '/detail/12', Page: DetailApp },
  { name: 'the package editor', path: '/editpage', Page: EditorApp },
  { name: 'the reply templates', path: '/templates', Page: TemplatesApp },
  { name: 'the staff accounts', path: '/accounts', Page: AccountsApp },
  { name: 'two-factor sign-in', path: '/two-factor', Page: TwoFactorApp },
  { name: 'the access log', path: '/access-log', Page: AccessLogApp },
];

const answering = (status: number, error: string) =>
  vi.fn(
    async () => new Response(JSON.stringify({ error }), { status, headers: { 'Content-Type': 'application/json' } }),
  );

/** The texts of the page's alerts once the first has appeared. */
async function alertTexts(): Promise<string[]> {
  await screen.findAllByRole('alert');
  return screen.getAllByRole('alert').map((alert) => alert.textContent ?? '');
}

describe.each(PAGES)('$name', ({ path, Page }) => {
  beforeEach(() => window.history.replaceState(null, '', path));

  it('says there is no access permission when the server refuses', async () => {
    vi.stubGlobal('fetch', answering(403, 'forbidden'));
    render(<Page />);
    expect(await alertTexts()).toContain(STAFF_TEXT.noAccess);
  });

  it('says the server is not answering when a service is down or the network fails, never that permission is missing', async () => {
    vi.stubGlobal('fetch', answering(503, 'service_unavailable'));
    const { unmount } = render(<Page />);
    const down = await alertTexts();
    expect(down).toContain(STAFF_TEXT.serviceDown);
    expect(down).not.toContain(STAFF_TEXT.noAccess);
    unmount();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    render(<Page />);
    const offline = await alertTexts();
    expect(offline).toContain(STAFF_TEXT.serviceDown);
    expect(offline).not.toContain(STAFF_TEXT.noAccess);
  });
});

describe('the privacy requests page', () => {
  beforeEach(() => window.history.replaceState(null, '', '/privacy-requests'));

  /** Looks a visitor's address up as the staff member does. */
  async function findVisitor(): Promise<string[]> {
    render(<PrivacyRequestsApp />);
    await userEvent.type(screen.getByLabelText(PRIVACY_TEXT.privacyPage.email), 'visitor@example.test');
    await userEvent.click(screen.getByRole('button', { name: PRIVACY_TEXT.privacyPage.find }));
    return alertTexts();
  }

  it('says the role lacks the permission when the search is refused', async () => {
    vi.stubGlobal('fetch', answering(403, 'forbidden'));
    expect(await findVisitor()).toContain(STAFF_TEXT.noPermission);
  });

  it('says the server is not answering when a service is down', async () => {
    vi.stubGlobal('fetch', answering(503, 'service_unavailable'));
    const texts = await findVisitor();
    expect(texts).toContain(STAFF_TEXT.serviceDown);
    expect(texts).not.toContain(STAFF_TEXT.noPermission);
  });
});
