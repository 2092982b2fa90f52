import { beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../../shared/auth';
import { makeViewHandler } from '../../enquiries/view-handler';
import { verifyStaffToken } from '../staff-auth/staff-tokens';
import { makeLoginHandler } from '../sign-in/login-handler';
import { makeChangePasswordHandler } from './password-handler';
import { hashPassword, verifyPassword } from './passwords';
import { type FakeDeps, bodyOf, fakeDeps, jsonPost, setCookiesOf } from '../../../tests/support/fakes';
import { errorBody } from '../../../tests/support/enquiry-requests';
import { tokenWithRole } from '../../../tests/support/staff-accounts';

const EMAIL = 'anna@centre.example';
const PASSWORD = 'the password anna has now';
const NEW_PASSWORD = 'the password anna wants next';
const ADDRESS = '192.0.2.10';
let passwordHash = '';

beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

/** Anna's account and a token of hers, on a clock 100 s into a 15-minute window. */
async function signedIn(role: StaffRole = 'staff'): Promise<{ deps: FakeDeps; token: string }> {
  const deps = fakeDeps({ start: '2026-11-22T10:01:40Z' });
  const token = await tokenWithRole(deps, EMAIL, role);
  const account = deps.staff.items.get(EMAIL);
  if (account) account.passwordHash = passwordHash;
  return { deps, token };
}

const change = (deps: FakeDeps, token: string, data: Record<string, unknown>) =>
  makeChangePasswordHandler(deps)(
    jsonPost('/api/account/password', data, { headers: { authorization: `Bearer ${token}` }, sourceIp: ADDRESS }),
  );
const view = async (deps: FakeDeps, token: string) =>
  (await makeViewHandler(deps)(jsonPost('/api/view', {}, { headers: { authorization: `Bearer ${token}` } })))
    .statusCode;

describe('POST /api/account/password', () => {
  it('changes the password, ends every other session and answers a token that goes on, for every role', async () => {
    for (const role of ['editor', 'staff'] as const) {
      const { deps, token } = await signedIn(role);
      const other = await tokenWithRole(deps, EMAIL, role);
      // Meanwhile a sign-in uses a two-factor code: the change does not write it back.
      await deps.staff.update(EMAIL, { totpSecret: 'SECRET' }, 0);
      const read = deps.staff.items.get(EMAIL);
      const answer = await change(deps, token, { current: PASSWORD, password: NEW_PASSWORD });
      expect(answer.statusCode).toBe(200);
      const fresh = bodyOf(answer) as string;
      expect(await verifyStaffToken(deps.settings, fresh, deps.clock.now())).toMatchObject({ email: EMAIL, ver: 1 });
      expect(setCookiesOf(answer)[0]).toMatch(/^mt_signin_device=[\w-]+\.[\w-]+; Path=\/api\/login;/);

      const stored = deps.staff.items.get(EMAIL);
      expect(stored).toMatchObject({
        tokenVersion: 1,
        revision: (read?.revision ?? 0) + 1,
        totpSecret: 'SECRET',
        role,
      });
      expect(await verifyPassword(NEW_PASSWORD, stored?.passwordHash ?? '')).toBe(true);
      expect(deps.accessLog.entries.map(({ actor, action }) => [actor, action])).toEqual([[EMAIL, 'account.password']]);
      if (role === 'staff') {
        expect(await view(deps, token)).toBe(401);
        expect(await view(deps, other)).toBe(401);
        expect(await view(deps, fresh)).toBe(200);
      }
    }
  });

  it('refuses a wrong current password with a clear 400 that changes nothing, and keeps the session', async () => {
    const { deps, token } = await signedIn();
    const before = structuredClone(deps.staff.items.get(EMAIL));
    const answer = await change(deps, token, { current: 'not what anna has', password: NEW_PASSWORD });
    expect(answer.statusCode).toBe(400);
    expect(errorBody(answer)).toMatchObject({
      error: 'invalid_input',
      fields: { current: 'Not your current password' },
    });
    expect(deps.staff.items.get(EMAIL)).toEqual(before);
    expect(deps.accessLog.entries.map(({ action }) => action)).toEqual(['account.password.failed']);
    expect(await view(deps, token)).toBe(200);
  });

  it('holds the new password to the welcome page rules, before any hashing', async () => {
    const { deps, token } = await signedIn();
    const short = await change(deps, token, { current: PASSWORD, password: 'too short' });
    expect(errorBody(short)).toMatchObject({ error: 'invalid_input', fields: { password: 'At least 12 characters' } });
    const same = await change(deps, token, { current: PASSWORD, password: PASSWORD });
    expect(errorBody(same)).toMatchObject({
      error: 'invalid_input',
      fields: { password: 'Another password than the current one' },
    });
    expect(errorBody(await change(deps, token, { password: NEW_PASSWORD })).fields).toHaveProperty('current');
    // A line break could never be typed into the sign-in form again (the API fuzzer found one accepted).
    const twoLines = await change(deps, token, { current: PASSWORD, password: 'a long new\r\npassword here' });
    expect(errorBody(twoLines)).toMatchObject({
      error: 'invalid_input',
      fields: { password: expect.stringMatching(/One line/) },
    });
    expect(deps.throttle.counts.size).toBe(0);
    expect(deps.staff.items.get(EMAIL)?.passwordHash).toBe(passwordHash);
  });

  it('counts wrong passwords against the sign-in limits: guesses cannot be spread over the two routes', async () => {
    const { deps, token } = await signedIn();
    const limit = deps.settings.LOGIN_FAILURES_PER_ACCOUNT;
    const login = (pass: string) =>
      makeLoginHandler(deps)(jsonPost('/api/login', { email: EMAIL, pass }, { sourceIp: ADDRESS }));
    for (let i = 0; i < limit - 1; i += 1) expect((await login(`sign-in guess ${i}`)).statusCode).toBe(401);
    expect((await change(deps, token, { current: 'one more guess here', password: NEW_PASSWORD })).statusCode).toBe(
      400,
    );

    const refused = await change(deps, token, { current: PASSWORD, password: NEW_PASSWORD });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['Retry-After']).toBe(String(15 * 60 - 100));
    expect((await login(PASSWORD)).statusCode).toBe(429);
    expect(deps.staff.items.get(EMAIL)?.passwordHash).toBe(passwordHash);
    expect(deps.accessLog.entries.map(({ action }) => action).slice(-3)).toEqual([
      'account.password.failed',
      'account.password.refused',
      'auth.login.refused',
    ]);
  });

  it('writes nothing over a change made meanwhile: 409, the other change kept', async () => {
    const { deps, token } = await signedIn();
    const get = deps.staff.get.bind(deps.staff);
    // An admin makes the account an editor right after staff auth has read it.
    deps.staff.get = async (email) => {
      const account = await get(email);
      await deps.staff.update(email, { role: 'editor' }, account?.revision ?? 0);
      return account;
    };
    const answer = await change(deps, token, { current: PASSWORD, password: NEW_PASSWORD });
    expect(answer.statusCode).toBe(409);
    expect(deps.staff.items.get(EMAIL)).toMatchObject({ role: 'editor', passwordHash, revision: 1 });
    expect(deps.accessLog.entries.map(({ action }) => action)).toEqual([]);
  });
});
