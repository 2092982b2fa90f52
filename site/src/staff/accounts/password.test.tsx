// @vitest-environment happy-dom
/**
 * The password page against a stubbed API: what it sends, the new token kept
 * for this session, the new password's rules said in Korean before anything
 * is sent, and each refusal of the server said as what it means.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../../shared/auth';
import { signedInStaffMember } from '../../../../tests/support/staff-session';
import PasswordApp from './PasswordApp';
import { ACCOUNTS_TEXT } from './words';

signedInStaffMember();

const TEXT = ACCOUNTS_TEXT.passwordPage;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Answers every call with `answer`, keeping what was sent. */
function stubApi(answer: () => Response): { path: string; body: unknown; authorization: string }[] {
  const sent: { path: string; body: unknown; authorization: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      sent.push({
        path,
        body: JSON.parse(String(init.body)),
        authorization: new Headers(init.headers).get('authorization') ?? '',
      });
      return answer();
    }),
  );
  return sent;
}

async function fill(current: string, password: string, repeat = password) {
  render(<PasswordApp />);
  await userEvent.type(screen.getByLabelText(ACCOUNTS_TEXT.currentPassword), current);
  await userEvent.type(screen.getByLabelText(ACCOUNTS_TEXT.welcome.newPassword), password);
  await userEvent.type(screen.getByLabelText(ACCOUNTS_TEXT.welcome.repeatPassword), repeat);
  await userEvent.click(screen.getByRole('button', { name: TEXT.submit }));
}

describe('the password page', () => {
  it('sends the current and the new password, keeps the new token and says the other sessions ended', async () => {
    const sent = stubApi(() => json('new-session-token'));
    await fill('the password now', 'a long new password');
    expect((await screen.findByRole('status')).textContent).toBe(TEXT.done);
    expect(sent).toEqual([
      {
        path: '/api/account/password',
        body: { data: { current: 'the password now', password: 'a long new password' } },
        authorization: 'Bearer test-token',
      },
    ]);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('new-session-token');
    expect((screen.getByLabelText(ACCOUNTS_TEXT.currentPassword) as HTMLInputElement).value).toBe('');
  });

  it('says what is wrong with the new password before sending anything', async () => {
    const sent = stubApi(() => json('never'));
    // Too short: the input's own rule (minlength) holds the form back.
    await fill('the password now', 'too short');
    expect(screen.getByText(ACCOUNTS_TEXT.welcome.minLength(12))).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.clear(screen.getByLabelText(ACCOUNTS_TEXT.welcome.newPassword));
    await userEvent.type(screen.getByLabelText(ACCOUNTS_TEXT.welcome.newPassword), 'a long new password');
    await userEvent.click(screen.getByRole('button', { name: TEXT.submit }));
    expect((await screen.findByRole('alert')).textContent).toBe(ACCOUNTS_TEXT.welcome.mismatch);
    expect(sent).toEqual([]);
  });

  it('says the new password must differ from the current one', async () => {
    const sent = stubApi(() => json('never'));
    await fill('the same long password', 'the same long password');
    expect((await screen.findByRole('alert')).textContent).toBe(TEXT.same);
    expect(sent).toEqual([]);
  });

  it.each([
    [
      'a wrong current password',
      () => json({ error: 'invalid_input', fields: { current: 'Not your current password' } }, 400),
      ACCOUNTS_TEXT.wrongCurrentPassword,
    ],
    ['too many tries', () => json({ error: 'rate_limited' }, 429), ACCOUNTS_TEXT.loginWait],
    ['a change made meanwhile', () => json({ error: 'conflict' }, 409), TEXT.conflict],
  ])('says what %s means, and keeps the session token', async (_name, answer, text) => {
    stubApi(answer);
    await fill('the password now', 'a long new password');
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('test-token');
  });
});
