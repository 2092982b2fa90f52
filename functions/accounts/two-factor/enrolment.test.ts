/**
 * Two-factor enrolment needs a second channel: an account the policy requires
 * to enrol gets, for its right password, a mailed one-time link instead of a
 * session, and only that link with the password again opens the enrolment.
 * Tried as an attacker who has the password and can read the tables. And it
 * needs the password: an open session starts it only with the account's
 * password, counted as sign-in counts it; the link's session is not asked again.
 */
import { describe, expect, it } from 'vitest';
import { ENROLMENT_LINK_LIFETIME_SECONDS, ENROLMENT_MAIL_INTERVAL_SECONDS } from '../../../shared/accounts/accounts';
import type { EnrolmentStart, TwoFactorStatus } from '../../../shared/accounts/accounts';
import { type FakeDeps, fakeDeps } from '../../../tests/support/fakes';
import { sesRefused } from '../../mail/fakes';
import { retryDueMail } from '../../mail/outbox/mail-delivery';
import { PASSWORD, addAccount, call, enrol, linkTokenIn, login, startEnrolment, tokenOf } from '../test-kit';

const STAFF = 'staff@centre.example';

function requiringTwoFactor(): FakeDeps {
  const deps = fakeDeps({ settings: { REQUIRE_TWO_FACTOR: true } });
  addAccount(deps, STAFF, 'staff');
  return deps;
}

const openLink = (deps: FakeDeps, token: string, password = PASSWORD, sourceIp?: string) =>
  call(deps, 'enrolLink', { data: { token, password }, ...(sourceIp ? { sourceIp } : {}) });

describe('enrolment by a mailed link', () => {
  it('gives whoever has only the password no way to enrol: no session, and nothing the tables hold opens the link', async () => {
    const deps = requiringTwoFactor();
    deps.mailer.failWith = sesRefused();
    expect(await login(deps, STAFF)).toMatchObject({ status: 403, body: { error: 'enrolment_mailed' } });
    expect((await call(deps, 'startTwoFactor', {})).status).toBe(401);

    const stored = JSON.stringify([...deps.outbox.items.values(), ...deps.staff.items.values()]);
    expect(stored).not.toMatch(/enrol#/);
    const strings = [...stored.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((match) => match[1] ?? '');
    const address = Buffer.from(STAFF).toString('base64url');
    let tried = 0;
    for (const candidate of new Set(strings.flatMap((text) => [text, `${address}.${text}`]))) {
      tried += 1;
      const answer = await openLink(deps, candidate, PASSWORD, `10.${tried % 250}.${Math.floor(tried / 250)}.1`);
      expect(answer.body.error).toMatch(/invalid_link|invalid_input/);
    }
    expect(tried).toBeGreaterThan(10);
    // The owner's mail, once SES takes it, holds the link that works.
    deps.mailer.failWith = undefined;
    deps.clock.advance(10 * 60_000);
    await retryDueMail(deps);
    expect((await openLink(deps, linkTokenIn(deps, STAFF, 'enrol'))).status).toBe(200);
  });

  it('keeps the link for a wrong password, and takes it once with the right one', async () => {
    const deps = requiringTwoFactor();
    await login(deps, STAFF);
    const link = linkTokenIn(deps, STAFF, 'enrol');
    expect(await openLink(deps, link, 'not the password')).toMatchObject({
      status: 401,
      body: { error: 'invalid_credentials' },
    });
    expect((await openLink(deps, link)).status).toBe(200);
    expect((await openLink(deps, link)).body.error).toBe('invalid_link');
    expect(deps.staff.items.get(STAFF)).not.toHaveProperty('enrolmentHash');
  });

  it('stops the link after its hour', async () => {
    const deps = requiringTwoFactor();
    await login(deps, STAFF);
    deps.clock.advance(ENROLMENT_LINK_LIFETIME_SECONDS * 1000 + 1);
    expect((await openLink(deps, linkTokenIn(deps, STAFF, 'enrol'))).body.error).toBe('invalid_link');
  });

  it('mails no second link within a minute; a later sign-in mails a new one that replaces the first', async () => {
    const deps = requiringTwoFactor();
    await login(deps, STAFF);
    const first = linkTokenIn(deps, STAFF, 'enrol');
    deps.clock.advance(10_000);
    expect((await login(deps, STAFF)).body.error).toBe('enrolment_mailed');
    expect(deps.mailer.sent.filter((mail) => mail.to === STAFF)).toHaveLength(1);
    deps.clock.advance(ENROLMENT_MAIL_INTERVAL_SECONDS * 1000);
    await login(deps, STAFF);
    const second = linkTokenIn(deps, STAFF, 'enrol');
    expect(second).not.toBe(first);
    expect((await openLink(deps, first)).body.error).toBe('invalid_link');
    expect((await openLink(deps, second)).status).toBe(200);
  });

  it('opens nothing for a disabled account, or one that has two-factor meanwhile', async () => {
    const deps = requiringTwoFactor();
    await login(deps, STAFF);
    const link = linkTokenIn(deps, STAFF, 'enrol');
    const account = deps.staff.items.get(STAFF);
    if (account) account.disabled = true;
    expect((await openLink(deps, link)).body.error).toBe('invalid_link');
    if (account) Object.assign(account, { disabled: false, totpSecret: 'JBSWY3DPEHPK3PXP' });
    expect((await openLink(deps, link)).body.error).toBe('invalid_link');
  });

  it('is refused from another site, and logs every failure', async () => {
    const deps = requiringTwoFactor();
    await login(deps, STAFF);
    const link = linkTokenIn(deps, STAFF, 'enrol');
    const crossSite = await call(deps, 'enrolLink', {
      data: { token: link, password: PASSWORD },
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(crossSite.status).toBe(403);
    await openLink(deps, link, 'wrong password');
    expect(deps.accessLog.entries.map((entry) => entry.action)).toContain('auth.enrol_link.failed');
  });
});

describe('the password at the start of enrolment', () => {
  function signedIn(): FakeDeps {
    const deps = fakeDeps();
    addAccount(deps, STAFF, 'staff');
    return deps;
  }
  const actions = (deps: FakeDeps) => deps.accessLog.entries.map(({ action }) => action);

  it('starts from an open session only with the account password: none or a wrong one is a 400 naming it that changes nothing, in the access log', async () => {
    const deps = signedIn();
    const token = await tokenOf(deps, STAFF);
    const before = structuredClone(deps.staff.items.get(STAFF));
    const status = await call(deps, 'twoFactor', { token });
    expect((status.body as unknown as TwoFactorStatus).startAsksPassword).toBe(true);

    expect(await call(deps, 'startTwoFactor', { token })).toMatchObject({
      status: 400,
      body: { error: 'invalid_input', fields: { password: 'Required' } },
    });
    const wrong = await startEnrolment(deps, token, 'not the password');
    expect(wrong).toMatchObject({
      status: 400,
      body: { error: 'invalid_input', fields: { password: 'Not your current password' } },
    });
    expect(wrong.body).not.toHaveProperty('secret');
    expect(deps.staff.items.get(STAFF)).toEqual(before);
    expect(deps.totpSealer.sealed.size).toBe(0);
    expect(actions(deps)).toEqual(['twofactor.status', 'twofactor.start_failed']);
    expect(deps.accessLog.entries.at(-1)).toMatchObject({ actor: STAFF });

    const started = await startEnrolment(deps, token);
    expect(started.status).toBe(200);
    expect((started.body as unknown as EnrolmentStart).secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(deps.staff.items.get(STAFF)?.pendingTotpSecretSealed).toBeDefined();
    expect(actions(deps).at(-1)).toBe('twofactor.start');
  });

  it('counts wrong passwords against the sign-in limits: past them the right one waits too, and so does sign-in', async () => {
    const deps = signedIn();
    const token = await tokenOf(deps, STAFF);
    for (let i = 0; i < deps.settings.LOGIN_FAILURES_PER_ACCOUNT; i += 1)
      expect((await startEnrolment(deps, token, `wrong guess ${i}`)).status).toBe(400);
    const refused = await startEnrolment(deps, token);
    expect(refused).toMatchObject({ status: 429, body: { error: 'rate_limited' } });
    expect(deps.staff.items.get(STAFF)).not.toHaveProperty('pendingTotpSecretSealed');
    expect(actions(deps).at(-1)).toBe('twofactor.start_refused');
    expect((await login(deps, STAFF)).status).toBe(429);
    // The window over, the right password starts it.
    deps.clock.advance(15 * 60_000);
    expect((await startEnrolment(deps, token)).status).toBe(200);
  });

  it("does not ask an enrolment link's session again: its page took the password", async () => {
    const deps = requiringTwoFactor();
    await login(deps, STAFF);
    const opened = await call(deps, 'enrolLink', {
      data: { token: linkTokenIn(deps, STAFF, 'enrol'), password: PASSWORD },
    });
    const linkSession = String(opened.body);
    const status = await call(deps, 'twoFactor', { token: linkSession });
    expect((status.body as unknown as TwoFactorStatus).startAsksPassword).toBe(false);
    expect((await call(deps, 'startTwoFactor', { token: linkSession })).status).toBe(200);
    // Sent anyway, a password is not read: the link's page checked it.
    expect((await startEnrolment(deps, linkSession, 'not read')).status).toBe(200);
  });

  it("asks it of an open session the policy holds to enrolment (its token is no link's)", async () => {
    const deps = requiringTwoFactor();
    const token = await tokenOf(deps, STAFF);
    expect((await startEnrolment(deps, token, 'not the password')).status).toBe(400);
    expect((await enrol(deps, STAFF, token)).done.recoveryCodes).toHaveLength(10);
  });

  it('seals and writes nothing when the sign-in limits cannot be counted', async () => {
    const deps = signedIn();
    const token = await tokenOf(deps, STAFF);
    deps.throttle.hit = () => Promise.reject(new Error('throttle table down'));
    const answer = await startEnrolment(deps, token);
    expect(answer.status).toBeGreaterThanOrEqual(500);
    expect(answer.body).not.toHaveProperty('secret');
    expect(deps.totpSealer.sealed.size).toBe(0);
    expect(deps.staff.items.get(STAFF)).not.toHaveProperty('pendingTotpSecretSealed');
  });
});
