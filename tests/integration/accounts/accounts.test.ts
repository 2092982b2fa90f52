/**
 * Staff accounts, invitations and two-factor sign-in against the local stack
 * (DynamoDB and SES emulators): the invitation mail read back from the
 * mailbox, its link used once, wrong or expired; TOTP enrolment with codes
 * computed here with the same library; wrong and reused codes; recovery
 * codes used once; throttled codes; the policy; the last active admin; the
 * token version on disable, enable and role change.
 */
import { TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountsAnswer,
  type EnrolmentDone,
  type EnrolmentStart,
  TOTP_PARAMETERS,
} from '../../../shared/accounts/accounts';
import { signStaffToken } from '../../../functions/accounts/staff-auth/staff-tokens';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../../functions/platform/wiring/dynamodb-client';
import { SERVICE_UP } from '../../../local/faults/faults';
import {
  STAFF,
  type TestStack,
  capturedMail,
  getWithToken,
  postJson,
  signIn,
  startTestStack,
} from '../../support/stack';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ env: { LOGIN_FAILURES_PER_ACCOUNT: '4', LOGIN_FAILURES_PER_ADDRESS: '100' } });
});
afterAll(() => stack?.dispose());

const PASSWORD = 'a new member password';

const totpOf = (email: string, secret: string) =>
  new TOTP({
    label: email,
    secret,
    algorithm: TOTP_PARAMETERS.algorithm,
    digits: TOTP_PARAMETERS.digits,
    period: TOTP_PARAMETERS.period,
  });
/** The code of the time step `steps` from now (one step either side is accepted). */
const codeAt = (email: string, secret: string, steps = 0) =>
  totpOf(email, secret).generate({ timestamp: Date.now() + steps * TOTP_PARAMETERS.period * 1000 });

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

async function invite(token: string, email: string, role = 'staff'): Promise<Response> {
  return postJson(stack, '/api/accounts/invite', { data: { email, role } }, token);
}

/** The token of the newest one-time link (an invitation's, an enrolment's) mailed to `email`, from the SES emulator's mailbox. */
async function linkToken(email: string, page: 'welcome' | 'enrol' = 'welcome'): Promise<string> {
  const pattern = new RegExp(`${stack.url.replace(/[.:/]/g, '\\$&')}/${page}#([\\w.-]+)`);
  const mails = (await capturedMail(stack)).filter(
    (mail) => mail.destination.to.includes(email) && pattern.test(mail.body.text ?? ''),
  );
  const text = mails.at(-1)?.body.text ?? '';
  const match = pattern.exec(text);
  if (!match?.[1]) throw new Error(`no ${page} link to ${email}`);
  return match[1];
}

const invitationToken = (email: string) => linkToken(email, 'welcome');

const welcome = (token: string, password = PASSWORD) => postJson(stack, '/api/welcome', { data: { token, password } });
const login = (email: string, pass: string, code?: string) =>
  postJson(stack, '/api/login', { data: { email, pass, ...(code ? { code } : {}) } });

/** Enrols the token's account (the start with its password, which an enrolment link's session sends unread). */
async function enrol(
  token: string,
  email: string,
  password = PASSWORD,
): Promise<{ secret: string; done: EnrolmentDone }> {
  const started = await postJson(stack, '/api/two-factor/start', { data: { password } }, token);
  expect(started.status).toBe(200);
  const { secret, qr } = await json<EnrolmentStart>(started);
  expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
  const confirmed = await postJson(stack, '/api/two-factor/confirm', { data: { code: codeAt(email, secret) } }, token);
  expect(confirmed.status).toBe(200);
  return { secret, done: await json<EnrolmentDone>(confirmed) };
}

/** A member invited and welcomed: their session token. */
async function newMember(admin: string, email: string, role = 'staff'): Promise<string> {
  expect((await invite(admin, email, role)).status).toBe(200);
  const accepted = await welcome(await invitationToken(email));
  expect(accepted.status).toBe(200);
  return json<string>(accepted);
}

describe('invitations', () => {
  it('holds nothing that accepts an invitation while its mail waits for SES: the words are sealed in the outbox', async () => {
    const admin = await signIn(stack);
    const email = 'waiting@example.test';
    await stack.faults.set('ses', { mode: 'refuse' });
    let invited: Response;
    try {
      invited = await invite(admin, email);
    } finally {
      await stack.faults.set('ses', SERVICE_UP);
    }
    expect(await json(invited)).toMatchObject({ mail: 'pending' });
    // Whoever can read every table tries each string they hold as the link's token, and with the address in front.
    const db = documentClient({
      region: stack.aws.region,
      credentials: stack.aws.credentials,
      endpoint: stack.aws.endpoints?.dynamodb,
    });
    const strings = new Set<string>();
    try {
      for (const table of Object.values(stack.tableNames)) {
        const { Items: items = [] } = await db.send(new ScanCommand({ TableName: table }));
        const text = JSON.stringify(items);
        expect(text, table).not.toMatch(/welcome#/);
        for (const match of text.matchAll(/"((?:[^"\\]|\\.)*)"/g)) strings.add(match[1] ?? '');
      }
    } finally {
      db.destroy();
    }
    const address = Buffer.from(email).toString('base64url');
    const candidates = [...strings].flatMap((text) => [text, `${address}.${text}`]);
    expect(candidates.length).toBeGreaterThan(20);
    for (const candidate of candidates)
      expect((await json<{ error: string }>(await welcome(candidate))).error).toMatch(
        /^(invalid_invitation|invalid_input)$/,
      );
    expect(await stack.deps.staff.get(email)).toMatchObject({ passwordHash: '' });
  });

  it('mails a one-time link (24 hours) that sets the password once', async () => {
    const admin = await signIn(stack);
    const email = 'invited@example.test';
    const invited = await invite(admin, email, 'editor');
    expect(invited.status).toBe(200);
    expect(await json(invited)).toMatchObject({ account: { email, role: 'editor', state: 'invited' }, mail: 'sent' });
    const mail = (await capturedMail(stack)).filter((candidate) => candidate.destination.to.includes(email)).at(-1);
    expect(mail?.subject).toBe('[의료관광센터] 관리자 화면 초대');
    const token = await invitationToken(email);
    // Only a hash is stored, and the sent mail's words are gone: nothing any table holds accepts the invitation.
    const stored = await stack.deps.staff.get(email);
    expect(JSON.stringify(stored)).not.toContain(token.split('.')[1]);
    const db = documentClient({
      region: stack.aws.region,
      credentials: stack.aws.credentials,
      endpoint: stack.aws.endpoints?.dynamodb,
    });
    try {
      for (const table of Object.values(stack.tableNames)) {
        const { Items: items = [] } = await db.send(new ScanCommand({ TableName: table }));
        expect(JSON.stringify(items), table).not.toContain(token.split('.')[1]);
      }
    } finally {
      db.destroy();
    }
    expect((stored?.invitationExpiresAt ?? 0) - Date.now()).toBeGreaterThan(23.9 * 60 * 60 * 1000);

    expect((await login(email, PASSWORD)).status).toBe(401);
    const accepted = await welcome(token);
    expect(accepted.status).toBe(200);
    const session = await json<string>(accepted);
    expect(
      (await postJson(stack, '/api/fileupload', { data: { contentType: 'image/png', size: 100 } }, session)).status,
    ).toBe(200);
    const again = await welcome(token, 'another password 123');
    expect(again.status).toBe(400);
    expect((await json<{ error: string }>(again)).error).toBe('invalid_invitation');
    expect((await login(email, PASSWORD)).status).toBe(200);
    expect((await login(email, 'another password 123')).status).toBe(401);
  });

  it('refuses a wrong token and an expired one', async () => {
    const admin = await signIn(stack);
    const email = 'late@example.test';
    await invite(admin, email);
    const token = await invitationToken(email);
    const [address] = token.split('.');
    expect((await json<{ error: string }>(await welcome(`${address}.${'x'.repeat(43)}`))).error).toBe(
      'invalid_invitation',
    );
    const stored = await stack.deps.staff.get(email);
    if (!stored) throw new Error('invited account missing');
    await stack.deps.staff.put({ ...stored, invitationExpiresAt: Date.now() - 1 });
    expect((await json<{ error: string }>(await welcome(token))).error).toBe('invalid_invitation');
    // A new invitation gives a new link that works.
    await invite(admin, email);
    const fresh = await invitationToken(email);
    expect(fresh).not.toBe(token);
    expect((await welcome(fresh)).status).toBe(200);
  });

  it('refuses a post from another site', async () => {
    const response = await fetch(`${stack.url}/api/welcome`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://elsewhere.example' },
      body: JSON.stringify({ data: { token: `YWJjZA.${'x'.repeat(43)}`, password: PASSWORD } }),
    });
    expect(response.status).toBe(403);
  });
});

describe('two-factor sign-in', () => {
  it('enrols from a secret, then asks for a code: wrong and reused codes refused, recovery codes once each', async () => {
    const admin = await signIn(stack);
    const email = 'twofactor@example.test';
    const session = await newMember(admin, email);
    const { secret, done } = await enrol(session, email);
    expect(done.recoveryCodes).toHaveLength(10);
    // Two-factor on ends the sessions signed in with the password alone; the new token goes on.
    expect((await postJson(stack, '/api/view', {}, session)).status).toBe(401);
    expect((await postJson(stack, '/api/view', {}, done.token)).status).toBe(200);

    const asked = await login(email, PASSWORD);
    expect(asked.status).toBe(401);
    expect((await json<{ error: string }>(asked)).error).toBe('code_required');
    expect(
      (await json<{ error: string }>(await login(email, 'wrong password 123', codeAt(email, secret, 1)))).error,
    ).toBe('invalid_credentials');
    expect((await json<{ error: string }>(await login(email, PASSWORD, '000000'))).error).toBe('invalid_code');
    // Wrong codes in a row are counted on the account (no time window), and an accepted code clears the count.
    expect((await stack.deps.staff.get(email))?.codeFailures).toBe(1);
    // The step that confirmed enrolment is spent; the next one signs in, once.
    const next = codeAt(email, secret, 1);
    expect((await login(email, PASSWORD, next)).status).toBe(200);
    expect((await stack.deps.staff.get(email))?.codeFailures).toBeUndefined();
    expect((await json<{ error: string }>(await login(email, PASSWORD, next))).error).toBe('invalid_code');

    const [recovery = ''] = done.recoveryCodes;
    expect((await login(email, PASSWORD, recovery)).status).toBe(200);
    expect((await json<{ error: string }>(await login(email, PASSWORD, recovery))).error).toBe('invalid_code');
    const status = await json<{ recoveryCodesLeft: number }>(await getWithToken(stack, '/api/two-factor', done.token));
    expect(status.recoveryCodesLeft).toBe(9);

    const accounts = await json<AccountsAnswer>(await getWithToken(stack, '/api/accounts', admin));
    expect(accounts.accounts.find((account) => account.email === email)).toMatchObject({
      twoFactor: true,
      state: 'active',
      lastSignInAt: expect.any(String),
    });
  });

  it('keeps the secret sealed: the staff table holds no base32 secret after enrolment, and a sealed secret opens for its own account only', async () => {
    const admin = await signIn(stack);
    const email = 'sealed@example.test';
    const { secret } = await enrol(await newMember(admin, email), email);
    const db = documentClient({
      region: stack.aws.region,
      credentials: stack.aws.credentials,
      endpoint: stack.aws.endpoints?.dynamodb,
    });
    try {
      const { Items: items = [] } = await db.send(new ScanCommand({ TableName: stack.tableNames.staff }));
      const scanned = JSON.stringify(items);
      expect(scanned).toContain('totpSecretSealed');
      expect(scanned).not.toContain(secret);
      // No 32-letter base32 run anywhere (a TOTP secret of 160 bits), clear or in a leftover attribute.
      expect(scanned).not.toMatch(/(?<![A-Za-z0-9+/])[A-Z2-7]{32}(?![A-Za-z0-9+/=])/);
    } finally {
      db.destroy();
    }
    const sealed = (await stack.deps.staff.get(email))?.totpSecretSealed ?? '';
    expect(await stack.deps.totpSealer.open(sealed, { account: email })).toBe(secret);
    await expect(stack.deps.totpSealer.open(sealed, { account: STAFF.email })).rejects.toThrow();
  });

  it('throttles codes like passwords', async () => {
    const admin = await signIn(stack);
    const email = 'guessed@example.test';
    const { secret } = await enrol(await newMember(admin, email), email);
    for (let i = 0; i < 4; i += 1) expect((await login(email, PASSWORD, String(100000 + i))).status).toBe(401);
    const limited = await login(email, PASSWORD, codeAt(email, secret, 1));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('an admin resets it: secret and recovery codes gone, sessions ended, the password alone signs in again', async () => {
    const admin = await signIn(stack);
    const email = 'lostphone@example.test';
    const { done } = await enrol(await newMember(admin, email), email);
    const reset = await postJson(stack, '/api/accounts/change', { data: { email, action: 'resetTwoFactor' } }, admin);
    expect(reset.status).toBe(200);
    expect((await postJson(stack, '/api/view', {}, done.token)).status).toBe(401);
    const stored = await stack.deps.staff.get(email);
    expect(stored?.totpSecretSealed).toBeUndefined();
    expect(stored?.recoveryCodeHashes).toBeUndefined();
    expect((await login(email, PASSWORD)).status).toBe(200);
  });
});

describe('account changes', () => {
  it('keeps the last active admin, and lets an admin go once there is another', async () => {
    const admin = await signIn(stack);
    for (const data of [
      { email: STAFF.email, action: 'disable' },
      { email: STAFF.email, action: 'role', role: 'editor' },
    ]) {
      const refused = await postJson(stack, '/api/accounts/change', { data }, admin);
      expect(refused.status).toBe(409);
    }
    const second = 'second-admin@example.test';
    const secondToken = await newMember(admin, second, 'admin');
    const demoted = await postJson(
      stack,
      '/api/accounts/change',
      { data: { email: second, action: 'role', role: 'staff' } },
      admin,
    );
    expect(demoted.status).toBe(200);
    expect((await getWithToken(stack, '/api/accounts', secondToken)).status).toBe(401);
    const promoted = await postJson(
      stack,
      '/api/accounts/change',
      { data: { email: second, action: 'role', role: 'admin' } },
      admin,
    );
    expect(promoted.status).toBe(200);
    const again = await signIn(stack, second, PASSWORD);
    // Now the first admin may be disabled by the second, and enabled again.
    expect(
      (await postJson(stack, '/api/accounts/change', { data: { email: STAFF.email, action: 'disable' } }, again))
        .status,
    ).toBe(200);
    expect(
      (await postJson(stack, '/api/accounts/change', { data: { email: STAFF.email, action: 'enable' } }, again)).status,
    ).toBe(200);
  });

  it('ends sessions on disable, enable and role change, a token signed in the same second included', async () => {
    const admin = await signIn(stack);
    const email = 'moving@example.test';
    const before = await newMember(admin, email);
    expect((await postJson(stack, '/api/view', {}, before)).status).toBe(200);
    expect((await postJson(stack, '/api/accounts/change', { data: { email, action: 'disable' } }, admin)).status).toBe(
      200,
    );
    const secret = stack.settings['TOKEN_SECRET'] ?? '';
    const settings = {
      TOKEN_SECRET: secret,
      TOKEN_ISSUER: stack.settings['TOKEN_ISSUER'] ?? 'medical-tourism-centre',
      TOKEN_AUDIENCE: stack.settings['TOKEN_AUDIENCE'] ?? 'medical-tourism-staff',
    };
    const stale = await signStaffToken(settings, email, 0, Date.now(), 'staff');
    expect((await postJson(stack, '/api/view', {}, before)).status).toBe(401);
    expect((await postJson(stack, '/api/view', {}, stale)).status).toBe(401);
    expect((await login(email, PASSWORD)).status).toBe(401);

    expect((await postJson(stack, '/api/accounts/change', { data: { email, action: 'enable' } }, admin)).status).toBe(
      200,
    );
    expect((await postJson(stack, '/api/view', {}, before)).status).toBe(401);
    expect((await postJson(stack, '/api/view', {}, stale)).status).toBe(401);
    const after = await signIn(stack, email, PASSWORD);
    expect((await postJson(stack, '/api/view', {}, after)).status).toBe(200);

    expect(
      (await postJson(stack, '/api/accounts/change', { data: { email, action: 'role', role: 'editor' } }, admin))
        .status,
    ).toBe(200);
    expect((await postJson(stack, '/api/view', {}, after)).status).toBe(401);
    const asEditor = await signIn(stack, email, PASSWORD);
    expect((await postJson(stack, '/api/view', {}, asEditor)).status).toBe(403);
    expect((await getWithToken(stack, '/api/accounts', asEditor)).status).toBe(403);
  });

  it('answers 400 for bad input, and only admins may use the accounts routes', async () => {
    const admin = await signIn(stack);
    const bad = await postJson(stack, '/api/accounts/change', { data: { email: 'x', action: 'explode' } }, admin);
    expect(bad.status).toBe(400);
    const member = await newMember(admin, 'plain-staff@example.test');
    expect((await getWithToken(stack, '/api/accounts', member)).status).toBe(403);
    expect((await invite(member, 'friend@example.test')).status).toBe(403);
    expect((await postJson(stack, '/api/accounts/policy', { data: { requireTwoFactor: false } }, member)).status).toBe(
      403,
    );
  });
});

describe('the two-factor policy', () => {
  it('once required, an account without two-factor may only enrol, then works as before', async () => {
    const admin = await signIn(stack);
    // The admin who requires it enrols first.
    const { done: adminDone } = await enrol(admin, STAFF.email, STAFF.password);
    const email = 'policy@example.test';
    const early = await newMember(adminDone.token, email);
    expect(
      (await postJson(stack, '/api/accounts/policy', { data: { requireTwoFactor: true } }, adminDone.token)).status,
    ).toBe(200);
    try {
      // An open session of an account without two-factor is held to enrolment at once.
      const held = await postJson(stack, '/api/view', {}, early);
      expect(held.status).toBe(403);
      expect((await json<{ error: string }>(held)).error).toBe('two_factor_required');
      // A new sign-in gives no token but mails a one-time link; the link and the password again give a token that opens only enrolment.
      const refused = await login(email, PASSWORD);
      expect(refused.status).toBe(403);
      expect((await json<{ error: string }>(refused)).error).toBe('enrolment_mailed');
      const link = await linkToken(email, 'enrol');
      const opened = await postJson(stack, '/api/enrol', { data: { token: link, password: PASSWORD } });
      expect(opened.status).toBe(200);
      const enrolOnly = await json<string>(opened);
      expect(JSON.parse(Buffer.from(enrolOnly.split('.')[1] ?? '', 'base64url').toString()).scope).toBe('enrol');
      expect((await postJson(stack, '/api/view', {}, enrolOnly)).status).toBe(403);
      expect(await json(await getWithToken(stack, '/api/two-factor', enrolOnly))).toEqual({
        enabled: false,
        required: true,
        recoveryCodesLeft: 0,
        // The link's page took the password: the start does not ask it again.
        startAsksPassword: false,
      });
      const { done } = await enrol(enrolOnly, email);
      expect((await postJson(stack, '/api/view', {}, done.token)).status).toBe(200);
      expect((await postJson(stack, '/api/view', {}, enrolOnly)).status).toBe(401);
      // The owner is told, by a mail of its own.
      expect(
        (await capturedMail(stack)).some(
          (mail) => mail.destination.to.includes(email) && mail.subject.includes('2단계 인증이 켜졌습니다'),
        ),
      ).toBe(true);
    } finally {
      await postJson(stack, '/api/accounts/policy', { data: { requireTwoFactor: false } }, adminDone.token);
    }
    expect((await postJson(stack, '/api/view', {}, early)).status).toBe(401);
  });
});
