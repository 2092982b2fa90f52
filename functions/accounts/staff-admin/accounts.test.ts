/**
 * Staff accounts, invitations and two-factor sign-in through the handlers,
 * with in-memory fakes and a clock the tests move: invitation links (single
 * use, expiry, wrong token), enrolment, codes used once, recovery codes,
 * throttled codes, the policy, the last active admin, and the token version.
 */
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MAIL_KEPT_SECONDS,
  type AccountSummary,
  CODE_FAILURES_BEFORE_LOCK,
  EXPIRED_INVITATION_KEPT_SECONDS,
  INVITATION_LIFETIME_SECONDS,
} from '../../../shared/accounts/accounts';
import { recoveryCodeHash } from '../two-factor/two-factor';
import { signStaffToken, verifyStaffToken } from '../staff-auth/staff-tokens';
import { apiEvent, fakeDeps, jsonPost, setCookiesOf } from '../../../tests/support/fakes';
import { HANDLER_FACTORIES } from '../../features';
import {
  ADMIN,
  PASSWORD,
  addAccount,
  call,
  enrol,
  invitationTokenIn,
  linkTokenIn,
  login,
  startEnrolment,
  tokenOf,
  totpOf,
} from '../test-kit';
import { sesRefused } from '../../mail/fakes';
import { retryDueMail } from '../../mail/outbox/mail-delivery';

describe('invitations', () => {
  it('invites by mail through the outbox: an invited account, the link with its token after #, only a hash stored', async () => {
    const deps = fakeDeps();
    addAccount(deps, ADMIN, 'admin');
    const response = await call(deps, 'invite', {
      token: await tokenOf(deps, ADMIN),
      data: { email: ' New@Centre.Example ', role: 'staff' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      account: { email: 'new@centre.example', role: 'staff', state: 'invited', twoFactor: false },
      mail: 'sent',
    });
    const token = invitationTokenIn(deps, 'new@centre.example');
    expect(deps.mailer.sent.at(-1)?.text).toContain(`https://site.example/welcome#${token}`);
    // Sent, the mail's words (with the link) are gone from the outbox: nothing the tables hold accepts the invitation.
    const outbox = [...deps.outbox.items.values()];
    expect(outbox).toEqual([expect.objectContaining({ kind: 'invite', status: 'sent' })]);
    expect(outbox[0]?.content).toBeUndefined();
    expect(JSON.stringify([...deps.outbox.items.values(), ...deps.staff.items.values()])).not.toContain(
      token.split('.')[1],
    );
    const stored = deps.staff.items.get('new@centre.example');
    expect(stored).toMatchObject({
      passwordHash: '',
      role: 'staff',
      invitedBy: ADMIN,
      invitationExpiresAt: deps.clock.now() + INVITATION_LIFETIME_SECONDS * 1000,
    });
    // Nobody takes it up: DynamoDB removes the account a week after its link expired.
    expect(stored?.expiresAt).toBe(
      Math.floor(deps.clock.now() / 1000) + INVITATION_LIFETIME_SECONDS + EXPIRED_INVITATION_KEPT_SECONDS,
    );
    // The mail to the account leaves the outbox after a month.
    expect([...deps.outbox.items.values()][0]?.expiresAt).toBe(
      Math.floor(deps.clock.now() / 1000) + ACCOUNT_MAIL_KEPT_SECONDS,
    );
    expect(JSON.stringify(stored)).not.toContain(token.split('.')[1]);
    expect(deps.accessLog.entries.map((entry) => entry.action)).toContain('account.invite');
    // An invited account cannot sign in: it has no password yet.
    expect((await login(deps, 'new@centre.example')).status).toBe(401);
  });

  it('keeps no link the tables could give away: the waiting mail is sealed, nothing stored accepts the invitation, and the seal goes once sent', async () => {
    const deps = fakeDeps();
    addAccount(deps, ADMIN, 'admin');
    deps.mailer.failWith = sesRefused();
    const response = await call(deps, 'invite', {
      token: await tokenOf(deps, ADMIN),
      data: { email: 'new@centre.example', role: 'staff' },
    });
    expect(response.body).toMatchObject({ mail: 'pending' });
    const [waiting] = [...deps.outbox.items.values()];
    expect(waiting).toMatchObject({ kind: 'invite', sealedContent: expect.any(String) });
    expect(waiting?.content).toBeUndefined();

    // Whoever reads the tables tries every string they hold as the link's token, and the link's form with the address.
    const stored = JSON.stringify([...deps.outbox.items.values(), ...deps.staff.items.values()]);
    expect(stored).not.toMatch(/welcome#/);
    const strings = [...stored.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((match) => match[1] ?? '');
    const address = Buffer.from('new@centre.example').toString('base64url');
    for (const candidate of new Set(strings.flatMap((text) => [text, `${address}.${text}`]))) {
      const tried = await call(deps, 'welcome', {
        data: { token: candidate, password: 'another long password' },
        sourceIp: `10.${strings.indexOf(candidate) % 250}.0.1`,
      });
      expect(tried.body.error).toMatch(/invalid_invitation|invalid_input/);
    }
    expect(await deps.staff.get('new@centre.example')).toMatchObject({ passwordHash: '' });

    deps.mailer.failWith = undefined;
    deps.clock.advance(60 * 60_000);
    await retryDueMail(deps);
    const token = invitationTokenIn(deps, 'new@centre.example');
    expect(deps.outbox.items.get(waiting?.mailId ?? '')).toMatchObject({ status: 'sent' });
    expect(deps.outbox.items.get(waiting?.mailId ?? '')?.sealedContent).toBeUndefined();
    expect(JSON.stringify([...deps.outbox.items.values()])).not.toContain(token.split('.')[1]);
    expect((await call(deps, 'welcome', { data: { token, password: 'another long password' } })).status).toBe(200);
  });

  it('gives up a sealed mail that no longer opens (the token secret rotated while it waited), and sends nothing garbled', async () => {
    const deps = fakeDeps();
    addAccount(deps, ADMIN, 'admin');
    deps.mailer.failWith = sesRefused();
    await call(deps, 'invite', {
      token: await tokenOf(deps, ADMIN),
      data: { email: 'new@centre.example', role: 'staff' },
    });
    deps.mailer.failWith = undefined;
    const sentBefore = deps.mailer.sent.length;
    deps.settings.TOKEN_SECRET = 'z'.repeat(48);
    deps.clock.advance(60 * 60_000);
    await retryDueMail(deps);
    const [mail] = [...deps.outbox.items.values()];
    expect(mail).toMatchObject({ status: 'failed' });
    expect(mail?.sealedContent).toBeUndefined();
    expect(deps.mailer.sent.length).toBe(sentBefore);
  });

  it('refuses an address that has an account, and bad input with a clear 400', async () => {
    const deps = fakeDeps();
    addAccount(deps, ADMIN, 'admin');
    const token = await tokenOf(deps, ADMIN);
    expect((await call(deps, 'invite', { token, data: { email: ADMIN, role: 'staff' } })).status).toBe(409);
    const bad = await call(deps, 'invite', { token, data: { email: 'not an address', role: 'boss' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body['fields'] as object).sort()).toEqual(['email', 'role']);
  });

  it('sets the password once: the link works no more, and the new member signs in', async () => {
    const deps = fakeDeps();
    addAccount(deps, ADMIN, 'admin');
    await call(deps, 'invite', {
      token: await tokenOf(deps, ADMIN),
      data: { email: 'new@centre.example', role: 'editor' },
    });
    const token = invitationTokenIn(deps, 'new@centre.example');
    const accepted = await call(deps, 'welcome', { data: { token, password: PASSWORD } });
    expect(accepted.status).toBe(200);
    const claims = await verifyStaffToken(deps.settings, accepted.body as unknown as string, deps.clock.now());
    expect(claims).toMatchObject({ email: 'new@centre.example', scope: 'full' });
    expect(deps.staff.items.get('new@centre.example')).not.toHaveProperty('invitationHash');
    // Taken up: the account stays.
    expect(deps.staff.items.get('new@centre.example')).not.toHaveProperty('expiresAt');
    const again = await call(deps, 'welcome', { data: { token, password: 'another password 123' } });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_invitation');
    expect((await login(deps, 'new@centre.example')).status).toBe(200);
    expect(deps.accessLog.entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['auth.welcome', 'auth.welcome.failed']),
    );
  });

  it('logs every refused welcome, before the token is checked too, counted on one row per kind and source', async () => {
    const deps = fakeDeps();
    const welcome = HANDLER_FACTORIES.welcome(deps);
    for (let round = 0; round < 2; round += 1) {
      expect(
        (
          await welcome(
            jsonPost(
              '/api/welcome',
              { token: 'x', password: PASSWORD },
              { headers: { origin: 'https://evil.example' } },
            ),
          )
        ).statusCode,
      ).toBe(403);
      expect(
        (await welcome(apiEvent({ path: '/api/welcome', headers: { 'content-type': 'text/plain' }, body: '{}x' })))
          .statusCode,
      ).toBe(415);
      expect((await welcome(jsonPost('/api/welcome', { token: 1 }))).statusCode).toBe(400);
    }
    expect(deps.accessLog.entries.map(({ actor, action, count }) => ({ actor, action, count }))).toEqual([
      { actor: '-', action: 'auth.welcome.cross_site', count: 2 },
      { actor: '-', action: 'auth.welcome.wrong_type', count: 2 },
      { actor: '-', action: 'auth.welcome.malformed', count: 2 },
    ]);
  });

  it('refuses a wrong token, an expired one, an older one replaced by a new invitation, and a short password', async () => {
    const deps = fakeDeps();
    addAccount(deps, ADMIN, 'admin');
    const admin = await tokenOf(deps, ADMIN);
    await call(deps, 'invite', { token: admin, data: { email: 'new@centre.example', role: 'staff' } });
    const first = invitationTokenIn(deps, 'new@centre.example');
    const [address] = first.split('.');
    const wrong = `${address}.${'A'.repeat(43)}`;
    expect((await call(deps, 'welcome', { data: { token: wrong, password: PASSWORD } })).body.error).toBe(
      'invalid_invitation',
    );
    expect((await call(deps, 'welcome', { data: { token: 'nonsense', password: PASSWORD } })).status).toBe(400);
    expect((await call(deps, 'welcome', { data: { token: first, password: 'short' } })).body).toMatchObject({
      error: 'invalid_input',
      fields: { password: expect.any(String) },
    });

    await call(deps, 'invite', { token: admin, data: { email: 'new@centre.example', role: 'staff' } });
    const second = invitationTokenIn(deps, 'new@centre.example');
    expect(second).not.toBe(first);
    expect((await call(deps, 'welcome', { data: { token: first, password: PASSWORD } })).body.error).toBe(
      'invalid_invitation',
    );

    deps.clock.advance(INVITATION_LIFETIME_SECONDS * 1000);
    expect((await call(deps, 'welcome', { data: { token: second, password: PASSWORD } })).body.error).toBe(
      'invalid_invitation',
    );
  });

  it('is refused from another site, and limited per address', async () => {
    const deps = fakeDeps({ settings: { LOGIN_FAILURES_PER_ADDRESS: 3 } });
    const guess = `${Buffer.from('nobody@centre.example').toString('base64url')}.${'b'.repeat(43)}`;
    const foreign = await call(deps, 'welcome', {
      data: { token: `a.${'b'.repeat(43)}`, password: PASSWORD },
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(foreign.status).toBe(403);
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await call(deps, 'welcome', { data: { token: guess, password: PASSWORD }, sourceIp: '198.51.100.9' })).status,
      ).toBe(400);
    }
    const limited = await call(deps, 'welcome', {
      data: { token: guess, password: PASSWORD },
      sourceIp: '198.51.100.9',
    });
    expect(limited.status).toBe(429);
    // Another address is not held up by it.
    expect(
      (await call(deps, 'welcome', { data: { token: guess, password: PASSWORD }, sourceIp: '198.51.100.10' })).status,
    ).toBe(400);
  });
});

describe('two-factor sign-in', () => {
  it('asks for a code after the right password only, takes a code once, and refuses a wrong one', async () => {
    const deps = fakeDeps();
    addAccount(deps, ADMIN, 'admin');
    const { secret } = await enrol(deps, ADMIN);
    expect((await login(deps, ADMIN, { pass: 'wrong password here' })).body.error).toBe('invalid_credentials');
    const asked = await login(deps, ADMIN);
    expect(asked).toMatchObject({ status: 401, body: { error: 'code_required' } });

    // The code that confirmed enrolment was used already; the next step's code is fresh.
    const confirmedWith = totpOf(ADMIN, secret).generate({ timestamp: deps.clock.now() });
    expect((await login(deps, ADMIN, { code: confirmedWith })).body.error).toBe('invalid_code');
    deps.clock.advance(30_000);
    const code = totpOf(ADMIN, secret).generate({ timestamp: deps.clock.now() });
    const signedIn = await login(deps, ADMIN, { code });
    expect(signedIn.status).toBe(200);
    expect((await login(deps, ADMIN, { code })).body.error).toBe('invalid_code');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    deps.clock.advance(30_000);
    expect((await login(deps, ADMIN, { code: wrong })).body.error).toBe('invalid_code');
    expect(deps.staff.items.get(ADMIN)?.lastSignInAt).toBeDefined();
    expect(deps.accessLog.entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['auth.login.code_required', 'auth.login.code_failed', 'auth.login']),
    );
  });

  it(`takes no app code from a browser that never signed in after ${CODE_FAILURES_BEFORE_LOCK} wrong ones in a row, however far apart: the owner's own browser or a recovery code still gets in`, async () => {
    const deps = fakeDeps();
    addAccount(deps, ADMIN, 'admin');
    const { secret, done } = await enrol(deps, ADMIN);
    const codeNow = () => totpOf(ADMIN, secret).generate({ timestamp: deps.clock.now() });
    const wrongNow = () => String((Number(codeNow()) + 1) % 1_000_000).padStart(6, '0');
    // The owner's browser signs in once: it keeps a device cookie for this account.
    deps.clock.advance(30_000);
    const owner = await HANDLER_FACTORIES.login(deps)(
      jsonPost('/api/login', { email: ADMIN, pass: PASSWORD, code: codeNow() }, { sourceIp: '192.0.2.10' }),
    );
    expect(owner.statusCode).toBe(200);
    const ownerCookie = setCookiesOf(owner)[0]?.split(';')[0] ?? '';
    const guessTenTimes = async () => {
      for (let i = 0; i < CODE_FAILURES_BEFORE_LOCK; i += 1) {
        // An hour apart, each from another network: no time window and no address limit resets the count.
        deps.clock.advance(60 * 60_000);
        expect((await login(deps, ADMIN, { code: wrongNow(), sourceIp: `198.51.${i}.7` })).body.error).toBe(
          'invalid_code',
        );
      }
      deps.clock.advance(30_000);
    };

    const noticesTo = (subject: RegExp) =>
      deps.mailer.sent.filter((mail) => mail.to === ADMIN && subject.test(mail.subject));
    expect(noticesTo(/2단계 인증이 켜졌습니다/)).toHaveLength(1);
    await guessTenTimes();
    expect(await login(deps, ADMIN, { code: codeNow(), sourceIp: '203.0.113.50' })).toMatchObject({
      status: 401,
      body: { error: 'invalid_code' },
    });
    expect(deps.accessLog.entries.at(-1)?.action).toBe('auth.login.code_locked');
    // The owner is told once, as the lock begins, with the address of the last guess.
    expect(noticesTo(/잠겼습니다/)).toHaveLength(1);
    expect(noticesTo(/잠겼습니다/)[0]?.text).toContain('198.51.9.7');
    // The owner's browser is not held up, and a code it gets accepted starts the count again.
    const fromOwner = await HANDLER_FACTORIES.login(deps)(
      jsonPost(
        '/api/login',
        { email: ADMIN, pass: PASSWORD, code: codeNow() },
        { sourceIp: '192.0.2.10', headers: { cookie: ownerCookie } },
      ),
    );
    expect(fromOwner.statusCode).toBe(200);
    expect(deps.staff.items.get(ADMIN)?.codeFailures).toBeUndefined();

    await guessTenTimes();
    expect((await login(deps, ADMIN, { code: codeNow(), sourceIp: '203.0.113.51' })).body.error).toBe('invalid_code');
    // A recovery code opens it from anywhere, and the app's codes work again.
    expect((await login(deps, ADMIN, { code: done.recoveryCodes[0] ?? '', sourceIp: '203.0.113.52' })).status).toBe(
      200,
    );
    expect(noticesTo(/잠겼습니다/)).toHaveLength(2);
    expect(noticesTo(/복구 코드로 로그인했습니다/).map((mail) => mail.text)).toEqual([
      expect.stringMatching(/203\.0\.113\.52[\s\S]*남은 복구 코드: 9개/),
    ]);
    deps.clock.advance(30_000);
    expect((await login(deps, ADMIN, { code: codeNow(), sourceIp: '203.0.113.53' })).status).toBe(200);
  });

  it('takes each recovery code once, whatever its case and hyphens', async () => {
    const deps = fakeDeps();
    addAccount(deps, ADMIN, 'admin');
    const { done } = await enrol(deps, ADMIN);
    expect(done.recoveryCodes).toHaveLength(10);
    expect(new Set(done.recoveryCodes).size).toBe(10);
    const [first = '', second = ''] = done.recoveryCodes;
    expect(first).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    // Stored hashed, never as given.
    expect(JSON.stringify([...(deps.staff.items.get(ADMIN)?.recoveryCodeHashes ?? [])])).not.toContain(first);
    expect(deps.staff.items.get(ADMIN)?.recoveryCodeHashes?.has(recoveryCodeHash(first))).toBe(true);
    expect((await login(deps, ADMIN, { code: first })).status).toBe(200);
    expect((await login(deps, ADMIN, { code: first })).body.error).toBe('invalid_code');
    expect((await login(deps, ADMIN, { code: second.replace(/-/g, '').toUpperCase() })).status).toBe(200);
    const status = await call(deps, 'twoFactor', { token: await tokenOf(deps, ADMIN) });
    expect(status.body).toEqual({ enabled: true, required: false, recoveryCodesLeft: 8, startAsksPassword: true });
  });

  it('counts wrong codes against the sign-in limits, like wrong passwords', async () => {
    const deps = fakeDeps({ settings: { LOGIN_FAILURES_PER_ACCOUNT: 3 } });
    addAccount(deps, ADMIN, 'admin');
    const { secret } = await enrol(deps, ADMIN);
    for (let i = 0; i < 3; i += 1) expect((await login(deps, ADMIN, { code: '000000' })).status).toBe(401);
    deps.clock.advance(30_000);
    const limited = await login(deps, ADMIN, { code: totpOf(ADMIN, secret).generate({ timestamp: deps.clock.now() }) });
    expect(limited.status).toBe(429);
  });

  it('enrolment: a wrong code is a 400 (the session goes on), two-factor on ends other sessions', async () => {
    const deps = fakeDeps();
    addAccount(deps, ADMIN, 'admin');
    const before = await tokenOf(deps, ADMIN);
    await startEnrolment(deps, before);
    const wrong = await call(deps, 'confirmTwoFactor', { token: before, data: { code: '123456' } });
    expect(wrong).toMatchObject({ status: 400, body: { fields: { code: expect.any(String) } } });
    const { done } = await enrol(deps, ADMIN, before);
    expect((await call(deps, 'accounts', { token: before })).status).toBe(401);
    expect((await call(deps, 'accounts', { token: done.token })).status).toBe(200);
    // On already: a new secret needs an admin's reset first.
    expect((await startEnrolment(deps, done.token)).status).toBe(409);
  });
});

describe('the two-factor policy', () => {
  it('mails an account without two-factor a one-time link instead of a session; the link and the password open only enrolment, until it enrols', async () => {
    const deps = fakeDeps({ settings: { REQUIRE_TWO_FACTOR: true } });
    addAccount(deps, 'staff@centre.example', 'staff');
    const signedIn = await login(deps, 'staff@centre.example');
    expect(signedIn).toMatchObject({ status: 403, body: { error: 'enrolment_mailed' } });
    const link = linkTokenIn(deps, 'staff@centre.example', 'enrol');
    const opened = await call(deps, 'enrolLink', { data: { token: link, password: PASSWORD } });
    expect(opened.status).toBe(200);
    const token = opened.body as unknown as string;
    expect(await verifyStaffToken(deps.settings, token, deps.clock.now())).toMatchObject({ scope: 'enrol' });
    const refused = await call(deps, 'view', { token });
    expect(refused).toMatchObject({ status: 403, body: { error: 'two_factor_required' } });
    expect(deps.accessLog.entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['auth.login.enrol_mailed', 'auth.enrol_link', 'auth.enrolment_required']),
    );
    expect((await call(deps, 'twoFactor', { token })).body).toEqual({
      enabled: false,
      required: true,
      recoveryCodesLeft: 0,
      // The link's page took the password.
      startAsksPassword: false,
    });
    const { done, secret } = await enrol(deps, 'staff@centre.example', token);
    expect((await call(deps, 'view', { token: done.token })).status).toBe(200);
    // The enrolment token is spent (the token version moved on), and so is the link.
    expect((await call(deps, 'twoFactor', { token })).status).toBe(401);
    expect((await call(deps, 'enrolLink', { data: { token: link, password: PASSWORD } })).body.error).toBe(
      'invalid_link',
    );
    deps.clock.advance(30_000);
    const code = totpOf('staff@centre.example', secret).generate({ timestamp: deps.clock.now() });
    const full = await login(deps, 'staff@centre.example', { code });
    expect(await verifyStaffToken(deps.settings, full.body as unknown as string, deps.clock.now())).toMatchObject({
      scope: 'full',
    });
  });

  it('applies to sessions already open, and an admin with two-factor can turn it on and off over the setting', async () => {
    const deps = fakeDeps();
    addAccount(deps, ADMIN, 'admin');
    addAccount(deps, 'staff@centre.example', 'staff');
    const staff = await tokenOf(deps, 'staff@centre.example');
    expect((await call(deps, 'view', { token: staff })).status).toBe(200);
    // An admin without two-factor cannot require it of others (their next request would be refused).
    expect(
      (await call(deps, 'twoFactorPolicy', { token: await tokenOf(deps, ADMIN), data: { requireTwoFactor: true } }))
        .status,
    ).toBe(409);
    const admin = (await enrol(deps, ADMIN)).done.token;
    expect((await call(deps, 'twoFactorPolicy', { token: admin, data: { requireTwoFactor: 'yes' } })).status).toBe(400);
    expect((await call(deps, 'twoFactorPolicy', { token: staff, data: { requireTwoFactor: true } })).status).toBe(403);
    expect((await call(deps, 'twoFactorPolicy', { token: admin, data: { requireTwoFactor: true } })).status).toBe(200);
    expect((await call(deps, 'view', { token: staff })).body.error).toBe('two_factor_required');
    expect((await call(deps, 'accounts', { token: admin })).body).toMatchObject({ requireTwoFactor: true });
    expect((await call(deps, 'twoFactorPolicy', { token: admin, data: { requireTwoFactor: false } })).status).toBe(200);
    expect((await call(deps, 'accounts', { token: admin })).body).toMatchObject({ requireTwoFactor: false });
    expect((await call(deps, 'view', { token: staff })).status).toBe(200);
  });
});

describe('account changes', () => {
  it('lists every account with role, state, last sign-in and two-factor', async () => {
    const deps = fakeDeps();
    addAccount(deps, ADMIN, 'admin', {
      lastSignInAt: '2026-11-20T01:00:00.000Z',
      totpSecret: 'JBSWY3DPEHPK3PXP',
      twoFactorSince: '2026-11-19T01:00:00.000Z',
    });
    addAccount(deps, 'off@centre.example', 'editor', { disabled: true });
    const listed = await call(deps, 'accounts', { token: await tokenOf(deps, ADMIN) });
    expect(listed.status).toBe(200);
    const accounts = listed.body['accounts'] as AccountSummary[];
    expect(accounts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          email: ADMIN,
          role: 'admin',
          state: 'active',
          twoFactor: true,
          lastSignInAt: '2026-11-20T01:00:00.000Z',
        }),
        expect.objectContaining({ email: 'off@centre.example', role: 'editor', state: 'disabled', twoFactor: false }),
      ]),
    );
    expect(JSON.stringify(listed.body)).not.toMatch(/passwordHash|totpSecret|JBSWY3DPEHPK3PXP/);
  });

  it('keeps the last active admin: no disable or demotion, of themselves either', async () => {
    const deps = fakeDeps();
    addAccount(deps, ADMIN, 'admin');
    addAccount(deps, 'other@centre.example', 'admin', { disabled: true });
    const token = await tokenOf(deps, ADMIN);
    for (const data of [
      { email: ADMIN, action: 'disable' },
      { email: ADMIN, action: 'role', role: 'staff' },
    ]) {
      const refused = await call(deps, 'changeAccount', { token, data });
      expect(refused).toMatchObject({ status: 409, body: { fields: { email: expect.any(String) } } });
    }
    expect(deps.staff.items.get(ADMIN)).toMatchObject({ role: 'admin', disabled: false, tokenVersion: 0 });
    // With a second active admin, it may step down.
    expect(
      (await call(deps, 'changeAccount', { token, data: { email: 'other@centre.example', action: 'enable' } })).status,
    ).toBe(200);
    expect(
      (await call(deps, 'changeAccount', { token, data: { email: ADMIN, action: 'role', role: 'staff' } })).status,
    ).toBe(200);
    expect(
      (await call(deps, 'changeAccount', { token, data: { email: ADMIN, action: 'role', role: 'admin' } })).status,
    ).toBe(401);
  });

  it('ends sessions on disable, enable and role change, even a token signed in the same second', async () => {
    const deps = fakeDeps();
    addAccount(deps, ADMIN, 'admin');
    addAccount(deps, 'staff@centre.example', 'staff');
    const admin = await tokenOf(deps, ADMIN);
    const before = await tokenOf(deps, 'staff@centre.example');
    expect(
      (await call(deps, 'changeAccount', { token: admin, data: { email: 'staff@centre.example', action: 'disable' } }))
        .status,
    ).toBe(200);
    expect((await call(deps, 'view', { token: before })).status).toBe(401);
    // A token signed in the same second as the disable, with the version from before it.
    const sameSecond = await signStaffToken(deps.settings, 'staff@centre.example', 0, deps.clock.now(), 'staff');
    expect((await call(deps, 'view', { token: sameSecond })).status).toBe(401);
    expect(
      (await call(deps, 'changeAccount', { token: admin, data: { email: 'staff@centre.example', action: 'enable' } }))
        .status,
    ).toBe(200);
    expect((await call(deps, 'view', { token: before })).status).toBe(401);
    const afterEnable = await tokenOf(deps, 'staff@centre.example');
    expect((await call(deps, 'view', { token: afterEnable })).status).toBe(200);
    expect(
      (
        await call(deps, 'changeAccount', {
          token: admin,
          data: { email: 'staff@centre.example', action: 'role', role: 'editor' },
        })
      ).status,
    ).toBe(200);
    expect((await call(deps, 'view', { token: afterEnable })).status).toBe(401);
    expect(deps.staff.items.get('staff@centre.example')).toMatchObject({ role: 'editor', tokenVersion: 3 });
    expect(deps.accessLog.entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['account.disable', 'account.enable', 'account.role']),
    );
  });

  it('resets two-factor: secret, recovery codes and the count of wrong codes gone, sessions ended', async () => {
    const deps = fakeDeps();
    addAccount(deps, ADMIN, 'admin');
    addAccount(deps, 'staff@centre.example', 'staff');
    const { done } = await enrol(deps, 'staff@centre.example');
    for (let i = 0; i < CODE_FAILURES_BEFORE_LOCK + 1; i += 1)
      await deps.staff.countCodeFailure('staff@centre.example');
    const reset = await call(deps, 'changeAccount', {
      token: await tokenOf(deps, ADMIN),
      data: { email: 'staff@centre.example', action: 'resetTwoFactor' },
    });
    expect(reset).toMatchObject({ status: 200, body: { twoFactor: false } });
    const stored = deps.staff.items.get('staff@centre.example');
    // The count of wrong codes goes with the secret: a reset is how an admin opens a locked account.
    expect(stored).not.toHaveProperty('codeFailures');
    expect(stored).not.toHaveProperty('totpSecret');
    expect(stored).not.toHaveProperty('recoveryCodeHashes');
    expect((await call(deps, 'view', { token: done.token })).status).toBe(401);
    expect((await login(deps, 'staff@centre.example')).status).toBe(200);
    // The owner is told who reset it.
    const notice = deps.mailer.sent.find(
      (mail) => mail.to === 'staff@centre.example' && /초기화되었습니다/.test(mail.subject),
    );
    expect(notice?.text).toContain(`관리자(${ADMIN})`);
  });

  it('answers 404 for an unknown account and 400 for an unknown action', async () => {
    const deps = fakeDeps();
    addAccount(deps, ADMIN, 'admin');
    const token = await tokenOf(deps, ADMIN);
    expect(
      (await call(deps, 'changeAccount', { token, data: { email: 'nobody@centre.example', action: 'disable' } }))
        .status,
    ).toBe(404);
    expect((await call(deps, 'changeAccount', { token, data: { email: ADMIN, action: 'delete' } })).status).toBe(400);
  });
});
