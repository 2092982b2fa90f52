import { describe, expect, it } from 'vitest';
import type { StaffAccount } from '../staff-account';
import { fakeDeps } from '../../../tests/support/fakes';
import { changedAttributes, updateAccount } from './account-update';
import { changeAccount } from './staff-accounts';
import { withoutTwoFactor } from '../two-factor/two-factor';

const AT = '2026-11-22T10:00:00.000Z';
const account: StaffAccount = {
  email: 'anna@centre.example',
  passwordHash: 'hash',
  disabled: false,
  role: 'staff',
  createdAt: AT,
  updatedAt: AT,
  tokenVersion: 2,
  revision: 3,
  totpSecret: 'SECRET',
  totpLastStep: 40,
  codeFailures: 2,
};

describe('changedAttributes', () => {
  it('names what has another value and what is named as undefined, never the key or the revision', () => {
    expect(changedAttributes(account, { ...account, disabled: true, tokenVersion: 3, revision: 9 })).toEqual({
      disabled: true,
      tokenVersion: 3,
    });
    // Two-factor off names every attribute it clears, even one the account read did not have.
    const off = changedAttributes(account, withoutTwoFactor(account));
    expect(Object.keys(off).sort()).toEqual([
      'codeFailures',
      'pendingTotpSecretSealed',
      'recoveryCodeHashes',
      'totpLastStep',
      'totpSecret',
      'totpSecretSealed',
      'twoFactorSince',
    ]);
    expect(Object.values(off).every((value) => value === undefined)).toBe(true);
    expect(changedAttributes(account, { ...account })).toEqual({});
  });
});

describe('updateAccount', () => {
  it('writes only the change on the revision read: what came in meanwhile stays, a stale read is refused', async () => {
    const deps = fakeDeps();
    deps.staff.items.set(account.email, structuredClone(account));
    const read = structuredClone(account);
    // Meanwhile a sign-in uses the code of step 41 (no revision moves).
    expect(await deps.staff.useTotpStep(account.email, 41)).toBe(true);

    expect(await updateAccount(deps.staff, read, { ...read, disabled: true })).toBe(true);
    expect(deps.staff.items.get(account.email)).toMatchObject({ disabled: true, totpLastStep: 41, revision: 4 });
    expect(await deps.staff.useTotpStep(account.email, 41)).toBe(false);

    expect(await updateAccount(deps.staff, read, { ...read, role: 'editor' })).toBe(false);
    expect(deps.staff.items.get(account.email)).toMatchObject({ role: 'staff', revision: 4 });
  });

  it("is how an admin's change is written: a code used while the admin looked is not made usable again", async () => {
    const deps = fakeDeps();
    deps.staff.items.set(account.email, structuredClone(account));
    deps.staff.items.set('admin@centre.example', {
      ...structuredClone(account),
      email: 'admin@centre.example',
      role: 'admin',
    });
    const list = deps.staff.list.bind(deps.staff);
    // The code of step 41 is used between the admin's read and write.
    deps.staff.list = async () => {
      const accounts = await list();
      await deps.staff.useTotpStep(account.email, 41);
      return accounts;
    };
    await changeAccount(deps, 'admin@centre.example', { email: account.email, action: 'role', role: 'editor' });
    expect(deps.staff.items.get(account.email)).toMatchObject({
      role: 'editor',
      totpLastStep: 41,
      tokenVersion: 3,
      revision: 4,
    });
  });
});
