import { beforeAll, describe, expect, it } from 'vitest';
import { nextTokenVersion } from '../../../shared/auth';
import type { EnquiryRecord } from '../../../shared/enquiries/enquiry';
import { formatKoreaDateTime } from '../../../shared/korea-time';
import { makeDetailHandler } from '../../enquiries/detail-handler';
import { makeExportCsvHandler } from '../../exports/export-csv-handler';
import { makeLoginHandler } from './login-handler';
import { makeLogoutHandler } from './logout-handler';
import { makeSendmailHandler } from '../../intake/sendmail-handler';
import { makeViewHandler } from '../../enquiries/view-handler';
import { hashPassword } from '../passwords/passwords';
import { signStaffToken, verifyStaffToken } from '../staff-auth/staff-tokens';
import { accountWithRole } from '../../../tests/support/staff-accounts';
import { type FakeDeps, apiEvent, bodyOf, fakeDeps, jsonPost, setCookiesOf } from '../../../tests/support/fakes';
import { MINUTE, enquiry, errorBody } from '../../../tests/support/enquiry-requests';

describe('POST /api/login', () => {
  const EMAIL = 'staff@example.com';
  const PASSWORD = 'correct horse battery staple';
  let passwordHash = '';

  beforeAll(async () => {
    passwordHash = await hashPassword(PASSWORD);
  });

  async function depsWithAccount(disabled = false) {
    // 10:01:40 UTC: 100 s into a 15-minute window.
    const deps = fakeDeps({ start: '2026-11-22T10:01:40Z' });
    await accountWithRole(deps.staff, EMAIL, 'staff', { passwordHash, disabled });
    return deps;
  }

  const login = (deps: FakeDeps, email: string, pass: string, sourceIp = '192.0.2.10') =>
    makeLoginHandler(deps)(jsonPost('/api/login', { email, pass }, { sourceIp }));

  it('counts parallel guesses before checking them, so a burst cannot slip under the limit', async () => {
    const deps = await depsWithAccount();
    const answers = await Promise.all(Array.from({ length: 9 }, (_, i) => login(deps, EMAIL, `wrong guess ${i}`)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 429)).toHaveLength(9 - deps.settings.LOGIN_FAILURES_PER_ACCOUNT);
    expect(statuses.filter((status) => status === 401)).toHaveLength(deps.settings.LOGIN_FAILURES_PER_ACCOUNT);
  });

  it('does not let guesses from one address keep the owner out from another', async () => {
    const deps = await depsWithAccount();
    for (let i = 0; i < deps.settings.LOGIN_FAILURES_PER_ACCOUNT; i += 1) {
      expect((await login(deps, EMAIL, `guess ${i}`, '198.51.100.66')).statusCode).toBe(401);
    }
    expect((await login(deps, EMAIL, PASSWORD, '198.51.100.66')).statusCode).toBe(429);
    expect((await login(deps, EMAIL, PASSWORD, '192.0.2.10')).statusCode).toBe(200);
  });

  it('makes the account wait under a wide attack from many addresses', async () => {
    const deps = await depsWithAccount();
    const ceiling = deps.settings.LOGIN_FAILURES_PER_ACCOUNT * 10;
    // Count the failures without paying for scrypt each time: fill the account-wide window directly.
    for (let i = 0; i < ceiling; i += 1) await deps.throttle.hit(`login:account:${EMAIL}`, 15 * 60, deps.clock.now());
    expect((await login(deps, EMAIL, PASSWORD, '203.0.113.200')).statusCode).toBe(429);
  });

  it('does not count attempts refused for the limit: hammering on adds nothing to the account-wide count', async () => {
    const deps = await depsWithAccount();
    for (let i = 0; i < deps.settings.LOGIN_FAILURES_PER_ACCOUNT; i += 1)
      await login(deps, EMAIL, `guess ${i}`, '198.51.100.66');
    for (let i = 0; i < 20; i += 1)
      expect((await login(deps, EMAIL, `more ${i}`, '198.51.100.66')).statusCode).toBe(429);
    const accountWide = await deps.throttle.hit(`login:account:${EMAIL}`, 15 * 60, deps.clock.now());
    expect(accountWide).toBe(deps.settings.LOGIN_FAILURES_PER_ACCOUNT + 1);
    // Counted on one row, without the account (past the limit a sender could name a new one each time).
    expect(deps.accessLog.entries.filter((entry) => entry.action === 'auth.login.refused')).toEqual([
      expect.objectContaining({ actor: '-', clientAddress: '198.51.100.66', count: 20 }),
    ]);
  });

  it('logs a refused sign-in of every kind, before the password check too, each counted on one row per source', async () => {
    const deps = await depsWithAccount();
    const tries = {
      'auth.login.cross_site': () =>
        jsonPost('/api/login', { email: EMAIL, pass: PASSWORD }, { headers: { origin: 'https://evil.example' } }),
      'auth.login.wrong_type': () =>
        apiEvent({
          path: '/api/login',
          headers: { 'content-type': 'text/plain' },
          body: JSON.stringify({ data: { email: EMAIL, pass: PASSWORD } }),
        }),
      'auth.login.malformed': () =>
        apiEvent({ path: '/api/login', headers: { 'content-type': 'application/json' }, body: '{"data":' }),
      'auth.login.failed': () => jsonPost('/api/login', { email: EMAIL, pass: 'not the password' }),
    };
    for (let round = 0; round < 3; round += 1) {
      for (const request of Object.values(tries))
        expect((await makeLoginHandler(deps)(request())).statusCode).toBeGreaterThanOrEqual(400);
      // A body without a password is malformed too.
      expect((await makeLoginHandler(deps)(jsonPost('/api/login', { email: EMAIL }))).statusCode).toBe(400);
    }
    expect(deps.accessLog.entries.map(({ actor, action, count }) => ({ actor, action, count }))).toEqual([
      { actor: '-', action: 'auth.login.cross_site', count: 3 },
      { actor: '-', action: 'auth.login.wrong_type', count: 3 },
      { actor: '-', action: 'auth.login.malformed', count: 6 },
      { actor: EMAIL, action: 'auth.login.failed', count: 3 },
    ]);
    expect(new Set(deps.accessLog.entries.map((entry) => entry.clientAddress))).toEqual(new Set(['203.0.113.7']));
  });

  it('counts refusals from one IPv6 network on one row, whatever address in it they come from', async () => {
    const deps = await depsWithAccount();
    for (let i = 1; i <= 40; i += 1)
      await makeLoginHandler(deps)(
        jsonPost(
          '/api/login',
          { email: EMAIL, pass: PASSWORD },
          { sourceIp: `2001:db8:1:2::${i.toString(16)}`, headers: { origin: 'https://evil.example' } },
        ),
      );
    expect(deps.accessLog.entries).toEqual([
      expect.objectContaining({ action: 'auth.login.cross_site', clientAddress: '2001:db8:1:2::/64', count: 40 }),
    ]);
  });

  it('lets a browser that signed in before (its device cookie) in while the account as a whole waits', async () => {
    const deps = await depsWithAccount();
    const first = await login(deps, EMAIL, PASSWORD);
    const cookie = setCookiesOf(first)[0] ?? '';
    expect(cookie).toMatch(
      /^mt_signin_device=[\w-]+\.[\w-]+; Path=\/api\/login; Max-Age=\d+; HttpOnly; SameSite=Strict$/,
    );
    for (let i = 0; i < deps.settings.LOGIN_FAILURES_PER_ACCOUNT * 10; i += 1)
      await deps.throttle.hit(`login:account:${EMAIL}`, 15 * 60, deps.clock.now());
    const withCookie = (pass: string, sourceIp: string) =>
      makeLoginHandler(deps)(
        jsonPost('/api/login', { email: EMAIL, pass }, { sourceIp, headers: { cookie: cookie.split(';')[0] ?? '' } }),
      );
    expect((await login(deps, EMAIL, PASSWORD, '192.0.2.10')).statusCode).toBe(429);
    expect((await withCookie(PASSWORD, '192.0.2.10')).statusCode).toBe(200);
    // From a new address too: the cookie, not the address, is what is known.
    expect((await withCookie(PASSWORD, '203.0.113.99')).statusCode).toBe(200);
    // A cookie is one account's: another account, or a forged value, counts as no cookie.
    const forged = await makeLoginHandler(deps)(
      jsonPost(
        '/api/login',
        { email: EMAIL, pass: PASSWORD },
        { headers: { cookie: 'mt_signin_device=AAAAAAAAAAAAAAAAAAAAAA.forged' } },
      ),
    );
    expect(forged.statusCode).toBe(429);
  });

  it('refuses a sign-in posted from another site', async () => {
    const deps = await depsWithAccount();
    const response = await makeLoginHandler(deps)(
      jsonPost(
        '/api/login',
        { email: EMAIL, pass: PASSWORD },
        { headers: { origin: 'https://evil.example', host: 'site.example' } },
      ),
    );
    expect(response.statusCode).toBe(403);
  });

  it('does not count successful sign-ins against the limit', async () => {
    const deps = await depsWithAccount();
    for (let i = 0; i < deps.settings.LOGIN_FAILURES_PER_ACCOUNT + 1; i += 1) {
      expect((await login(deps, EMAIL, PASSWORD)).statusCode).toBe(200);
    }
  });

  it('answers a token for the right password, whatever the e-mail case, and records the sign-in', async () => {
    const deps = await depsWithAccount();
    const response = await login(deps, '  Staff@Example.COM ', PASSWORD);
    expect(response.statusCode).toBe(200);
    const token = bodyOf(response);
    expect(typeof token).toBe('string');
    const claims = await verifyStaffToken(deps.settings, token as string, deps.clock.now());
    expect(claims?.email).toBe(EMAIL);
    expect(deps.accessLog.entries).toEqual([
      expect.objectContaining({ actor: EMAIL, action: 'auth.login', clientAddress: '192.0.2.10' }),
    ]);
  });

  it('gives an unknown e-mail, a wrong password and a disabled account the same answer', async () => {
    const deps = await depsWithAccount();
    const unknown = await login(deps, 'nobody@example.com', PASSWORD);
    const wrong = await login(deps, EMAIL, 'not the password');
    const disabledDeps = await depsWithAccount(true);
    const disabled = await login(disabledDeps, EMAIL, PASSWORD);

    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(disabled.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(disabled.body).toBe(unknown.body);
    expect(wrong.headers).toEqual(unknown.headers);
    expect(errorBody(unknown).error).toBe('invalid_credentials');
    // Every failed sign-in is in the access log, with the address it came from (counted per account tried).
    expect(
      deps.accessLog.entries.map(({ actor, action, clientAddress, count }) => ({
        actor,
        action,
        clientAddress,
        count,
      })),
    ).toEqual([
      { actor: 'nobody@example.com', action: 'auth.login.failed', clientAddress: '192.0.2.10', count: 1 },
      { actor: EMAIL, action: 'auth.login.failed', clientAddress: '192.0.2.10', count: 1 },
    ]);
    expect(disabledDeps.accessLog.entries.map((entry) => entry.action)).toEqual(['auth.login.failed']);
  });

  it('refuses an account without a role, with a clear answer only after the right password, logged, and no token', async () => {
    const deps = await depsWithAccount();
    const account = deps.staff.items.get(EMAIL);
    if (account) delete account.role;
    const wrong = await login(deps, EMAIL, 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(errorBody(wrong).error).toBe('invalid_credentials');

    const refused = await login(deps, EMAIL, PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(errorBody(refused)).toMatchObject({
      error: 'no_role',
      message: 'This account has no role yet. Ask an admin to give it one.',
    });
    expect(setCookiesOf(refused)).toEqual([]);
    expect(deps.accessLog.entries.map(({ actor, action }) => [actor, action])).toEqual([
      [EMAIL, 'auth.login.failed'],
      [EMAIL, 'auth.login.no_role'],
    ]);
    expect(deps.log.lines).toEqual([
      expect.objectContaining({ level: 'warn', message: expect.stringContaining('without a role') }),
    ]);
    expect(deps.staff.items.get(EMAIL)?.lastSignInAt).toBeUndefined();

    // Given a role, it signs in.
    await accountWithRole(deps.staff, EMAIL, 'staff');
    expect((await login(deps, EMAIL, PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a payload without a password before any hashing', async () => {
    const response = await makeLoginHandler(await depsWithAccount())(jsonPost('/api/login', { email: EMAIL }));
    expect(response.statusCode).toBe(400);
    expect(errorBody(response).fields).toHaveProperty('pass');
  });

  it('locks the account for the window after 5 failures, then lets it in again in a new window', async () => {
    const deps = await depsWithAccount();
    for (let i = 0; i < 5; i += 1) expect((await login(deps, EMAIL, `wrong ${i}`)).statusCode).toBe(401);

    // The right password does not help from the guessing address while it waits.
    const locked = await login(deps, EMAIL, PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(errorBody(locked).error).toBe('rate_limited');
    expect(locked.headers['Retry-After']).toBe(String(15 * 60 - 100));

    deps.clock.advance((15 * 60 - 100) * 1000);
    const again = await login(deps, EMAIL, PASSWORD);
    expect(again.statusCode).toBe(200);
  });
});

describe('staff routes: token checks and logout', () => {
  const EMAIL = 'staff@example.com';

  async function staffDeps() {
    const deps = fakeDeps();
    await accountWithRole(deps.staff, EMAIL, 'staff');
    return deps;
  }

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('refuses a request without a token, with a bad token, or with a token of a disabled account', async () => {
    const deps = await staffDeps();
    const view = makeViewHandler(deps);
    expect((await view(jsonPost('/api/view', {}))).statusCode).toBe(401);
    expect((await view(jsonPost('/api/view', {}, { headers: bearer('not.a.token') }))).statusCode).toBe(401);
    const foreign = await signStaffToken(
      { ...deps.settings, TOKEN_SECRET: 'another-secret-that-is-long-enough-000000' },
      EMAIL,
      0,
      deps.clock.now(),
      'staff',
    );
    expect((await view(jsonPost('/api/view', {}, { headers: bearer(foreign) }))).statusCode).toBe(401);

    const token = await signStaffToken(deps.settings, EMAIL, 0, deps.clock.now(), 'staff');
    expect((await view(jsonPost('/api/view', {}, { headers: bearer(token) }))).statusCode).toBe(200);
    const account = deps.staff.items.get(EMAIL);
    if (account) account.disabled = true;
    expect((await view(jsonPost('/api/view', {}, { headers: bearer(token) }))).statusCode).toBe(401);
  });

  it('refuses a token of an account without a role (it is never taken for an admin), logged with the account', async () => {
    const deps = await staffDeps();
    const token = await signStaffToken(deps.settings, EMAIL, 0, deps.clock.now(), 'admin');
    const account = deps.staff.items.get(EMAIL);
    if (account) delete account.role;
    const answer = await makeViewHandler(deps)(jsonPost('/api/view', {}, { headers: bearer(token) }));
    expect(answer.statusCode).toBe(401);
    expect(errorBody(answer).error).toBe('unauthorized');
    expect(deps.accessLog.entries.map(({ actor, action, target }) => [actor, action, target])).toEqual([
      [EMAIL, 'auth.no_role', 'POST /api/view'],
    ]);
    expect(deps.log.lines).toEqual([
      expect.objectContaining({ level: 'warn', message: expect.stringContaining('without a role') }),
    ]);
  });

  it('refuses tokens signed before a password change, even in the same second, and accepts those after', async () => {
    const deps = await staffDeps();
    const before = await signStaffToken(deps.settings, EMAIL, 0, deps.clock.now(), 'staff');
    const account = deps.staff.items.get(EMAIL);
    if (account) account.tokenVersion = nextTokenVersion(account);
    const after = await signStaffToken(deps.settings, EMAIL, 1, deps.clock.now(), 'staff');
    const view = makeViewHandler(deps);
    expect((await view(jsonPost('/api/view', {}, { headers: bearer(before) }))).statusCode).toBe(401);
    expect((await view(jsonPost('/api/view', {}, { headers: bearer(after) }))).statusCode).toBe(200);
  });

  it('refuses an expired token', async () => {
    const deps = await staffDeps();
    const token = await signStaffToken(deps.settings, EMAIL, 0, deps.clock.now(), 'staff');
    deps.clock.advance(8 * 60 * MINUTE + 1_000);
    expect((await makeViewHandler(deps)(jsonPost('/api/view', {}, { headers: bearer(token) }))).statusCode).toBe(401);
  });

  it('revokes the token on logout', async () => {
    const deps = await staffDeps();
    const token = await signStaffToken(deps.settings, EMAIL, 0, deps.clock.now(), 'staff');
    const logout = await makeLogoutHandler(deps)(
      apiEvent({ method: 'GET', path: '/api/logout', headers: bearer(token) }),
    );
    expect(logout.statusCode).toBe(200);
    expect(bodyOf(logout)).toBe(true);
    expect((await makeViewHandler(deps)(jsonPost('/api/view', {}, { headers: bearer(token) }))).statusCode).toBe(401);
    // The refused call is in the access log too.
    expect(deps.accessLog.entries.map((entry) => [entry.action, entry.target])).toEqual([
      ['auth.logout', '-'],
      ['auth.refused', 'POST /api/view'],
    ]);
  });

  it('lists, reads and exports stored enquiries, writing each access to the log', async () => {
    const deps = await staffDeps();
    const sendmail = makeSendmailHandler(deps);
    await sendmail(jsonPost('/api/sendmail', enquiry({ user_name: '=HYPERLINK("http://evil.example")' })));
    deps.clock.advance(MINUTE);
    await sendmail(
      jsonPost(
        '/api/sendmail',
        enquiry({ section: '호텔예약', destination: undefined, hotel: 'Гостиница', finish: '2026-12-03' }),
      ),
    );
    const token = await signStaffToken(deps.settings, EMAIL, 0, deps.clock.now(), 'staff');

    const view = await makeViewHandler(deps)(jsonPost('/api/view', {}, { headers: bearer(token) }));
    expect(view.statusCode).toBe(200);
    expect(view.headers['Cache-Control']).toBe('no-store');
    expect(view.headers['X-Total-Count']).toBe('2');
    expect((bodyOf(view) as EnquiryRecord[]).map((record) => record.POST_INDEX)).toEqual([2, 1]);

    const detail = makeDetailHandler(deps);
    const found = await detail(
      apiEvent({ method: 'GET', path: '/api/detail/2', params: { index: '2' }, headers: bearer(token) }),
    );
    expect(found.statusCode).toBe(200);
    expect(bodyOf(found)).toEqual([expect.objectContaining({ POST_INDEX: 2, HOTEL: 'Гостиница' })]);
    expect(
      (await detail(apiEvent({ method: 'GET', path: '/api/detail/9', params: { index: '9' }, headers: bearer(token) })))
        .statusCode,
    ).toBe(404);
    expect(
      (await detail(apiEvent({ method: 'GET', path: '/api/detail/x', params: { index: 'x' }, headers: bearer(token) })))
        .statusCode,
    ).toBe(400);

    const csv = await makeExportCsvHandler(deps)(
      apiEvent({ method: 'GET', path: '/api/export.csv', query: { section: 'ALL' }, headers: bearer(token) }),
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['Content-Type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['Content-Disposition']).toBe(
      `attachment; filename="data_${formatKoreaDateTime(deps.clock.now()).replace(/[-: ]/g, '')}.csv"`,
    );
    const lines = (csv.body ?? '').split('\r\n');
    expect(lines[0]?.startsWith('\uFEFF"name","phone"')).toBe(true);
    expect(lines[1]).toContain('"Гостиница"');
    expect(lines[2]?.startsWith(`"'=HYPERLINK(`)).toBe(true);

    expect(deps.accessLog.entries.map((entry) => entry.action)).toEqual([
      'enquiry.list',
      'enquiry.read',
      'enquiry.read',
      'enquiry.export',
    ]);
  });
});
