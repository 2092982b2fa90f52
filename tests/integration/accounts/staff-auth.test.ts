import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatKoreaDate } from '../../../shared/korea-time';
import { ensureStaffAccount } from '../../../local/setup';
import { STAFF, type TestStack, postJson, signIn, signInWindowClock, startTestStack } from '../../support/stack';
import { accessLogDay } from '../../support/access-log';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({
    clock: signInWindowClock(),
    env: { LOGIN_FAILURES_PER_ACCOUNT: '3', LOGIN_FAILURES_PER_ADDRESS: '50' },
  });
});
afterAll(() => stack.dispose());

// Every staff route against every token state and role: token-matrix.test.ts.

describe('POST /api/login', () => {
  it('answers the token as a JSON string: HS256 with issuer, audience, 8-hour expiry and a unique id', async () => {
    const token = await signIn(stack);
    const [header, payload] = token
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header.alg).toBe('HS256');
    expect(payload).toMatchObject({
      sub: STAFF.email,
      iss: expect.any(String),
      aud: expect.any(String),
      jti: expect.any(String),
    });
    expect(payload.exp - payload.iat).toBe(8 * 60 * 60);
    const again = await signIn(stack);
    expect(JSON.parse(Buffer.from(again.split('.')[1] ?? '', 'base64url').toString()).jti).not.toBe(payload.jti);
  });

  it('accepts the e-mail in any case', async () => {
    expect(await signIn(stack, STAFF.email.toUpperCase())).toEqual(expect.any(String));
  });

  it('gives an unknown e-mail and a wrong password the same answer', async () => {
    const unknown = await postJson(stack, '/api/login', {
      data: { email: 'nobody@example.test', pass: 'whatever-password' },
    });
    const wrong = await postJson(stack, '/api/login', { data: { email: STAFF.email, pass: 'wrong password!' } });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(await unknown.json()).toEqual(await wrong.json());
  });

  it('refuses a payload without e-mail or password with 400', async () => {
    const response = await postJson(stack, '/api/login', { data: { email: STAFF.email } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fields: Record<string, string> }).fields).toHaveProperty('pass');
  });

  it('makes an account wait after repeated failures, even with the right password then', async () => {
    const email = 'throttled@example.test';
    await ensureStaffAccount(stack.deps.staff, email, 'the right password 123');
    for (let i = 0; i < 3; i += 1) {
      expect((await postJson(stack, '/api/login', { data: { email, pass: `wrong ${i}` } })).status).toBe(401);
    }
    const locked = await postJson(stack, '/api/login', { data: { email, pass: 'the right password 123' } });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account from the same address is not locked out by it.
    expect(await signIn(stack)).toEqual(expect.any(String));
  });

  it('refuses a disabled account, and its existing tokens stop working', async () => {
    const email = 'leaver@example.test';
    await ensureStaffAccount(stack.deps.staff, email, 'leaver password 123');
    const token = await signIn(stack, email, 'leaver password 123');
    expect((await postJson(stack, '/api/view', {}, token)).status).toBe(200);
    const account = await stack.deps.staff.get(email);
    if (!account) throw new Error('account missing');
    await stack.deps.staff.put({ ...account, disabled: true });
    expect((await postJson(stack, '/api/view', {}, token)).status).toBe(401);
    expect((await postJson(stack, '/api/login', { data: { email, pass: 'leaver password 123' } })).status).toBe(401);
  });
});

describe('the access log', () => {
  it('records who read which enquiry, when and from which address', async () => {
    const token = await signIn(stack);
    await postJson(stack, '/api/sendmail', {
      data: { user_name: 'Logged', user_email: 'l@example.test', section: '통역예약', consent_privacy: true },
    });
    const list = (await (await postJson(stack, '/api/view', { limit: 1 }, token)).json()) as { POST_INDEX: number }[];
    const index = list[0]?.POST_INDEX;
    await fetch(`${stack.url}/api/detail/${index}`, { headers: { authorization: `Bearer ${token}` } });
    // The stack's clock, not the wall clock: it runs up to a quarter hour ahead (signInWindowClock), so near Korean midnight its rows are on the next day.
    const entries = await accessLogDay(stack.deps.accessLog, formatKoreaDate(stack.deps.clock.now()));
    const read = entries.find((entry) => entry.action === 'enquiry.read' && entry.target === String(index));
    expect(read).toMatchObject({ actor: STAFF.email, clientAddress: expect.stringMatching(/127\.0\.0\.1/) });
    expect(entries.some((entry) => entry.action === 'enquiry.list' && entry.target.includes(String(index)))).toBe(true);
    expect(entries.some((entry) => entry.action === 'auth.login')).toBe(true);
  });
});
