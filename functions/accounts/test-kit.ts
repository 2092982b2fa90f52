/**
 * What the accounts tests share: accounts made straight in the fake store,
 * calls through the routes' handlers, tokens, a TOTP of a secret, enrolment
 * through the routes, and the one-time links read back from the mails sent.
 */
import { TOTP } from 'otpauth';
import { expect } from 'vitest';
import { type EnrolmentDone, type EnrolmentStart, TOTP_PARAMETERS } from '../../shared/accounts/accounts';
import type { StaffRole } from '../../shared/auth';
import type { RouteName } from '../../shared/routes';
import { type FakeDeps, apiEvent, jsonPost } from '../../tests/support/fakes';
import { HANDLER_FACTORIES } from '../features';
import { signStaffToken } from './staff-auth/staff-tokens';
import type { StaffAccount } from './staff-account';
import { hashPassword } from './passwords/passwords';

export const ADMIN = 'admin@centre.example';
export const PASSWORD = 'a long enough password';
const passwordHash = await hashPassword(PASSWORD);
export function addAccount(deps: FakeDeps, email: string, role: StaffRole, extra: Partial<StaffAccount> = {}) {
  const at = new Date(deps.clock.now()).toISOString();
  deps.staff.items.set(email, {
    email,
    passwordHash,
    disabled: false,
    role,
    createdAt: at,
    updatedAt: at,
    tokenVersion: 0,
    ...extra,
  });
}

export async function tokenOf(deps: FakeDeps, email: string): Promise<string> {
  const account = await deps.staff.get(email);
  return signStaffToken(deps.settings, email, account?.tokenVersion ?? 0, deps.clock.now(), account?.role ?? 'admin');
}

/** Calls a route through its handler: a JSON post of `{ data }`, or a GET. */
export async function call(
  deps: FakeDeps,
  name: RouteName,
  options: { token?: string; data?: unknown; sourceIp?: string; headers?: Record<string, string> } = {},
) {
  const path = { accounts: '/api/accounts', twoFactor: '/api/two-factor', logout: '/api/logout' }[name as string];
  const headers = { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers };
  const event = path
    ? apiEvent({ method: 'GET', path, headers, ...(options.sourceIp ? { sourceIp: options.sourceIp } : {}) })
    : jsonPost(routePath(name), options.data ?? {}, {
        headers,
        ...(options.sourceIp ? { sourceIp: options.sourceIp } : {}),
      });
  const response = await HANDLER_FACTORIES[name](deps)(event);
  return {
    status: response.statusCode,
    body: JSON.parse(String(response.body || 'null')) as Record<string, unknown> & { error?: string },
  };
}

function routePath(name: RouteName): string {
  const paths: Partial<Record<RouteName, string>> = {
    invite: '/api/accounts/invite',
    changeAccount: '/api/accounts/change',
    twoFactorPolicy: '/api/accounts/policy',
    welcome: '/api/welcome',
    enrolLink: '/api/enrol',
    startTwoFactor: '/api/two-factor/start',
    confirmTwoFactor: '/api/two-factor/confirm',
    login: '/api/login',
    view: '/api/view',
  };
  return paths[name] ?? `/api/${name}`;
}

/** A one-time link's token, read back from the last mail to the address that holds such a link (`/welcome#` or `/enrol#`). */
export function linkTokenIn(deps: FakeDeps, email: string, page: 'welcome' | 'enrol' = 'welcome'): string {
  const pattern = new RegExp(`/${page}#([\\w.-]+)`);
  const mail = [...deps.mailer.sent].reverse().find((sent) => sent.to === email && pattern.test(sent.text));
  const match = pattern.exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no ${page} mail to ${email}`);
  return match[1];
}

export const invitationTokenIn = (deps: FakeDeps, email: string) => linkTokenIn(deps, email, 'welcome');

export const totpOf = (email: string, secret: string) =>
  new TOTP({
    label: email,
    secret,
    algorithm: TOTP_PARAMETERS.algorithm,
    digits: TOTP_PARAMETERS.digits,
    period: TOTP_PARAMETERS.period,
  });

/** Starts enrolment as the token's account, with its password (an enrolment link's session needs none, and sends it unread). */
export const startEnrolment = (deps: FakeDeps, token: string, password = PASSWORD) =>
  call(deps, 'startTwoFactor', { token, data: { password } });

/** Enrols an account through the routes; its secret and recovery codes. */
export async function enrol(
  deps: FakeDeps,
  email: string,
  token?: string,
): Promise<{ secret: string; done: EnrolmentDone }> {
  const bearer = token ?? (await tokenOf(deps, email));
  const started = await startEnrolment(deps, bearer);
  expect(started.status).toBe(200);
  const { secret, uri, qr } = started.body as unknown as EnrolmentStart;
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  expect(uri).toContain(`secret=${secret}`);
  expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
  const code = totpOf(email, secret).generate({ timestamp: deps.clock.now() });
  const confirmed = await call(deps, 'confirmTwoFactor', { token: bearer, data: { code } });
  expect(confirmed.status).toBe(200);
  return { secret, done: confirmed.body as unknown as EnrolmentDone };
}

export const login = (deps: FakeDeps, email: string, extra: { pass?: string; code?: string; sourceIp?: string } = {}) =>
  call(deps, 'login', {
    data: { email, pass: extra.pass ?? PASSWORD, ...(extra.code !== undefined ? { code: extra.code } : {}) },
    ...(extra.sourceIp ? { sourceIp: extra.sourceIp } : {}),
  });
