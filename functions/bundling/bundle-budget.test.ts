/**
 * Every Lambda bundle, as deployed (functions/bundling/bundling.ts): within the
 * budget, since every byte is read and compiled at each cold start, and
 * holding the SDK client of each AWS service its route uses and of no other.
 * When one grows past the budget, `npm run bundle:analyze -- <entry>` shows
 * what weighs.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  INTAKE_BUNDLE_BUDGET_GZIP_BYTES,
  LAMBDA_BUNDLE_BUDGET_GZIP_BYTES,
  MAIL_PARSERS,
  MAIL_READING_ROUTE_BUNDLE_BUDGET_GZIP_BYTES,
  MAIL_RECEIVER_BUNDLE_BUDGET_GZIP_BYTES,
  bundleBudgetOf,
} from './bundling';
import { type BundleWeight, weighLambdaBundles } from './bundle-weights';
import { API_ROUTES, STAFF_AUTH_USES } from '../../shared/routes';
import { MAIL_RECEIVERS, type ResourceUse, SCHEDULED_JOBS, STREAM_CONSUMERS, WORKERS } from '../../shared/resources';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

let bundles: BundleWeight[] = [];

/** What each function's declaration says it uses, by entry name; a staff route also checks the token against the staff tables (STAFF_AUTH_USES). */
const USES = new Map<string, ResourceUse>([
  ...API_ROUTES.map((route): [string, ResourceUse] => [
    route.name,
    route.access === 'staff'
      ? { ...route.uses, tables: { ...STAFF_AUTH_USES.tables, ...route.uses.tables } }
      : route.uses,
  ]),
  ...SCHEDULED_JOBS.map((job): [string, ResourceUse] => [job.name, job.uses]),
  ...Object.entries(WORKERS).map(([name, worker]): [string, ResourceUse] => [name, worker.uses]),
  ...STREAM_CONSUMERS.map((consumer): [string, ResourceUse] => [consumer.name, consumer.uses]),
  ...MAIL_RECEIVERS.map((receiver): [string, ResourceUse] => [receiver.name, receiver.uses]),
]);

/** The SDK client package of each service, and whether a declaration uses that service. */
const CLIENTS: [string, (uses: ResourceUse) => boolean][] = [
  ['@aws-sdk/client-dynamodb', (uses) => Object.keys(uses.tables ?? {}).length > 0],
  [
    '@aws-sdk/client-s3',
    (uses) => Object.keys(uses.buckets ?? {}).length > 0 || (uses.objectTagReads ?? []).length > 0,
  ],
  ['@aws-sdk/client-sesv2', (uses) => uses.sendsMail === true],
  ['@aws-sdk/client-lambda', (uses) => (uses.invokes ?? []).length > 0],
  // The TOTP key: only the routes that seal or open a TOTP secret.
  ['@aws-sdk/client-kms', (uses) => uses.totpSecrets !== undefined],
];

describe('Lambda bundles', () => {
  it('weighs every entry', async () => {
    bundles = await weighLambdaBundles();
    expect(bundles.length).toBeGreaterThan(30);
  }, 120_000);

  it(`keeps each at most ${LAMBDA_BUNDLE_BUDGET_GZIP_BYTES / 1024} KiB gzip, the enquiry form's at most ${INTAKE_BUNDLE_BUDGET_GZIP_BYTES / 1024} KiB, the mail receiver at most ${MAIL_RECEIVER_BUNDLE_BUDGET_GZIP_BYTES / 1024} KiB, the kept mail box's readers at most ${MAIL_READING_ROUTE_BUNDLE_BUDGET_GZIP_BYTES / 1024} KiB`, () => {
    const over = bundles
      .filter((bundle) => bundle.gzipBytes > bundleBudgetOf(bundle.name))
      .map((bundle) => `${bundle.name}: ${(bundle.gzipBytes / 1024).toFixed(1)} KiB`);
    expect(over).toEqual([]);
  });

  it("keeps the MIME and reply parsers in the mail receiver and the kept mail box's readers alone: no other route, job or worker loads them", () => {
    expect(MAIL_PARSERS).toEqual(['receiveMail', 'keptMailText', 'keptMailTranslation', 'attachKeptMail']);
    // With the readers of what attachments hold (compound files, zip directories), which only keeping one needs.
    const parsers = ['mailparser', 'file-type', 'iconv-lite', 'cfb', 'yauzl'];
    const holders = bundles
      .filter((bundle) => bundle.inputs.some((input) => parsers.includes(input.name)))
      .map((bundle) => bundle.name);
    expect(holders.sort()).toEqual([...MAIL_PARSERS].sort());
    // The receiver and the attach keep attachments by the type of their bytes; reading a text needs none of that.
    const held = (name: string) =>
      bundles
        .find((bundle) => bundle.name === name)
        ?.inputs.filter((input) => parsers.includes(input.name))
        .map((input) => input.name)
        .sort();
    for (const name of ['receiveMail', 'attachKeptMail']) expect(held(name), name).toEqual([...parsers].sort());
    const keepers = ['file-type', 'cfb', 'yauzl'];
    for (const name of ['keptMailText', 'keptMailTranslation'])
      expect(held(name), name).toEqual(parsers.filter((parser) => !keepers.includes(parser)).sort());
  });

  it('keeps the QR code library in the two-factor start alone', () => {
    const holders = bundles
      .filter((bundle) => bundle.inputs.some((input) => input.name === 'qrcode-generator'))
      .map((bundle) => bundle.name);
    expect(holders).toEqual(['startTwoFactor']);
  });

  it('holds the SDK client of each service its declaration uses, and of no other', () => {
    const mismatches = bundles.flatMap((bundle) => {
      const uses = USES.get(bundle.name);
      if (!uses) return [`${bundle.name}: no route, job, worker or stream consumer declares it`];
      const held = new Set(bundle.inputs.map((input) => input.name));
      return CLIENTS.filter(([client, used]) => held.has(client) !== used(uses)).map(
        ([client]) => `${bundle.name}: ${held.has(client) ? 'holds' : 'lacks'} ${client}`,
      );
    });
    expect(mismatches).toEqual([]);
  });

  it('holds no logger library (functions/platform/logging.ts writes the lines)', () => {
    const found = bundles.flatMap((bundle) =>
      bundle.inputs
        .filter((input) => input.name.startsWith('@aws-lambda-powertools/'))
        .map((input) => `${bundle.name}: ${input.name}`),
    );
    expect(found).toEqual([]);
  });

  it('finds no module of functions/ or shared/ imported for an effect (the bundles take them all to only declare)', () => {
    const sources = readdirSync(ROOT, { recursive: true, encoding: 'utf8' }).filter((path) =>
      /^(functions|shared)[\\/].*\.tsx?$/.test(path),
    );
    expect(sources.length).toBeGreaterThan(100);
    const bare = sources.filter((path) => /^import\s*['"]/m.test(readFileSync(join(ROOT, path), 'utf8')));
    expect(bare).toEqual([]);
  });
});
