// @vitest-environment happy-dom
/**
 * The two-factor page against a stubbed API: from an ordinary session the
 * set-up starts only with the current password, sent with the start, and a
 * wrong one is said in Korean with no secret shown; an enrolment link's
 * session (`startAsksPassword: false`) starts without one.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { EnrolmentStart, TwoFactorStatus } from '../../../../shared/accounts/accounts';
import { signedInStaffMember } from '../../../../tests/support/staff-session';
import TwoFactorApp from './TwoFactorApp';
import { ACCOUNTS_TEXT } from './words';

signedInStaffMember();

const TEXT = ACCOUNTS_TEXT.twoFactorPage;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const STARTED: EnrolmentStart = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  uri: 'otpauth://totp/x',
  qr: 'data:image/svg+xml;base64,PHN2Zy8+',
};

/** The page's status answered as given, and each start with `start`; what the starts sent. */
function stubApi(status: TwoFactorStatus, start: () => Response): unknown[] {
  const starts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      if (path !== '/api/two-factor/start') return json(status);
      starts.push(JSON.parse(String(init.body)));
      return start();
    }),
  );
  return starts;
}

const ordinary: TwoFactorStatus = { enabled: false, required: false, recoveryCodesLeft: 0, startAsksPassword: true };

describe('the two-factor page', () => {
  it('starts the set-up with the current password, and shows the key', async () => {
    const starts = stubApi(ordinary, () => json(STARTED));
    render(<TwoFactorApp />);
    expect(await screen.findByText(TEXT.passwordFirst)).toBeTruthy();
    await userEvent.type(screen.getByLabelText(ACCOUNTS_TEXT.currentPassword), 'the password now');
    await userEvent.click(screen.getByRole('button', { name: TEXT.start }));
    expect((await screen.findByTestId('totp-secret')).textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(starts).toEqual([{ data: { password: 'the password now' } }]);
  });

  it.each([
    [
      'a wrong password',
      () => json({ error: 'invalid_input', fields: { password: 'Not your current password' } }, 400),
      ACCOUNTS_TEXT.wrongCurrentPassword,
    ],
    ['too many tries', () => json({ error: 'rate_limited' }, 429), ACCOUNTS_TEXT.loginWait],
  ])('says what %s means, shows no key and empties the field for the next try', async (_name, answer, text) => {
    stubApi(ordinary, answer);
    render(<TwoFactorApp />);
    await userEvent.type(await screen.findByLabelText(ACCOUNTS_TEXT.currentPassword), 'not the password');
    await userEvent.click(screen.getByRole('button', { name: TEXT.start }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(screen.queryByTestId('totp-secret')).toBeNull();
    expect((screen.getByLabelText(ACCOUNTS_TEXT.currentPassword) as HTMLInputElement).value).toBe('');
  });

  it("asks no password in an enrolment link's session, whose page took it", async () => {
    const starts = stubApi({ ...ordinary, required: true, startAsksPassword: false }, () => json(STARTED));
    render(<TwoFactorApp />);
    await userEvent.click(await screen.findByRole('button', { name: TEXT.start }));
    expect(await screen.findByTestId('totp-secret')).toBeTruthy();
    expect(screen.queryByLabelText(ACCOUNTS_TEXT.currentPassword)).toBeNull();
    expect(starts).toEqual([{}]);
  });
});
