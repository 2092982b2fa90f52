/**
 * Figures of the Lambda functions themselves: each bundle's size (minified
 * and gzip, against the budget) and the cold starts of the public routes.
 * Printed at the end of `npm run bench:api`; `npm run bench:functions` prints
 * them alone. Recorded for `npm run bench`'s report (bench/figures.ts) as one
 * figure per function: its gzip size and, for the public routes, the median
 * cold start.
 */
import { randomUUID } from 'node:crypto';
import {
  LAMBDA_BUNDLE_BUDGET_GZIP_BYTES,
  MAIL_READING_ROUTE_BUNDLE_BUDGET_GZIP_BYTES,
  MAIL_RECEIVER_BUNDLE_BUDGET_GZIP_BYTES,
  bundleBudgetOf,
} from '../functions/bundling/bundling';
import { weighLambdaBundles } from '../functions/bundling/bundle-weights';
import { startScratchStack } from '../local/scratch-stack';
import type { RouteName } from '../shared/routes';
import { type ColdRequest, measureColdStarts } from './cold-start';
import { recordFigure } from './figures';
import { BENCH_STAFF, kib, ms, summarise } from './support';

const COLD_START_RUNS = 7;

/** Prints each bundle's size; answers its gzip size by name. */
async function printBundleSizes(): Promise<Map<string, number>> {
  console.log(
    `\nFunction bundles (esbuild, minified, as deployed; budget ${kib(LAMBDA_BUNDLE_BUDGET_GZIP_BYTES)} gzip, the mail receiver ${kib(MAIL_RECEIVER_BUNDLE_BUDGET_GZIP_BYTES)}, the kept mail box's readers ${kib(MAIL_READING_ROUTE_BUNDLE_BUDGET_GZIP_BYTES)})`,
  );
  console.log('  function           minified       gzip');
  const gzip = new Map<string, number>();
  for (const bundle of await weighLambdaBundles()) {
    const over = bundle.gzipBytes > bundleBudgetOf(bundle.name) ? '  over budget' : '';
    console.log(
      `  ${bundle.name.padEnd(16)} ${kib(bundle.bytes).padStart(11)} ${kib(bundle.gzipBytes).padStart(10)}${over}`,
    );
    gzip.set(bundle.name, bundle.gzipBytes);
  }
  return gzip;
}

// As the page sends it: with its own submission id, so the answer includes the duplicate lookup and the claim.
const enquiry = (n: number) => ({
  data: {
    submission_id: randomUUID(),
    user_name: `Cold start ${n}`,
    user_email: `cold${n}@example.test`,
    section: '병원예약',
    message: 'Cold start enquiry',
    start: '2036-12-10 09:30',
    consent_privacy: true,
    consent_health: true,
  },
});

/** The first and second request of each public route's runs: what a visitor or staff member sends. */
function publicRequests(route: RouteName, run: number): [ColdRequest, ColdRequest] {
  switch (route) {
    case 'sendmail':
      return [{ body: enquiry(run * 2) }, { body: enquiry(run * 2 + 1) }];
    case 'login': {
      const signIn = { body: { data: { email: BENCH_STAFF.email, pass: BENCH_STAFF.password } } };
      return [signIn, signIn];
    }
    case 'welcome': {
      // A link to an account without an open invitation: read, counted, logged and refused, without the slow password hash.
      const token = `${Buffer.from(BENCH_STAFF.email).toString('base64url')}.${'x'.repeat(43)}`;
      const takeUp = { body: { data: { token, password: 'a new password 1234' } } };
      return [takeUp, takeUp];
    }
    default:
      return [{}, {}];
  }
}

const PUBLIC_ROUTES: RouteName[] = ['amendBest', 'sendmail', 'login', 'welcome'];

/** Prints the public routes' cold starts; answers the median of each. */
async function printColdStarts(): Promise<Map<string, number>> {
  // Sign-in and invitation limits raised: every run counts against the one bench address.
  const stack = await startScratchStack({
    staffEmail: BENCH_STAFF.email,
    staffPassword: BENCH_STAFF.password,
    env: { LOGIN_FAILURES_PER_ACCOUNT: '1000000', LOGIN_FAILURES_PER_ADDRESS: '1000000' },
  });
  try {
    const results = await measureColdStarts(stack, PUBLIC_ROUTES, publicRequests, COLD_START_RUNS);
    const coldStarts = new Map<string, number>();
    console.log(
      `\nCold starts of the public routes (a fresh Node process per run, median of ${COLD_START_RUNS}; timing on a shared machine is noisy)`,
    );
    console.log('  route         load bundle   first answer   cold start   warm answer   cold - warm   status');
    for (const [route, runs] of results) {
      const median = (pick: (run: (typeof runs)[number]) => number) => summarise(runs.map(pick)).p50;
      const statuses = [...new Set(runs.flatMap((run) => run.statuses))].join(',');
      coldStarts.set(
        route,
        median((run) => run.loadMs + run.firstMs),
      );
      console.log(
        `  ${route.padEnd(12)} ${ms(median((run) => run.loadMs)).padStart(12)} ${ms(median((run) => run.firstMs)).padStart(14)} ${ms(median((run) => run.loadMs + run.firstMs)).padStart(12)} ${ms(median((run) => run.warmMs)).padStart(13)} ${ms(median((run) => run.loadMs + run.firstMs - run.warmMs)).padStart(13)}   ${statuses}`,
      );
    }
    const httpImport = summarise([...results.values()].flat().map((run) => run.httpImportMs)).p50;
    console.log(
      '  cold start = load bundle + first answer; cold - warm = what being cold adds to an answer. Login answers after the password',
    );
    console.log(
      '  hash (scrypt), which every sign-in pays, warm or cold; sendmail after its writes to the emulators, slow on a busy machine.',
    );
    console.log(
      `  Not counted: loading node:http for the emulators' plain HTTP (median ${ms(httpImport)} here), which Lambda's HTTPS endpoints do not need.`,
    );
    return coldStarts;
  } finally {
    await stack.dispose();
  }
}

/** Both tables, and one figure per function for the report. */
export async function printFunctionFigures(): Promise<void> {
  const gzip = await printBundleSizes();
  const coldStarts = await printColdStarts();
  for (const [name, bytes] of gzip) {
    const coldStartMs = coldStarts.get(name);
    recordFigure({
      kind: 'bundle',
      name,
      gzipKiB: bytes / 1024,
      ...(coldStartMs === undefined ? {} : { coldStartMs }),
    });
  }
}

// Run alone: `npm run bench:functions`.
if (import.meta.main) await printFunctionFigures();
