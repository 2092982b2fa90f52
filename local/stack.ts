/**
 * The whole product on one machine: emulators, tables, seed data, and one
 * HTTP server on 127.0.0.1 that serves the site, `/image/*` and `/api/*`
 * through the same Lambda handlers as production. `npm start` and the
 * integration tests both start it with this function.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BUCKETS, WORKERS } from '../shared/resources';
import { TABLES, type TableKey } from '../shared/tables';
import { localS3Client } from './emulators/sdk-s3';
import { type SettingName, SETTINGS, readSettings, settingNamesFor } from '../functions/platform/config';
import type { AppDeps } from '../functions/deps';
import type { AwsClientOptions } from '../functions/platform/wiring/aws';
import { systemClock } from '../functions/platform/deps';
import { createDeps } from '../functions/wiring/all';
import { kmsDeps } from '../functions/accounts/adapters/kms';
import { HANDLER_FACTORIES } from '../functions/features';
import { createLog } from '../functions/platform/logging';
import type { Clock } from '../functions/platform/ports';
import { runRetention as removeExpired } from '../functions/privacy/erasure';
import { retryDueMail } from '../functions/mail/mail-delivery';
import { translateDue } from '../functions/translation/translation-work';
import { type Emulators, startEmulators } from './emulators/emulators';
import { LOOPBACK, closeServer } from './emulators/loopback';
import { type FaultInjection, startFaultInjection } from './faults/injection';
import { createBuckets, createTables, ensureStaffAccount, seedPackages } from './setup';
import { localSecurityHeaders } from './server/security-headers';
import { type Ready, createSiteServer } from './server/site-server';
import { serveImage } from './server/static-files';
import { localSecretSealer } from './secret-sealer';
import { inProcessWorkers, processWorkers } from './workers/workers';
import { type SmtpDoor, startSmtpDoor } from './inbound/smtp-door';

const here = dirname(fileURLToPath(import.meta.url));
const repositoryRoot = resolve(here, '..');

export interface LocalStackOptions {
  /** Port of the site and API; 0 picks a free one. */
  port: number;
  dataDir: string;
  /** Port of the SES emulator and its mailbox page; 0 picks a free one. */
  mailboxPort: number;
  staffEmail: string;
  staffPassword: string;
  /** Setting overrides (`SEND_LIMIT_PER_MINUTE`, `TOKEN_SECRET`, `MAIL_TO`, ...). */
  env?: Record<string, string | undefined>;
  /** More origins (besides the stack's own) whose pages may upload to and download from the S3 emulator: the dev server's. */
  extraOrigins?: string[];
  /** Folder of the built site; defaults to `site/dist`, or a placeholder page until the site is built. */
  siteRoot?: string;
  /** Port of the SMTP door for visitors' answers (local/inbound/); 0 (the default) picks a free one. */
  inboundSmtpPort?: number;
  /** How often the mail-retry job runs; `false` leaves it to `runMailRetry()`. */
  mailRetryIntervalMs?: number | false;
  logLevel?: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT';
  clock?: Clock;
}

export interface LocalStack {
  url: string;
  mailboxUrl: string;
  emulators: Emulators;
  /** Makes SES, DynamoDB or S3 refuse, hang or slow down for the stack's own clients (`npm run fault`). */
  faults: FaultInjection;
  deps: AppDeps;
  /** The SMTP door that takes visitors' answers for the inbound domain. */
  inboundSmtp: Pick<SmtpDoor, 'host' | 'port' | 'domain'>;
  aws: AwsClientOptions;
  tableNames: Record<TableKey, string>;
  settings: Record<string, string>;
  runMailRetry(): ReturnType<typeof retryDueMail>;
  /** The daily retention job (removes enquiries past their retention period). */
  runRetention(): ReturnType<typeof removeExpired>;
  /** Makes the translations that are due, as the scheduled job does in AWS. */
  runTranslations(): ReturnType<typeof translateDue>;
  /** Resolves once no background worker (an export) is running. */
  workersIdle(): Promise<void>;
  stop(): Promise<void>;
}

export const LOCAL_REGION = 'ap-northeast-2';
/** The emulators accept any key pair; the SDK needs one. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local-emulators' };

export function localTableNames(): Record<TableKey, string> {
  return Object.fromEntries(Object.keys(TABLES).map((key) => [key, `mt-${key}`])) as Record<TableKey, string>;
}

/** The access log's copy bucket has no stream to fill it locally (the emulator has none); it is made so the copy's adapter can be tried against the emulator. */
export const LOCAL_BUCKETS = {
  images: 'mt-images',
  exports: 'mt-exports',
  inbound: 'mt-inbound',
  accessLogCopy: 'mt-access-log-copy',
} as const;

/** The inbound domain of a local stack (INBOUND_DOMAIN overrides it): nothing outside this machine delivers to it. */
export const LOCAL_INBOUND_DOMAIN = 'reply.medical-tourism.local';

/** The signing secret: from the environment, or made once per data folder and kept there. */
/** A secret of this data folder: the one given, else the one kept in the folder, else a new one kept there. */
function keptSecret(dataDir: string, fileName: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = join(dataDir, fileName);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function siteFolder(explicit: string | undefined): string {
  if (explicit) return resolve(explicit);
  const built = join(repositoryRoot, 'site', 'dist');
  return existsSync(join(built, 'index.html')) ? built : join(here, 'placeholder');
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolvePort, reject) => {
    server.once('error', reject);
    server.listen(port, LOOPBACK, () => resolvePort((server.address() as AddressInfo).port));
  });
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const siteRoot = siteFolder(options.siteRoot);
  const log = createLog(options.logLevel ?? 'INFO');

  // Filled in once the emulators are up; until then the server answers 503.
  const ready: Ready = {};

  const server = createSiteServer(siteRoot, ready, log);
  const port = await listen(server, options.port);
  const url = `http://${LOOPBACK}:${port}`;

  let emulators: Emulators | undefined;
  let faults: FaultInjection | undefined;
  try {
    emulators = await startEmulators({
      dataDir,
      mailboxPort: options.mailboxPort,
      corsOrigins: [url, `http://localhost:${port}`, ...(options.extraOrigins ?? [])],
    });
    // The stack's clients reach each emulator through a fault proxy; nothing in functions/ knows.
    faults = await startFaultInjection(
      {
        dynamodb: emulators.dynamodbEndpoint,
        s3: emulators.s3Endpoint,
        ses: emulators.sesEndpoint,
        translate: emulators.translateEndpoint,
      },
      LOOPBACK,
    );
    return await finishStart({ options, log, server, url, dataDir, siteRoot, emulators, faults, ready });
  } catch (error) {
    // A failed start closes what it had opened, so a port or data folder is not left held.
    await closeServer(server);
    await faults?.stop();
    await emulators?.stop();
    throw error;
  }
}

interface StartState {
  siteRoot: string;
  options: LocalStackOptions;
  log: ReturnType<typeof createLog>;
  server: Server;
  url: string;
  dataDir: string;
  emulators: Emulators;
  faults: FaultInjection;
  ready: Ready;
}

/** Tables, seed data, adapters and handlers of a stack whose server and emulators are up. */
async function finishStart({
  options,
  log,
  server,
  url,
  dataDir,
  siteRoot,
  emulators,
  faults,
  ready,
}: StartState): Promise<LocalStack> {
  const tableNames = localTableNames();
  const settingsEnv: Record<string, string> = {
    ...Object.fromEntries((Object.keys(TABLES) as TableKey[]).map((key) => [TABLES[key].envVar, tableNames[key]])),
    [BUCKETS.images.envVar]: LOCAL_BUCKETS.images,
    [BUCKETS.exports.envVar]: LOCAL_BUCKETS.exports,
    [BUCKETS.accessLogCopy.envVar]: LOCAL_BUCKETS.accessLogCopy,
    [BUCKETS.inbound.envVar]: LOCAL_BUCKETS.inbound,
    MAIL_FROM: 'no-reply@medical-tourism.local',
    SITE_URL: url,
    MAIL_TO: 'staff-inbox@medical-tourism.local',
    // Where visitors' answers go; locally the SMTP door (local/inbound/) takes mail for it.
    INBOUND_DOMAIN: LOCAL_INBOUND_DOMAIN,
    // The SES emulator takes any name; in AWS it is the stage's set that requires TLS (infra/constructs/mail.ts).
    MAIL_CONFIGURATION_SET: 'medical-tourism-local',
    ...Object.fromEntries(
      Object.entries(options.env ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ),
  };
  settingsEnv['TOKEN_SECRET'] = keptSecret(dataDir, 'token-secret', options.env?.['TOKEN_SECRET']);
  settingsEnv['REPLY_ADDRESS_SECRET'] = keptSecret(
    dataDir,
    'reply-address-secret',
    options.env?.['REPLY_ADDRESS_SECRET'],
  );
  // Every setting but the workers' function names (the workers run in this process) and, unless one is given, the TOTP key (see below).
  const unread = new Set<string>([
    ...Object.values(WORKERS).map((worker) => worker.envVar),
    ...(settingsEnv['TOTP_KEY_ID'] ? [] : ['TOTP_KEY_ID']),
  ]);
  const settings = readSettings(
    settingsEnv,
    (Object.keys(SETTINGS) as SettingName[]).filter((name) => !unread.has(name)),
  );

  const aws: AwsClientOptions = {
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    endpoints: faults.endpoints,
  };
  // The export worker in a process of its own, as on Lambda; on a test's clock, in this process on that clock.
  const workers = options.clock
    ? inProcessWorkers(() => deps, log)
    : processWorkers({ settings: workerSettingsOf(settingsEnv), aws, logLevel: options.logLevel ?? 'INFO' }, log);
  // No KMS emulator exists: without a key in KMS, the TOTP secrets are sealed with a key of this stack's own.
  const sealing = settings.TOTP_KEY_ID
    ? kmsDeps(settings, aws)
    : { totpSealer: localSecretSealer(settingsEnv['TOKEN_SECRET']) };
  const deps: AppDeps = createDeps(settings, aws, log, options.clock ?? systemClock, workers, sealing);

  const dynamodb = new DynamoDBClient({
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    endpoint: emulators.dynamodbEndpoint,
  });
  await createTables(dynamodb, tableNames);
  dynamodb.destroy();
  // Through the proxy: a refusing S3 fails `/image/` as it fails the CDN in production.
  const s3 = localS3Client({ region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, endpoint: faults.endpoints.s3 });
  await createBuckets(s3, Object.values(LOCAL_BUCKETS));
  const seeded = await seedPackages(deps.packages, deps.images);
  const account = await ensureStaffAccount(deps.staff, options.staffEmail, options.staffPassword);
  log.debug('local stack ready', { seeded, account });

  ready.serveImage = (key, response) => serveImage(response, s3, LOCAL_BUCKETS.images, key);
  // Presigned uploads and downloads name the proxy, so the pages' CSP allows it.
  ready.headers = localSecurityHeaders(siteRoot, faults.endpoints.s3);
  ready.handlers = Object.fromEntries(Object.entries(HANDLER_FACTORIES).map(([name, make]) => [name, make(deps)]));
  // SES receiving's stand-in: the same function files what it receives.
  const door = await startSmtpDoor(deps, { port: options.inboundSmtpPort ?? 0, log });

  // The scheduled jobs of production (EventBridge there), on timers here; `mailRetryIntervalMs: false` leaves both to the caller.
  const runMailRetry = oneAtATime(() => retryDueMail(deps));
  const runRetention = oneAtATime(() => removeExpired(deps));
  const runTranslations = oneAtATime(() => translateDue(deps));
  const timers =
    options.mailRetryIntervalMs === false
      ? []
      : [
          every(options.mailRetryIntervalMs ?? 30_000, runMailRetry, log, 'mail retry'),
          // Every minute in AWS; sooner here, where someone is watching the screen.
          every(5_000, runTranslations, log, 'translation'),
          // Daily, and once at start: a local stack is rarely up for a whole day.
          every(24 * 60 * 60_000, runRetention, log, 'retention', true),
        ];

  return {
    url,
    mailboxUrl: emulators.sesEndpoint,
    emulators,
    faults,
    deps,
    inboundSmtp: { host: door.host, port: door.port, domain: door.domain },
    aws,
    tableNames,
    settings: settingsEnv,
    runMailRetry,
    runRetention,
    runTranslations,
    workersIdle: () => workers.idle(),
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.all([closeServer(server), door.stop()]);
      // A running export finishes (or fails) against the emulators before they stop.
      await workers.stop();
      s3.destroy();
      await faults.stop();
      await emulators.stop();
    },
  };
}

/** The settings the export worker reads, and no other (the signing secret stays in this process). */
function workerSettingsOf(settingsEnv: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    settingNamesFor(WORKERS.exportWorker.uses).flatMap((name) =>
      settingsEnv[name] === undefined ? [] : [[name, settingsEnv[name]]],
    ),
  );
}

/** A job that never runs twice at once: a second call while one runs waits for that one. */
function oneAtATime<T>(run: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  return () => {
    running ??= run().finally(() => {
      running = undefined;
    });
    return running;
  };
}

function every(
  intervalMs: number,
  run: () => Promise<unknown>,
  log: ReturnType<typeof createLog>,
  name: string,
  now = false,
): NodeJS.Timeout {
  const tick = () =>
    void run().catch((error: unknown) =>
      log.warn(`${name} run failed`, { errorName: error instanceof Error ? error.name : typeof error }),
    );
  if (now) tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return timer;
}
