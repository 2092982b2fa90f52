/**
 * The TOTP secret is stored sealed: the enrolment start
 * seals it, confirmation and sign-in open it to check a code, and a sealed
 * secret copied to another account does not open. Through the handlers, with
 * the fake sealer (tests/support/fakes.ts), which opens a value only with the
 * context it was sealed with, as KMS does with its encryption context.
 */
import { describe, expect, it } from 'vitest';
import type { EnrolmentStart } from '../../../shared/accounts/accounts';
import { fakeDeps } from '../../../tests/support/fakes';
import { ADMIN, addAccount, enrol, login, startEnrolment, tokenOf, totpOf } from '../test-kit';

const OTHER = 'staff@centre.example';

describe('sealed TOTP secrets', () => {
  it('stores only the sealed secret, pending and enrolled, while the start still answers the clear one once', async () => {
    const deps = fakeDeps();
    addAccount(deps, ADMIN, 'admin');
    const started = await startEnrolment(deps, await tokenOf(deps, ADMIN));
    const { secret } = started.body as unknown as EnrolmentStart;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const pending = deps.staff.items.get(ADMIN);
    expect(pending?.pendingTotpSecretSealed).toBeDefined();
    expect(JSON.stringify(pending)).not.toContain(secret);

    const { secret: enrolled } = await enrol(deps, ADMIN);
    const stored = deps.staff.items.get(ADMIN);
    expect(stored).toMatchObject({ totpSecretSealed: expect.any(String) });
    expect(stored).not.toHaveProperty('totpSecret');
    expect(stored).not.toHaveProperty('pendingTotpSecretSealed');
    expect(JSON.stringify([...deps.staff.items.values()])).not.toContain(enrolled);
    // Sealed for this account: it opens to the secret the app was given.
    expect(await deps.totpSealer.open(stored?.totpSecretSealed ?? '', { account: ADMIN })).toBe(enrolled);
  });

  it('opens the sealed secret to confirm the enrolment and to check a sign-in code', async () => {
    const deps = fakeDeps();
    addAccount(deps, ADMIN, 'admin');
    const { secret } = await enrol(deps, ADMIN);
    expect(deps.totpSealer.opened).toBe(1);
    deps.clock.advance(30_000);
    expect(
      (await login(deps, ADMIN, { code: totpOf(ADMIN, secret).generate({ timestamp: deps.clock.now() }) })).status,
    ).toBe(200);
    expect(deps.totpSealer.opened).toBe(2);
    // A malformed code, a recovery code and no code at all open nothing.
    await login(deps, ADMIN, { code: 'not-a-code' });
    await login(deps, ADMIN);
    expect(deps.totpSealer.opened).toBe(2);
  });

  it("does not open a sealed secret copied to another account: its owner's codes sign nobody else in", async () => {
    const deps = fakeDeps();
    addAccount(deps, ADMIN, 'admin');
    addAccount(deps, OTHER, 'staff');
    const { secret } = await enrol(deps, ADMIN);
    await enrol(deps, OTHER);
    const other = deps.staff.items.get(OTHER);
    if (other) other.totpSecretSealed = deps.staff.items.get(ADMIN)?.totpSecretSealed;
    await expect(deps.totpSealer.open(other?.totpSecretSealed ?? '', { account: OTHER })).rejects.toThrow();
    deps.clock.advance(30_000);
    const answer = await login(deps, OTHER, { code: totpOf(ADMIN, secret).generate({ timestamp: deps.clock.now() }) });
    expect(answer.status).not.toBe(200);
    expect(typeof answer.body).not.toBe('string');
    expect(deps.staff.items.get(OTHER)?.lastSignInAt).toBeUndefined();
  });

  it('still checks the clear secret of an account enrolled before secrets were sealed, with no key', async () => {
    const deps = fakeDeps();
    const secret = 'JBSWY3DPEHPK3PXP';
    addAccount(deps, OTHER, 'staff', { totpSecret: secret, twoFactorSince: '2026-11-01T00:00:00.000Z' });
    deps.totpSealer.refuse = true;
    expect((await login(deps, OTHER)).body.error).toBe('code_required');
    expect(
      (await login(deps, OTHER, { code: totpOf(OTHER, secret).generate({ timestamp: deps.clock.now() }) })).status,
    ).toBe(200);
  });

  it('changes nothing when the key cannot be reached at the start: no pending secret, no answer with one', async () => {
    const deps = fakeDeps();
    addAccount(deps, ADMIN, 'admin');
    deps.totpSealer.refuse = true;
    const started = await startEnrolment(deps, await tokenOf(deps, ADMIN));
    expect(started.status).toBeGreaterThanOrEqual(500);
    expect(started.body).not.toHaveProperty('secret');
    expect(deps.staff.items.get(ADMIN)).not.toHaveProperty('pendingTotpSecretSealed');
  });
});
