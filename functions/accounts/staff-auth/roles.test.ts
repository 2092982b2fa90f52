/**
 * The role matrix: every staff route times every role, through the handlers
 * themselves. Only the roles the route table allows get past the role check
 * (whatever the route then answers to an empty request); the others get 403,
 * and the refusal is in the access log, counted per account and route. No
 * token: 401.
 */
import { describe, expect, it } from 'vitest';
import { STAFF_ROLES, type StaffRole } from '../../../shared/auth';
import { API_ROUTES, roleMayCall } from '../../../shared/routes';
import { HANDLER_FACTORIES } from '../../features';
import { signStaffToken } from './staff-tokens';
import { type FakeDeps, apiEvent, fakeDeps } from '../../../tests/support/fakes';

const STAFF_ROUTES = API_ROUTES.filter((route) => route.access === 'staff');
const concretePath = (path: string) => path.replace(/\{\w+\}/g, '1');

/** A signed-in account of the role in the fake store (`withoutRole`: one from before roles), and its Authorization header. */
async function signedIn(deps: FakeDeps, email: string, role: StaffRole, extra: { withoutRole?: boolean } = {}) {
  const at = new Date(deps.clock.now()).toISOString();
  deps.staff.items.set(email, {
    email,
    passwordHash: 'unused',
    disabled: false,
    ...(extra.withoutRole ? {} : { role }),
    createdAt: at,
    updatedAt: at,
  });
  return { authorization: `Bearer ${await signStaffToken(deps.settings, email, 0, deps.clock.now(), role)}` };
}

async function call(routeName: string, role: StaffRole | undefined) {
  const deps = fakeDeps();
  const route = STAFF_ROUTES.find((candidate) => candidate.name === routeName);
  if (!route) throw new Error(routeName);
  const authorization = role ? await signedIn(deps, `${role}@centre.example`, role) : {};
  const path = concretePath(route.path);
  const event = apiEvent({
    method: route.method,
    path,
    params: Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map((match) => [match[1] ?? '', '1'])),
    headers: {
      ...authorization,
      ...(route.method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    ...(route.method === 'POST' ? { body: '{}' } : {}),
  });
  const response = await HANDLER_FACTORIES[route.name](deps)(event);
  return { status: response.statusCode, log: deps.accessLog.entries };
}

describe('the role matrix', () => {
  for (const route of STAFF_ROUTES) {
    for (const role of STAFF_ROLES) {
      const allowed = roleMayCall(route, role);
      it(`${route.method} ${route.path} as ${role}: ${allowed ? 'allowed' : '403'}`, async () => {
        const { status, log } = await call(route.name, role);
        if (allowed) expect(status).not.toBe(403);
        else {
          expect(status).toBe(403);
          expect(log.map((entry) => entry.action)).toEqual(['auth.forbidden']);
        }
      });
    }
    it(`${route.method} ${route.path} without a token: 401`, async () => {
      expect((await call(route.name, undefined)).status).toBe(401);
    });
  }

  it('gives admins every route, staff the enquiries, editors the BEST 3 packages', () => {
    const may = (role: StaffRole) =>
      STAFF_ROUTES.filter((route) => roleMayCall(route, role)).map((route) => route.name);
    expect(may('admin')).toEqual(STAFF_ROUTES.map((route) => route.name));
    // Besides the packages, every role's own account: two-factor and its password.
    expect(may('editor')).toEqual([
      'logout',
      'fileupload',
      'modalinput',
      'popupinput',
      'twoFactor',
      'startTwoFactor',
      'confirmTwoFactor',
      'changePassword',
    ]);
    // The accounts page and its routes are for admins alone.
    for (const role of ['staff', 'editor'] as const)
      expect(may(role)).not.toEqual(expect.arrayContaining(['accounts']));
    for (const name of ['accounts', 'invite', 'changeAccount', 'twoFactorPolicy']) {
      expect(STAFF_ROUTES.find((route) => route.name === name)?.roles, name).toBeUndefined();
    }
    expect(may('staff')).not.toContain('modalinput');
    expect(may('staff')).toEqual(
      expect.arrayContaining([
        'view',
        'detail',
        'exportCsv',
        'work',
        'owners',
        'note',
        'reply',
        'replyPreview',
        'thread',
        'changePassword',
      ]),
    );
    expect(may('editor')).not.toContain('owners');
  });
});

/** `GET /api/detail/{i}` with the headers: a path made new with every call. */
const detailCall = (i: number, headers: Record<string, string>) =>
  apiEvent({ method: 'GET', path: `/api/detail/${i}`, params: { index: String(i) }, headers });

describe('refused calls in the access log', () => {
  it('counts calls without a valid token on one row per source and route each quarter hour, whatever path parameter or token they send', async () => {
    const deps = fakeDeps();
    const detail = HANDLER_FACTORIES.detail(deps);
    for (let i = 0; i < 1_000; i += 1) {
      const answer = await detail(
        apiEvent({
          method: 'GET',
          path: `/api/detail/${i}`,
          params: { index: String(i) },
          headers: i % 2 ? { authorization: `Bearer forged.${i}` } : {},
        }),
      );
      expect(answer.statusCode).toBe(401);
    }
    expect(deps.accessLog.entries).toEqual([
      expect.objectContaining({ actor: '-', action: 'auth.refused', target: 'GET /api/detail/{index}', count: 1_000 }),
    ]);
    // The next quarter hour starts a row of its own.
    deps.clock.advance(15 * 60_000);
    await detail(apiEvent({ method: 'GET', path: '/api/detail/1', params: { index: '1' } }));
    expect(deps.accessLog.entries.map((entry) => entry.count)).toEqual([1_000, 1]);
  });

  it("counts a signed-in account's forbidden calls on one row under its address and the route's template, whatever path it sends; another account has its own row", async () => {
    const deps = fakeDeps();
    const detail = HANDLER_FACTORIES.detail(deps);
    const editor = await signedIn(deps, 'editor@centre.example', 'editor');
    for (let i = 0; i < 1_000; i += 1) expect((await detail(detailCall(i, editor))).statusCode).toBe(403);
    const other = await signedIn(deps, 'other-editor@centre.example', 'editor');
    expect((await detail(detailCall(7, other))).statusCode).toBe(403);
    expect(deps.accessLog.entries).toEqual([
      expect.objectContaining({
        actor: 'editor@centre.example',
        action: 'auth.forbidden',
        target: 'GET /api/detail/{index}',
        count: 1_000,
      }),
      expect.objectContaining({
        actor: 'other-editor@centre.example',
        action: 'auth.forbidden',
        target: 'GET /api/detail/{index}',
        count: 1,
      }),
    ]);
  });

  it('counts the calls of an account that must enrol first, and of an account without a role, the same way', async () => {
    const deps = fakeDeps({ settings: { REQUIRE_TWO_FACTOR: true } });
    const detail = HANDLER_FACTORIES.detail(deps);
    const enrolling = await signedIn(deps, 'enrolling@centre.example', 'staff');
    const roleless = await signedIn(deps, 'roleless@centre.example', 'admin', { withoutRole: true });
    for (let i = 0; i < 50; i += 1) {
      expect((await detail(detailCall(i, enrolling))).statusCode).toBe(403);
      expect((await detail(detailCall(i, roleless))).statusCode).toBe(401);
    }
    expect(deps.accessLog.entries.map(({ actor, action, target, count }) => [actor, action, target, count])).toEqual([
      ['enrolling@centre.example', 'auth.enrolment_required', 'GET /api/detail/{index}', 50],
      ['roleless@centre.example', 'auth.no_role', 'GET /api/detail/{index}', 50],
    ]);
  });
});
