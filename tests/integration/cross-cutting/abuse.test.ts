/**
 * The attacks the product is proofed against (requests that would stop the
 * local server, sign-in throttling turned against the owner, enquiries posted
 * from other sites, loose e-mail addresses, /image/ paths outside the images
 * bucket, missing security headers, a rewritten access log row, a session
 * outliving a password change), repeated against a running local stack with
 * real requests. Different clients are told apart by the loopback
 * address they connect from (127.0.0.2, 127.0.0.3, ...: Linux routes all of
 * 127/8 to this machine).
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_DEVICE_COOKIE, nextTokenVersion } from '../../../shared/auth';
import { formatKoreaDate } from '../../../shared/korea-time';
import { documentClient } from '../../../functions/platform/wiring/dynamodb-client';
import { dynamoAccessLogStore } from '../../../functions/audit/adapters/dynamodb-access-log';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../../local/stack-names';
import { accessLogDay } from '../../support/access-log';
import { type Answer, requestAnswer } from '../../support/http-answer';
import { STAFF, type TestStack, capturedMail, enquiry, signInWindowClock, startTestStack } from '../../support/stack';

const clock = signInWindowClock();

let stack: TestStack;
let port: number;
/** Taken before any attack: a staff token to count stored enquiries with, and the owner's device cookie. */
let staffToken: string;
let ownerCookie: string;

beforeAll(async () => {
  stack = await startTestStack({ clock });
  port = Number(new URL(stack.url).port);
  const owner = await signIn('127.0.0.9', STAFF.password);
  staffToken = JSON.parse(owner.body) as string;
  ownerCookie = String(owner.headers['set-cookie']).split(';')[0] ?? '';
});
afterAll(() => stack?.dispose());

/** One HTTP request from a chosen loopback address, with exactly the headers given (Host included). */
function send(options: {
  from?: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}): Promise<Answer> {
  return requestAnswer(
    {
      host: '127.0.0.1',
      port,
      localAddress: options.from ?? '127.0.0.1',
      method: options.method ?? 'GET',
      path: options.path,
      headers: { host: `127.0.0.1:${port}`, ...options.headers },
      setHost: false,
    },
    options.body,
  );
}

/** Raw bytes on a socket, for requests an HTTP client would refuse to make; answers the status line. */
function raw(bytes: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''));
    socket.on('error', () => resolve(answer.split('\r\n')[0] ?? 'error'));
    setTimeout(() => socket.end(), 500);
  });
}

const json = (data: unknown) => JSON.stringify({ data });
const signIn = (from: string, pass: string, cookie?: string) =>
  send({
    from,
    method: 'POST',
    path: '/api/login',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: json({ email: STAFF.email, pass }),
  });
const total = async () => {
  const answer = await send({
    method: 'POST',
    path: '/api/view',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${staffToken}` },
    body: '{}',
  });
  expect(answer.status).toBe(200);
  return Number(answer.headers['x-total-count']);
};
const alive = async () => (await send({ path: '/api/amendBest' })).status;

describe('the local server survives any request', () => {
  it.each(['[::1', 'a:99999', '%', 'evil.example', 'rebind.attacker.test:4321'])(
    'refuses Host %j with 421 and keeps serving',
    async (host) => {
      expect((await send({ path: '/', headers: { host } })).status).toBe(421);
      expect((await send({ path: '/api/amendBest', headers: { host } })).status).toBe(421);
      expect(await alive()).toBe(200);
    },
  );

  it('answers 400 to an absolute request target it cannot parse, and to garbage, and keeps serving', async () => {
    expect(await raw(`GET http://[/ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`)).toBe('HTTP/1.1 400 Bad Request');
    expect(await raw('\u0000\u0001 nonsense\r\n\r\n')).toBe('HTTP/1.1 400 Bad Request');
    expect(await alive()).toBe(200);
  });

  it('takes a client that goes away mid-body in its stride', async () => {
    await new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          `POST /api/sendmail HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"data":`,
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 100);
      });
    });
    expect(await alive()).toBe(200);
  });

  it('refuses a foreign Host at the mailbox too (DNS rebinding could read captured mail)', async () => {
    const mailbox = new URL(stack.mailboxUrl);
    const answer = (
      await requestAnswer({ host: '127.0.0.1', port: mailbox.port, path: '/store', headers: { host: 'evil.example' } })
    ).status;
    expect(answer).toBe(421);
    expect((await fetch(`${stack.mailboxUrl}/store`)).status).toBe(200);
  });
});

describe('sign-in throttling cannot be turned against the owner', () => {
  it('keeps the owner able to sign in from another address after 60 wrong tries from one', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 60; i += 1) statuses.push((await signIn('127.0.0.2', `wrong guess ${i}`)).status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(55);
    // The attacker's address waits; the owner elsewhere does not.
    expect((await signIn('127.0.0.2', STAFF.password)).status).toBe(429);
    expect((await signIn('127.0.0.3', STAFF.password)).status).toBe(200);
    // Every failure and refusal is in the access log, with its address: counted, not a row each.
    const day = await accessLogDay(stack.deps.accessLog, formatKoreaDate(clock.now()));
    const fromAttacker = day.filter((entry) => entry.clientAddress === '127.0.0.2');
    const counted = (action: string) => fromAttacker.filter((entry) => entry.action === action);
    expect(counted('auth.login.failed').map(({ actor, count }) => ({ actor, count }))).toEqual([
      { actor: STAFF.email, count: 5 },
    ]);
    expect(counted('auth.login.refused').map(({ actor, count }) => ({ actor, count }))).toEqual([
      { actor: '-', count: 56 },
    ]);
  });

  it("lets the owner's known browser in even while the whole account waits", async () => {
    const first = await signIn('127.0.0.4', STAFF.password);
    const cookie = String(first.headers['set-cookie']).split(';')[0] ?? '';
    expect(cookie.startsWith(`${SIGN_IN_DEVICE_COOKIE}=`)).toBe(true);
    // A wide attack: wrong tries from many addresses until the account as a whole waits.
    for (let client = 10; client < 40; client += 1) {
      for (let i = 0; i < 2; i += 1) await signIn(`127.0.1.${client}`, `wide guess ${client}-${i}`);
    }
    expect((await signIn('127.0.0.5', STAFF.password)).status).toBe(429);
    expect((await signIn('127.0.0.5', STAFF.password, cookie)).status).toBe(200);
  });
});

describe('enquiries only from our own pages', () => {
  const form = new URLSearchParams({
    user_name: 'Cross Site',
    user_email: 'victim@example.test',
    section: '컨시어지',
    user_count: '1',
    user_Room: '1',
    start: '2036-12-10 09:30',
    user_language: 'English',
    consent_privacy: 'on',
  }).toString();

  it('refuses a form post, a no-cors fetch and a beacon from another site, storing and mailing nothing', async () => {
    const before = await total();
    const mails = (await capturedMail(stack)).length;
    const attempts: Record<string, string>[] = [
      {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
      { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' },
      { 'content-type': 'text/plain;charset=UTF-8', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
    ];
    const statuses: number[] = [];
    for (const headers of attempts) {
      const body = (headers['content-type'] ?? '').startsWith('application/x-www')
        ? form
        : json(enquiry({ user_email: 'victim@example.test' }));
      statuses.push((await send({ from: '127.0.0.6', method: 'POST', path: '/api/sendmail', headers, body })).status);
    }
    expect(statuses).toEqual([403, 403, 415, 403]);
    // No Content-Type at all is not read as JSON any more.
    expect((await send({ method: 'POST', path: '/api/sendmail', body: json(enquiry()) })).status).toBe(415);
    expect(await total()).toBe(before);
    expect((await capturedMail(stack)).length).toBe(mails);
  });

  it("takes our own page's form post once, however often it is sent", async () => {
    const before = await total();
    const headers = {
      'content-type': 'application/x-www-form-urlencoded',
      origin: `http://127.0.0.1:${port}`,
      referer: `http://127.0.0.1:${port}/RuPage`,
    };
    const first = await send({ from: '127.0.0.7', method: 'POST', path: '/api/sendmail', headers, body: form });
    const second = await send({ from: '127.0.0.7', method: 'POST', path: '/api/sendmail', headers, body: form });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body).toBe(first.body);
    expect(first.body).toMatch(/<strong id="reference">MT-\d{6}<\/strong>/);
    expect(first.body).toContain('href="/RuPage#contact"');
    expect(await total()).toBe(before + 1);
  });
});

describe('strict e-mail addresses', () => {
  it.each(['a@b', '=?utf-8?q?x?=@b.com', 'a@b.com?bcc=x@evil.test'])(
    'refuses %j and stores nothing',
    async (address) => {
      const before = await total();
      const answer = await send({
        method: 'POST',
        path: '/api/sendmail',
        headers: { 'content-type': 'application/json' },
        body: json(enquiry({ user_email: address })),
      });
      expect(answer.status).toBe(400);
      expect(Object.keys((JSON.parse(answer.body) as { fields: object }).fields)).toEqual(['user_email']);
      expect(await total()).toBe(before);
    },
  );
});

describe('/image/ serves only keys of the images bucket', () => {
  it.each([
    '/image/zz%2F..%2Fbest-1-checkup-popup.webp',
    '/image/..%2Fmt-images%2Fbest-1-checkup-popup.webp',
    '/image/..%2Fmt-exports%2Fx.csv',
    '/image/a%00b.png',
    '/image/incoming/a.png',
  ])('%s answers 400, never a file or a 500', async (path) => {
    const answer = await send({ path });
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('still serves a real image', async () => {
    expect((await send({ path: '/image/best-1-checkup-popup.webp' })).status).toBe(200);
  });
});

describe('security headers on pages and API answers', () => {
  it('sends the CSP, framing and nosniff rules from shared/security-headers.ts', async () => {
    const page = await send({ path: '/KrPage' });
    expect(page.headers['content-security-policy']).toMatch(/default-src 'self'.*frame-ancestors 'none'/);
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const api = await send({ path: '/api/amendBest' });
    expect(api.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
    expect(api.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('the access log', () => {
  it('refuses to write a row whose key exists already (rows are written once, never replaced)', async () => {
    const client = documentClient({
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
      endpoint: stack.emulators.dynamodbEndpoint,
    });
    const log = dynamoAccessLogStore(client, stack.tableNames.accessLog);
    const entry = {
      actor: 'audit@example.test',
      action: 'auth.login' as const,
      target: '-',
      clientAddress: '127.0.0.1',
      requestId: 'r',
      at: Date.now(),
    };
    const put = client.send.bind(client);
    const keys: Record<string, unknown>[] = [];
    // Write the same row twice: the second put carries the first one's key.
    client.send = ((command: { input: { Item?: Record<string, unknown> } }) => {
      if (command.input.Item) {
        if (keys[0]) command.input.Item['at'] = keys[0]['at'];
        keys.push(command.input.Item);
      }
      return put(command as never);
    }) as typeof client.send;
    await log.record(entry);
    await expect(log.record({ ...entry, action: 'auth.logout' })).rejects.toMatchObject({
      name: 'ConditionalCheckFailedException',
    });
    client.send = put;
    const rows = await accessLogDay(log, formatKoreaDate(entry.at));
    expect(rows.filter((row) => row.actor === 'audit@example.test')).toEqual([
      expect.objectContaining({ action: 'auth.login' }),
    ]);
    client.destroy();
  });
});

// Last: it ends every session of the staff account.
describe('tokens', () => {
  const viewWith = (token: string) =>
    send({
      method: 'POST',
      path: '/api/view',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: '{}',
    });

  it('ends a session signed in the same second as a password change, and enabling does not revive it', async () => {
    // The account as a whole waits after the attacks above; the owner's known browser still signs in.
    const token = JSON.parse((await signIn('127.0.0.8', STAFF.password, ownerCookie)).body) as string;
    expect((await viewWith(token)).status).toBe(200);
    const account = await stack.deps.staff.get(STAFF.email);
    if (!account) throw new Error('no account');
    // What `npm run staff -- passwd` does, within the same second as the sign-in.
    await stack.deps.staff.put({ ...account, tokenVersion: nextTokenVersion(account) });
    expect((await viewWith(token)).status).toBe(401);

    const fresh = JSON.parse((await signIn('127.0.0.8', STAFF.password, ownerCookie)).body) as string;
    const current = await stack.deps.staff.get(STAFF.email);
    if (!current) throw new Error('no account');
    await stack.deps.staff.put({ ...current, disabled: true, tokenVersion: nextTokenVersion(current) });
    const disabled = await stack.deps.staff.get(STAFF.email);
    if (!disabled) throw new Error('no account');
    await stack.deps.staff.put({ ...disabled, disabled: false, tokenVersion: nextTokenVersion(disabled) });
    expect((await viewWith(fresh)).status).toBe(401);
  });
});
