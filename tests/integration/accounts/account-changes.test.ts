/**
 * Changes to one staff account against the DynamoDB emulator: an update sets
 * only the attributes it names, on the revision it read (a change made
 * meanwhile to another attribute is kept, a stale revision is refused); the
 * CLI's commands go through it; an account without a role is refused at
 * sign-in and with the tokens it has, until the CLI gives it one.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatKoreaDate } from '../../../shared/korea-time';
import { announceEndpoints } from '../../../local/run-settings';
import { ensureStaffAccount } from '../../../local/setup';
import type { StaffAccount } from '../../../functions/accounts/staff-account';
import { type TestStack, capturedMail, postJson, signIn, startTestStack } from '../../support/stack';
import { MAIL_GRACE_MS, retryDueMail } from '../../../functions/mail/outbox/mail-delivery';
import { OUTBOX_QUEUES } from '../../../shared/tables';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
  // Lets `npm run staff` find this stack, as it finds a running `npm start`.
  announceEndpoints(stack, stack.dataDir);
});
afterAll(() => stack?.dispose());

const PASSWORD = 'an account change password';

async function stored(email: string): Promise<StaffAccount> {
  const account = await stack.deps.staff.get(email);
  if (!account) throw new Error(`no account ${email}`);
  return account;
}

/** `npm run staff -- ...args` on this stack: its exit code and what it printed. */
async function staffCli(...args: string[]): Promise<{ code: number; out: string }> {
  return staffCliWith({}, ...args);
}

async function staffCliWith(env: Record<string, string>, ...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'local/cli/staff.ts', ...args],
      {
        env: {
          ...process.env,
          DATA_DIR: stack.dataDir,
          STAFF_PASSWORD: `${PASSWORD} changed`,
          TABLE_STAFF: '',
          TABLE_OUTBOX: '',
          SITE_URL: '',
          ...env,
        },
      },
    );
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, out: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('StaffStore.update on DynamoDB', () => {
  it('sets only what it names and moves the revision: a code used meanwhile stays used, a sign-in stays recorded', async () => {
    const email = 'update-race@example.test';
    await ensureStaffAccount(stack.deps.staff, email, PASSWORD);
    await stack.deps.staff.update(
      email,
      { totpSecret: 'JBSWY3DPEHPK3PXP', totpLastStep: 10, recoveryCodeHashes: new Set(['a', 'b']) },
      0,
    );
    const read = await stored(email);
    expect(read.revision).toBe(1);

    // Meanwhile: a code of step 11 and a recovery code are used, a sign-in is recorded (none of them moves the revision).
    expect(await stack.deps.staff.useTotpStep(email, 11)).toBe(true);
    expect(await stack.deps.staff.useRecoveryCode(email, 'a')).toBe(true);
    await stack.deps.staff.recordSignIn(email, '2036-01-01T00:00:00.000Z');

    expect(
      await stack.deps.staff.update(
        email,
        { disabled: true, invitedBy: undefined, tokenVersion: 4 },
        read.revision ?? 0,
      ),
    ).toBe(true);
    const after = await stored(email);
    expect(after).toMatchObject({
      disabled: true,
      tokenVersion: 4,
      revision: 2,
      totpLastStep: 11,
      lastSignInAt: '2036-01-01T00:00:00.000Z',
    });
    expect([...(after.recoveryCodeHashes ?? [])]).toEqual(['b']);
    // The code of step 11 cannot be used again, as it could if the account read before had been written back whole.
    expect(await stack.deps.staff.useTotpStep(email, 11)).toBe(false);
  });

  it('refuses a stale revision and changes nothing; removes what it names as undefined', async () => {
    const email = 'update-stale@example.test';
    await ensureStaffAccount(stack.deps.staff, email, PASSWORD);
    const first = await stored(email);
    expect(
      await stack.deps.staff.update(email, { role: 'staff', pendingTotpSecretSealed: 'ABC' }, first.revision ?? 0),
    ).toBe(true);
    const second = await stored(email);

    // A change from what was read first: someone changed the account since.
    expect(await stack.deps.staff.update(email, { role: 'editor', disabled: true }, first.revision ?? 0)).toBe(false);
    expect(await stored(email)).toEqual(second);

    expect(await stack.deps.staff.update(email, { pendingTotpSecretSealed: undefined }, second.revision ?? 0)).toBe(
      true,
    );
    expect(await stored(email)).toEqual({
      ...second,
      pendingTotpSecretSealed: undefined,
      revision: (second.revision ?? 0) + 1,
    });
    expect(Object.keys(await stored(email))).not.toContain('pendingTotpSecretSealed');
  });

  it('never makes an account', async () => {
    expect(await stack.deps.staff.update('nobody-yet@example.test', { role: 'admin' }, 0)).toBe(false);
    expect(await stack.deps.staff.get('nobody-yet@example.test')).toBeUndefined();
  });
});

describe('the profiles staff routes read, on DynamoDB', () => {
  it('hold no credential: one account and the list, of an enrolled account with recovery codes and a pending enrolment link', async () => {
    const email = 'profile-only@example.test';
    await ensureStaffAccount(stack.deps.staff, email, PASSWORD);
    await stack.deps.staff.update(
      email,
      {
        totpSecretSealed: 'sealed',
        totpLastStep: 3,
        twoFactorSince: '2036-01-01T00:00:00.000Z',
        recoveryCodeHashes: new Set(['c']),
        codeFailures: 2,
      },
      0,
    );
    await stack.deps.staff.setEnrolmentLink(email, {
      enrolmentHash: 'hash',
      enrolmentExpiresAt: 1,
      enrolmentMailedAt: 1,
    });
    const whole = await stored(email);
    const credentials = [
      'passwordHash',
      'totpSecretSealed',
      'totpLastStep',
      'recoveryCodeHashes',
      'codeFailures',
      'enrolmentHash',
      'enrolmentExpiresAt',
      'enrolmentMailedAt',
    ];
    for (const name of credentials) expect(Object.keys(whole)).toContain(name);

    const profile = await stack.deps.staff.profile(email);
    const listed = (await stack.deps.staff.list()).find((account) => account.email === email);
    for (const read of [profile, listed]) {
      expect(read).toEqual(Object.fromEntries(Object.entries(whole).filter(([name]) => !credentials.includes(name))));
    }
    expect(await stack.deps.staff.profile('nobody-here@example.test')).toBeUndefined();
  });
});

describe('an account without a role', () => {
  it('is refused at sign-in (after the right password) and with its existing token; the CLI gives it a role', async () => {
    const email = 'before-roles@example.test';
    await ensureStaffAccount(stack.deps.staff, email, PASSWORD);
    const token = await signIn(stack, email, PASSWORD);
    await stack.deps.staff.put({ ...(await stored(email)), role: undefined });

    const refused = await postJson(stack, '/api/login', { data: { email, pass: PASSWORD } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: 'no_role' });
    expect((await postJson(stack, '/api/view', {}, token)).status).toBe(401);
    const today = (await stack.deps.accessLog.readDay(formatKoreaDate(Date.now()), { limit: 500 })).map(
      ({ entry }) => entry,
    );
    expect(today.filter((entry) => entry.actor === email).map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['auth.login.no_role', 'auth.no_role']),
    );

    // passwd keeps no missing role: it asks for one and changes nothing.
    const before = await stored(email);
    const asked = await staffCli('passwd', email);
    expect(asked.code).toBe(2);
    expect(asked.out).toContain('has no role');
    expect(await stored(email)).toEqual(before);

    const given = await staffCli('role', email, '--role', 'staff');
    expect(given).toMatchObject({ code: 0, out: expect.stringContaining(`${email} is now staff`) });
    expect(await stored(email)).toMatchObject({
      role: 'staff',
      tokenVersion: (before.tokenVersion ?? 0) + 1,
      revision: (before.revision ?? 0) + 1,
    });
    expect(await signIn(stack, email, PASSWORD)).toEqual(expect.any(String));
  });
});

describe('npm run staff', () => {
  it('passwd spends a pending invitation: its link goes, and its time to live, so the account stays', async () => {
    const email = 'cli-invited@example.test';
    expect(await staffCli('add', email, '--role', 'staff')).toMatchObject({ code: 0 });
    const added = await stored(email);
    const expiresAt = Math.floor(Date.now() / 1000) + 3_600;
    await stack.deps.staff.update(
      email,
      { passwordHash: '', invitationHash: 'a'.repeat(64), invitationExpiresAt: Date.now() + 60_000, expiresAt },
      added.revision ?? 0,
    );
    expect(await staffCli('passwd', email)).toMatchObject({ code: 0 });
    const after = await stored(email);
    expect(after.passwordHash).not.toBe('');
    expect(after.invitationHash).toBeUndefined();
    expect(after.invitationExpiresAt).toBeUndefined();
    expect(after.expiresAt).toBeUndefined();
  });

  it('changes only what each command changes, moving the revision, and keeps two-factor codes used', async () => {
    const email = 'cli-account@example.test';
    expect(await staffCli('add', email, '--role', 'editor')).toMatchObject({
      code: 0,
      out: expect.stringContaining('as editor'),
    });
    const added = await stored(email);
    expect(added).toMatchObject({ role: 'editor', disabled: false, revision: 1 });
    expect(await staffCli('add', email)).toMatchObject({
      code: 2,
      out: expect.stringContaining('already has an account'),
    });

    await stack.deps.staff.update(email, { totpSecret: 'JBSWY3DPEHPK3PXP' }, 1);
    expect(await stack.deps.staff.useTotpStep(email, 7)).toBe(true);
    expect(await staffCli('disable', email)).toMatchObject({ code: 0 });
    expect(await stored(email)).toMatchObject({
      disabled: true,
      totpLastStep: 7,
      revision: 3,
      tokenVersion: (added.tokenVersion ?? 0) + 1,
    });
    expect(await staffCli('passwd', email)).toMatchObject({ code: 0 });
    const changed = await stored(email);
    expect(changed).toMatchObject({ role: 'editor', disabled: true, totpLastStep: 7, revision: 4 });
    expect(changed.passwordHash).not.toBe(added.passwordHash);
    expect(await staffCli('reset-2fa', email)).toMatchObject({ code: 0 });
    const reset = await stored(email);
    expect(reset).toMatchObject({ revision: 5, passwordHash: changed.passwordHash });
    expect(reset.totpSecret).toBeUndefined();
    expect(reset.totpLastStep).toBeUndefined();
    // The owner is told, as after an admin's reset: the notice waits in the outbox, and the retry job sends it after its grace.
    const later = Date.now() + MAIL_GRACE_MS + 1_000;
    const resetNotice = '[의료관광센터] 2단계 인증이 초기화되었습니다';
    const waiting = await Promise.all(
      (await stack.deps.outbox.due(OUTBOX_QUEUES.due, later, 100)).map((id) => stack.deps.outbox.get(id)),
    );
    expect(
      waiting
        .filter((mail) => mail?.kind === 'notice' && mail.content?.to === email)
        .map((mail) => mail?.content?.subject),
    ).toEqual([resetNotice]);
    await retryDueMail({ ...stack.deps, clock: { now: () => later } });
    const delivered = (await capturedMail(stack)).filter((mail) => mail.destination.to.includes(email));
    expect(delivered.map((mail) => mail.subject)).toEqual([resetNotice]);
    expect(delivered[0]?.body.text).toContain('npm run staff');
    // An account without two-factor has nothing to be told.
    expect(await staffCli('reset-2fa', email)).toMatchObject({
      code: 0,
      out: expect.not.stringContaining('is told by mail'),
    });
    const resetAgain = await stored(email);

    // Against AWS it needs the outbox and the site's address to tell the owner, and refuses before it reads or changes anything.
    const refused = await staffCliWith({ TABLE_STAFF: 'MedicalTourism-prod-StaffTable' }, 'reset-2fa', email);
    expect(refused).toMatchObject({ code: 2, out: expect.stringContaining('set TABLE_OUTBOX and SITE_URL too') });
    expect(await staffCli('disable', email, '--role', 'admin')).toMatchObject({
      code: 2,
      out: expect.stringContaining('--role goes with'),
    });
    expect(await staffCli('role', email)).toMatchObject({ code: 2, out: expect.stringContaining('Give the role') });
    expect(await stored(email)).toEqual(resetAgain);
  });
});
