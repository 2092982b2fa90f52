/**
 * Property-based fuzzing of every API route of a running local stack, public
 * and staff, as every role (and as nobody), over HTTP:
 *
 * - hostile bodies: the route's own fields and stray ones with hostile
 *   values, as JSON or a form, under odd media types, and broken JSON, deep
 *   nesting, bytes that are not UTF-8, with random headers and queries;
 * - one bad field: a valid request of the route (route-samples.ts) with one
 *   field spoiled, which must be refused naming that field when the value is
 *   one no field may take (a control character, half a surrogate pair, a
 *   line break in a one-line field, an object or list where a value belongs);
 * - stray requests: random methods, paths and headers.
 *
 * After every request the answer is checked (invariants.ts), and the tables
 * and buckets the route may write (from the route table) are read again: a
 * refused request must have changed none of them. At the end of each
 * property every table and bucket is compared, so a write the route table
 * does not declare is caught too.
 */
import fc from 'fast-check';
import { STAFF_ROLES, type StaffRole } from '../../../shared/auth';
import { formatKoreaDate } from '../../../shared/korea-time';
import { API_ROUTES, resourcesOf, roleMayCall, routeOf, type ApiRoute, type RouteName } from '../../../shared/routes';
import { type Access, type BucketKey } from '../../../shared/resources';
import type { TableKey } from '../../../shared/tables';
import { signStaffToken } from '../../../functions/accounts/staff-auth/staff-tokens';
import { ensureStaffAccount } from '../../../local/setup';
import { mintVisitorLink } from '../../../functions/visitor/visitor-links';
import { accountWithRole } from '../staff-accounts';
import type { LocalStack } from '../../../local/stack-types';
import {
  hostileBody,
  hostileHeaders,
  hostileMethod,
  hostileQuery,
  hostileSegment,
  hostileText,
  hostileValue,
  strayApiPath,
} from './hostile';
import { answerProblems, refused, refusedFields } from './invariants';
import { type RawAnswer, type RawRequest, sendRaw } from './raw-http';
import { type RouteSample, routeSamples } from './route-samples';
import { type StoreSnapshot, snapshotChanges, storeReader } from './store-snapshot';

export const FUZZ_PROPERTIES = ['hostileBodies', 'oneBadField', 'strayRequests'] as const;
export type FuzzProperty = (typeof FUZZ_PROPERTIES)[number];

export interface FuzzRun {
  /** fast-check seed: the same seed replays the same requests. */
  seed: number;
  runs: number;
}

export interface FuzzCounts {
  /** Requests sent (shrinking a failure sends more). */
  requests: number;
  /** How many requests got each status. */
  statuses: Record<string, number>;
}

export interface ApiFuzzer {
  /** Runs one property; throws fast-check's report of the smallest failing request. */
  run(property: FuzzProperty, options: FuzzRun): Promise<FuzzCounts>;
  close(): void;
}

type Caller = StaffRole | 'nobody';
const CALLERS: readonly Caller[] = ['nobody', ...STAFF_ROLES];
const fuzzAccount = (role: StaffRole) => `${role}@fuzz.test`;

/** Characters no field may hold: C0 and C1 controls (tab and line ends aside), DEL, half a surrogate pair. */
const NEVER_STORED =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LINE_BREAK = /[\r\n\u2028\u2029\u0085]/;

const writes = (access: Access) => access !== 'read';

/** The tables and buckets a route may change (the access log and throttle aside: see store-snapshot.ts). */
function writableStores(route: ApiRoute | undefined): { tables: TableKey[]; buckets: BucketKey[] } {
  if (!route) return { tables: [], buckets: [] };
  const uses = resourcesOf(route);
  return {
    tables: (Object.entries(uses.tables ?? {}) as [TableKey, Access][])
      .filter(([, access]) => writes(access))
      .map(([table]) => table),
    buckets: (Object.entries(uses.buckets ?? {}) as [BucketKey, Access][])
      .filter(([, access]) => writes(access))
      .map(([bucket]) => bucket),
  };
}

const concretePath = (route: ApiRoute, params: Record<string, string> = {}) =>
  route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? '1'));

/**
 * Whether a value spoiling a field must be refused: a text no field may
 * hold, a line break in a one-line field, or a list, object or null where the
 * valid request has a plain value. Where the valid request has a list (the
 * tags), a list is judged by its items.
 */
export function mustRefuse(sampleValue: unknown, value: unknown, multiline: boolean): string | undefined {
  if (Array.isArray(sampleValue) && Array.isArray(value)) {
    for (const item of value) {
      const problem = mustRefuse(sampleValue[0], item, multiline);
      if (problem) return `${problem}, as an item of a list`;
    }
    return undefined;
  }
  if (typeof value === 'string') {
    if (NEVER_STORED.test(value)) return 'a control character or half a surrogate pair';
    // One-line fields are trimmed before they are checked: a line break at either end goes with the white space (a pasted
    // "Anna\n" is "Anna"), and a field of white space alone is empty, as a form sends every unused input. One inside stays.
    if (typeof sampleValue === 'string' && !multiline && LINE_BREAK.test(value.trim()))
      return 'a line break in a one-line field';
    return undefined;
  }
  if (value === null || typeof value === 'object') return 'a list, object or null where a value belongs';
  return undefined;
}

/** Sets up accounts of every role and an enquiry to work on, then fuzzes on demand. */
export async function apiFuzzer(stack: LocalStack): Promise<ApiFuzzer> {
  const settings = stack.deps.settings;
  for (const role of STAFF_ROLES) {
    await ensureStaffAccount(stack.deps.staff, fuzzAccount(role), 'fuzz account password');
    await accountWithRole(stack.deps.staff, fuzzAccount(role), role);
  }
  // One enquiry for the staff routes to name.
  const seeded = await sendRaw(stack.url, {
    method: 'POST',
    path: '/api/sendmail',
    headers: { 'content-type': 'application/json' },
    body: Buffer.from(
      JSON.stringify({
        data: routeSamples({
          enquiryIndex: 1,
          today: '',
          month: '',
          visitorLink: '',
          submissionId: () => crypto.randomUUID(),
        }).sendmail.body,
      }),
    ),
  });
  const enquiryIndex = Number(/MT-0*(\d+)/.exec(seeded.text)?.[1] ?? 1);
  const today = formatKoreaDate(Date.now());
  // The visitor's page of that enquiry, opened by a link as its mails carry one.
  const visitorLink = (await mintVisitorLink(stack.deps, enquiryIndex, 'en')).split('#')[1] ?? '';
  const context = {
    enquiryIndex,
    today,
    month: today.slice(0, 7),
    visitorLink,
    submissionId: () => crypto.randomUUID(),
  };
  const samples = (): Record<RouteName, RouteSample> => routeSamples(context);

  const tokenFor = async (caller: Caller): Promise<string | undefined> => {
    if (caller === 'nobody') return undefined;
    const account = await stack.deps.staff.get(fuzzAccount(caller));
    return signStaffToken(
      {
        TOKEN_SECRET: settings.TOKEN_SECRET ?? '',
        TOKEN_ISSUER: settings.TOKEN_ISSUER ?? '',
        TOKEN_AUDIENCE: settings.TOKEN_AUDIENCE ?? '',
      },
      fuzzAccount(caller),
      account?.tokenVersion ?? 0,
      Date.now(),
      caller,
    );
  };
  const secrets = [...Object.values(stack.tableNames), settings.TOKEN_SECRET ?? ''];
  const reader = storeReader(stack);
  let known: StoreSnapshot = await reader.snapshot();
  let counts: FuzzCounts = { requests: 0, statuses: {} };

  /** Sends one request and checks every rule; throws with all that is wrong (fast-check then shrinks). */
  const exchange = async (caller: Caller, outgoing: RawRequest, extra?: (answer: RawAnswer) => string[]) => {
    const token = await tokenFor(caller);
    const sent: RawRequest = {
      ...outgoing,
      headers: { ...outgoing.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    };
    const answer = await sendRaw(stack.url, sent);
    counts.requests += 1;
    counts.statuses[answer.status] = (counts.statuses[answer.status] ?? 0) + 1;
    const problems = answerProblems(answer, { method: sent.method, path: sent.path.split('?')[0] ?? '', secrets });
    problems.push(...(extra?.(answer) ?? []));
    const route = routeOf(sent.method, sent.path.split('?')[0] ?? '');
    const stores = writableStores(route);
    if (stores.tables.length || stores.buckets.length) {
      const now = await reader.snapshot(stores);
      const changes = snapshotChanges(
        Object.fromEntries(Object.keys(now).map((name) => [name, known[name] ?? { count: 0, fingerprint: '' }])),
        now,
      );
      if (refused(answer) && changes.length)
        problems.push(`refused with ${answer.status} yet changed ${changes.join('; ')}`);
      known = { ...known, ...now };
    }
    // A policy switched on by a valid request would make every later staff call ask for two-factor first.
    if (route?.name === 'twoFactorPolicy' && !refused(answer)) {
      await stack.deps.policies.put({
        requireTwoFactor: false,
        updatedAt: new Date().toISOString(),
        updatedBy: 'fuzz',
      });
      known = { ...known, ...(await reader.snapshot({ tables: ['policies'], buckets: [] })) };
    }
    if (problems.length) {
      throw new Error(
        `${sent.method} ${sent.path.slice(0, 300)} as ${caller} (${answer.status}):\n  - ${problems.join('\n  - ')}\n  answer: ${answer.text.slice(0, 400)}`,
      );
    }
  };

  /** Every table and bucket as the checks last saw them: a difference is a write the route table does not declare. */
  const checkNothingElseChanged = async (property: FuzzProperty) => {
    const now = await reader.snapshot();
    const changes = snapshotChanges(known, now);
    known = now;
    if (changes.length)
      throw new Error(
        `${property}: stores changed outside the tables and buckets the route table lets a route write: ${changes.join('; ')}`,
      );
  };

  const routeArb = fc.constantFrom(...API_ROUTES);
  const callerArb = fc.constantFrom(...CALLERS);

  const hostileBodies = fc.asyncProperty(
    routeArb.chain((route) => {
      const sample = samples()[route.name];
      const names = Object.keys(sample.body ?? sample.query ?? {});
      return fc.record({
        route: fc.constant(route),
        caller: callerArb,
        body: hostileBody(names),
        query: route.method === 'GET' ? hostileQuery(names) : fc.constant(''),
        headers: hostileHeaders,
      });
    }),
    async ({ route, caller, body, query, headers }) => {
      const path = `${concretePath(route, samples()[route.name].params)}${query ? `?${query}` : ''}`;
      await exchange(caller, {
        method: route.method,
        path,
        headers: { ...headers, ...(body.contentType === undefined ? {} : { 'content-type': body.contentType }) },
        body: body.bytes,
      });
    },
  );

  const spoilable = API_ROUTES.filter(
    (route) => Object.keys(samples()[route.name].body ?? samples()[route.name].query ?? {}).length > 0,
  );
  const oneBadField = fc.asyncProperty(
    fc.constantFrom(...spoilable).chain((route) => {
      const sample = samples()[route.name];
      const fields = Object.keys(sample.body ?? sample.query ?? {});
      const allowed =
        route.access === 'public' ? (['nobody'] as Caller[]) : STAFF_ROLES.filter((role) => roleMayCall(route, role));
      return fc.record({
        route: fc.constant(route),
        caller: fc.constantFrom(...allowed),
        field: fc.constantFrom(...fields),
        // A query carries text only; a body any JSON value.
        value: sample.query ? hostileText.map((text) => text.slice(0, 400)) : hostileValue,
        asForm: route.name === 'sendmail' ? fc.boolean() : fc.constant(false),
      });
    }),
    async ({ route, caller, field, value, asForm }) => {
      const sample = samples()[route.name];
      const valid = sample.body ?? sample.query ?? {};
      const spoiled = { ...valid, [field]: value };
      const multiline = sample.multiline?.includes(field) ?? false;
      // A form or query carries text only (a list or object becomes text), and as UTF-8: half a surrogate pair arrives as U+FFFD.
      const asText = (input: unknown) => (typeof input === 'string' ? input : (JSON.stringify(input) ?? ''));
      const refuseReason = mustRefuse(
        valid[field],
        asForm || sample.query ? Buffer.from(asText(value)).toString() : value,
        multiline,
      );
      let outgoing: RawRequest;
      if (sample.query) {
        outgoing = {
          method: route.method,
          path: `${concretePath(route, sample.params)}?${new URLSearchParams(Object.entries(spoiled).map(([key, text]) => [key, asText(text)])).toString()}`,
          headers: {},
        };
      } else if (asForm) {
        const form = new URLSearchParams(Object.entries(spoiled).map(([key, input]) => [key, asText(input)]));
        outgoing = {
          method: route.method,
          path: concretePath(route, sample.params),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: Buffer.from(form.toString()),
        };
      } else {
        outgoing = {
          method: route.method,
          path: concretePath(route, sample.params),
          headers: { 'content-type': 'application/json' },
          body: Buffer.from(JSON.stringify({ data: spoiled })),
        };
      }
      await exchange(caller, outgoing, (answer) => {
        const problems: string[] = [];
        if (refuseReason && !refused(answer))
          problems.push(`accepted ${field} holding ${refuseReason}: ${JSON.stringify(value)?.slice(0, 120)}`);
        const named = refusedFields(answer);
        const expected = (name: string) =>
          name === field ||
          name.startsWith(`${field}.`) ||
          name === 'body' ||
          (!refuseReason && (sample.refusedOnceWellFormed ?? []).includes(name));
        if (answer.status === 400 && named.length > 0 && !named.some(expected)) {
          problems.push(`refused the spoiled ${field} naming ${named.join(', ')} instead`);
        }
        return problems;
      });
    },
  );

  const strayRequests = fc.asyncProperty(
    fc.record({
      caller: callerArb,
      method: hostileMethod,
      path: fc.oneof(
        strayApiPath,
        fc.tuple(routeArb, hostileSegment).map(([route, segment]) => route.path.replace(/\{\w+\}/g, segment)),
        routeArb.map((route) => concretePath(route)),
      ),
      headers: hostileHeaders,
      body: fc.option(hostileBody([]), { nil: undefined }),
    }),
    async ({ caller, method, path, headers, body }) => {
      await exchange(caller, {
        method,
        path,
        headers: { ...headers, ...(body?.contentType === undefined ? {} : { 'content-type': body.contentType }) },
        ...(body && method !== 'GET' && method !== 'HEAD' ? { body: body.bytes } : {}),
      });
    },
  );

  return {
    async run(property, options) {
      counts = { requests: 0, statuses: {} };
      const parameters = { seed: options.seed, numRuns: options.runs, includeErrorInReport: true };
      if (property === 'hostileBodies') await fc.assert(hostileBodies, parameters);
      else if (property === 'oneBadField') await fc.assert(oneBadField, parameters);
      else await fc.assert(strayRequests, parameters);
      await checkNothingElseChanged(property);
      return counts;
    },
    close: () => reader.close(),
  };
}
