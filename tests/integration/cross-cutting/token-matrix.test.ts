/**
 * The token and role matrix: every staff route of the route table, times
 * every state a bearer token can be in, times every role. Only a valid token
 * of a role the route table allows on that route gets past staff auth (any
 * answer but 401 and 403); a valid token of another role gets 403; an
 * enrolment token opens only the enrolment routes of its role; every other
 * token gets 401. The allowed roles come from `roleMayCall` (shared/routes.ts),
 * never from a copy. States are made the way the product makes them: sign-in
 * and logout through the API, disable, enable and role changes through the
 * accounts route, a password change through `npm run staff -- passwd`.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENROL_SCOPE } from '../../../shared/accounts/accounts';
import { STAFF_ROLES, type StaffRole, TOKEN_LIFETIME_SECONDS } from '../../../shared/auth';
import { API_ROUTES, roleMayCall, type ApiRoute } from '../../../shared/routes';
import { signStaffToken } from '../../../functions/accounts/staff-auth/staff-tokens';
import { announceEndpoints } from '../../../local/run-settings';
import { ensureStaffAccount } from '../../../local/setup';
import { type TestStack, getWithToken, postJson, signIn, startTestStack } from '../../support/stack';
import { accountWithRole } from '../../support/staff-accounts';

const STAFF_ROUTES = API_ROUTES.filter((route) => route.access === 'staff');
const PASSWORD = 'matrix account password';

let stack: TestStack;
let admin: string;

beforeAll(async () => {
  stack = await startTestStack();
  admin = await signIn(stack);
  // Lets `npm run staff` find this stack, as it finds a running `npm start`.
  announceEndpoints(stack, stack.dataDir);
});
afterAll(() => stack.dispose());

const nowSeconds = () => Math.floor(Date.now() / 1000);
const accountOf = (state: string, role: StaffRole) => `${state}-${role}@matrix.test`;

/**
 * A staff account of the role for one state. Only an account that signs in
 * gets a real password hash (scrypt at full strength takes a while); the
 * others get tokens signed for them as a sign-in would.
 */
async function account(state: string, role: StaffRole, signsIn = false): Promise<string> {
  const email = accountOf(state, role);
  if (signsIn) await ensureStaffAccount(stack.deps.staff, email, PASSWORD);
  await accountWithRole(stack.deps.staff, email, role);
  return email;
}

/** A token as the sign-in route signs it, for the account's current token version. */
async function signedFor(email: string, role: StaffRole, scope: 'full' | typeof ENROL_SCOPE = 'full'): Promise<string> {
  const stored = await stack.deps.staff.get(email);
  return signStaffToken(tokenSettings(), email, stored?.tokenVersion ?? 0, Date.now(), role, scope);
}

function tokenSettings() {
  const { TOKEN_SECRET = '', TOKEN_ISSUER = '', TOKEN_AUDIENCE = '' } = stack.deps.settings;
  return { TOKEN_SECRET, TOKEN_ISSUER, TOKEN_AUDIENCE };
}

interface Claims {
  sub: string;
  role?: string;
  ver?: unknown;
  iat?: number;
  exp?: number;
  nbf?: number;
  iss?: string;
  aud?: string;
  jti?: string;
  scope?: string;
}

/** A token as an attacker or a broken client would make one: every claim and the algorithm chosen freely. */
async function forge(claims: Claims, options: { secret?: string; alg?: string } = {}): Promise<string> {
  const settings = tokenSettings();
  const {
    sub,
    iat = nowSeconds(),
    exp = iat + TOKEN_LIFETIME_SECONDS,
    iss = settings.TOKEN_ISSUER,
    aud = settings.TOKEN_AUDIENCE,
    jti = crypto.randomUUID(),
    nbf,
    ...rest
  } = claims;
  const jwt = new SignJWT({ ver: 0, ...rest })
    .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setIssuer(iss)
    .setAudience(aud)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .setJti(jti);
  if (nbf !== undefined) jwt.setNotBefore(nbf);
  return jwt.sign(new TextEncoder().encode(options.secret ?? settings.TOKEN_SECRET));
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** What a token in a state may open: everything its role may call, only the enrolment routes, or nothing. */
type Opens = 'role' | 'enrolment' | 'nothing';

interface TokenState {
  name: string;
  opens: Opens;
  /** The Authorization header to send (undefined: none). */
  authorization(role: StaffRole): Promise<string | undefined>;
}

const bearer = (token: string) => `Bearer ${token}`;
const validClaims = async (state: string, role: StaffRole): Promise<Claims> => ({
  sub: await account(state, role),
  role,
});

/**
 * A token of each role signed before `npm run staff -- passwd` changed the
 * account's password (the three runs of the CLI at once: each starts Node).
 */
let passwordChanges: Promise<Record<StaffRole, string>> | undefined;
function passwordChanged(): Promise<Record<StaffRole, string>> {
  passwordChanges ??= Promise.all(
    STAFF_ROLES.map(async (role) => {
      const email = await account('passwd', role);
      const token = await signedFor(email, role);
      await promisify(execFile)(process.execPath, ['--import', 'tsx', 'local/cli/staff.ts', 'passwd', email], {
        env: { ...process.env, DATA_DIR: stack.dataDir, STAFF_PASSWORD: `${PASSWORD} changed`, TABLE_STAFF: '' },
      });
      return [role, token] as const;
    }),
  ).then((pairs) => Object.fromEntries(pairs) as Record<StaffRole, string>);
  return passwordChanges;
}

/** A token signed before an admin changed the account on the accounts page (each change ends its sessions). */
function changedByAdmin(
  name: string,
  state: string,
  changes: (role: StaffRole) => Record<string, unknown>[],
): TokenState {
  return {
    name,
    opens: 'nothing',
    authorization: async (role) => {
      const email = await account(state, role);
      const token = await signedFor(email, role);
      for (const change of changes(role))
        expect((await postJson(stack, '/api/accounts/change', { data: { email, ...change } }, admin)).status).toBe(200);
      return bearer(token);
    },
  };
}

const TOKEN_STATES: TokenState[] = [
  { name: 'no token', opens: 'nothing', authorization: async () => undefined },
  { name: 'an empty bearer', opens: 'nothing', authorization: async () => 'Bearer ' },
  {
    name: 'another scheme (Basic)',
    opens: 'nothing',
    authorization: async (role) =>
      `Basic ${Buffer.from(`${accountOf('forged', role)}:${PASSWORD}`).toString('base64')}`,
  },
  { name: 'a malformed token', opens: 'nothing', authorization: async () => bearer('not.a.jwt') },
  {
    name: 'random bytes',
    opens: 'nothing',
    authorization: async () => bearer(Buffer.from(crypto.getRandomValues(new Uint8Array(48))).toString('base64url')),
  },
  {
    name: 'a token with a fourth part',
    opens: 'nothing',
    authorization: async (role) => bearer(`${await forge(await validClaims('forged', role))}.extra`),
  },
  {
    name: 'alg none (unsigned)',
    opens: 'nothing',
    authorization: async (role) => {
      const { TOKEN_ISSUER, TOKEN_AUDIENCE } = tokenSettings();
      const claims = {
        sub: await account('forged', role),
        iss: TOKEN_ISSUER,
        aud: TOKEN_AUDIENCE,
        iat: nowSeconds(),
        exp: nowSeconds() + 600,
        jti: crypto.randomUUID(),
        ver: 0,
        role,
      };
      return bearer(`${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`);
    },
  },
  {
    name: 'another algorithm (HS512, right secret)',
    opens: 'nothing',
    authorization: async (role) => bearer(await forge(await validClaims('forged', role), { alg: 'HS512' })),
  },
  {
    name: 'another key',
    opens: 'nothing',
    authorization: async (role) =>
      bearer(
        await forge(await validClaims('forged', role), { secret: 'another-secret-that-is-long-enough-0123456789' }),
      ),
  },
  {
    name: 'expired',
    opens: 'nothing',
    authorization: async (role) =>
      bearer(
        await forge({
          ...(await validClaims('forged', role)),
          iat: nowSeconds() - TOKEN_LIFETIME_SECONDS - 120,
          exp: nowSeconds() - 120,
        }),
      ),
  },
  {
    name: 'not yet valid (nbf ahead)',
    opens: 'nothing',
    authorization: async (role) =>
      bearer(await forge({ ...(await validClaims('forged', role)), nbf: nowSeconds() + 3_600 })),
  },
  {
    name: 'issued in the future (iat ahead)',
    opens: 'nothing',
    authorization: async (role) =>
      bearer(await forge({ ...(await validClaims('forged', role)), iat: nowSeconds() + 3_600 })),
  },
  {
    name: 'another audience',
    opens: 'nothing',
    authorization: async (role) => bearer(await forge({ ...(await validClaims('forged', role)), aud: 'someone-else' })),
  },
  {
    name: 'another issuer',
    opens: 'nothing',
    authorization: async (role) => bearer(await forge({ ...(await validClaims('forged', role)), iss: 'someone-else' })),
  },
  {
    name: 'no token version',
    opens: 'nothing',
    authorization: async (role) => bearer(await forge({ ...(await validClaims('forged', role)), ver: undefined })),
  },
  {
    name: 'an unknown scope',
    opens: 'nothing',
    authorization: async (role) => bearer(await forge({ ...(await validClaims('forged', role)), scope: 'admin' })),
  },
  {
    name: 'an account that does not exist',
    opens: 'nothing',
    authorization: async (role) => bearer(await forge({ sub: `ghost-${role}@matrix.test`, role })),
  },
  {
    name: 'revoked by logout',
    opens: 'nothing',
    authorization: async (role) => {
      const token = await signIn(stack, await account('logout', role, true), PASSWORD);
      expect((await getWithToken(stack, '/api/logout', token)).status).toBe(200);
      return bearer(token);
    },
  },
  {
    name: 'older than a password change',
    opens: 'nothing',
    authorization: (role) => passwordChanged().then((tokens) => bearer(tokens[role])),
  },
  changedByAdmin('of a disabled account', 'disabled', () => [{ action: 'disable' }]),
  changedByAdmin('older than a disable and enable', 'reenabled', () => [{ action: 'disable' }, { action: 'enable' }]),
  changedByAdmin('older than a role change', 'rechanged', (role) => [
    { action: 'role', role: STAFF_ROLES.find((candidate) => candidate !== role) },
  ]),
  {
    // Stored before roles existed: it is no admin, nor anything else.
    name: 'of an account without a role',
    opens: 'nothing',
    authorization: async (role) => {
      const email = await account('roleless', role);
      const token = await signedFor(email, role);
      const stored = await stack.deps.staff.get(email);
      if (stored) await stack.deps.staff.put({ ...stored, role: undefined });
      return bearer(token);
    },
  },
  {
    name: 'an enrolment token (two-factor set-up first)',
    opens: 'enrolment',
    authorization: async (role) => bearer(await signedFor(await account('enrol', role), role, ENROL_SCOPE)),
  },
  {
    name: 'valid, signed in',
    opens: 'role',
    authorization: async (role) => bearer(await signIn(stack, await account('valid', role, true), PASSWORD)),
  },
  // The role a token names is only for the back office's menus: the server reads the account's role.
  {
    name: 'valid, naming another role',
    opens: 'role',
    authorization: async (role) =>
      bearer(await forge({ sub: await account('forged', role), role: role === 'admin' ? 'editor' : 'admin' })),
  },
];

/** A harmless request of the route: an empty body or query, so nothing is changed (most answer 400 once past auth). */
function call(route: ApiRoute, authorization: string | undefined): Promise<Response> {
  return fetch(`${stack.url}${route.path.replace(/\{\w+\}/g, '1')}`, {
    method: route.method,
    headers: { 'content-type': 'application/json', ...(authorization === undefined ? {} : { authorization }) },
    redirect: 'manual',
    ...(route.method === 'POST' ? { body: '{}' } : {}),
  });
}

function expected(opens: Opens, route: ApiRoute, role: StaffRole): 'passes' | 401 | 403 {
  if (opens === 'nothing') return 401;
  if (!roleMayCall(route, role)) return 403;
  return opens === 'role' || route.enrolment ? 'passes' : 403;
}

describe('the token and role matrix of every staff route', () => {
  it(`covers ${STAFF_ROUTES.length} staff routes × ${TOKEN_STATES.length} token states × ${STAFF_ROLES.length} roles`, () => {
    expect(STAFF_ROUTES.length).toBeGreaterThan(20);
    // Every role is allowed somewhere and refused somewhere, or the matrix would prove little.
    for (const role of STAFF_ROLES.filter((candidate) => candidate !== 'admin')) {
      expect(STAFF_ROUTES.some((route) => roleMayCall(route, role))).toBe(true);
      expect(STAFF_ROUTES.some((route) => !roleMayCall(route, role))).toBe(true);
    }
  });

  for (const state of TOKEN_STATES) {
    it(`a token ${state.name}: ${state.opens === 'nothing' ? '401 everywhere' : state.opens === 'enrolment' ? 'only the enrolment routes of its role' : 'exactly the routes its role may call'}`, async () => {
      const mismatches: string[] = [];
      for (const role of STAFF_ROLES) {
        const authorization = await state.authorization(role);
        // Logout revokes the token it is called with: it goes last.
        for (const route of [
          ...STAFF_ROUTES.filter((candidate) => candidate.name !== 'logout'),
          ...STAFF_ROUTES.filter((candidate) => candidate.name === 'logout'),
        ]) {
          const response = await call(route, authorization);
          const want = expected(state.opens, route, role);
          const got = response.status === 401 || response.status === 403 ? response.status : 'passes';
          if (got !== want)
            mismatches.push(
              `${role} ${route.method} ${route.path}: wanted ${want}, got ${response.status} ${(await response.text()).slice(0, 120)}`,
            );
          else if (got === 401) expect(await response.json()).toMatchObject({ error: 'unauthorized' });
          else await response.body?.cancel();
        }
      }
      expect(mismatches).toEqual([]);
    });
  }
});
