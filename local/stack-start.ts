/**
 * The second half of starting a local stack (local/stack.ts), once its server
 * and emulators are up: the settings and secrets, the adapters, the tables,
 * buckets and seed data, the handlers, the SMTP door and the jobs' timers.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BUCKETS, WORKERS } from '../shared/resources';
import { TABLES, type TableKey } from '../shared/tables';
import { localS3Client } from './emulators/sdk-s3';
import { type SettingName, SETTINGS, readSettings, settingNamesFor } from '../functions/platform/config';
import type { AppDeps } from '../functions/deps';
import { systemClock } from '../functions/platform/deps';
import type { AwsClientOptions } from '../functions/platform/wiring/aws';
import { createDeps } from '../functions/wiring/all';
import { kmsDeps } from '../functions/accounts/adapters/kms';
import { HANDLER_FACTORIES } from '../functions/features';
import type { createLog } from '../functions/platform/logging';
import { runRetention as removeExpired } from '../functions/privacy/erasure';
import { retryDueMail } from '../functions/mail/outbox/mail-delivery';
import { translateDue } from '../functions/translation/translation-work';
import type { Emulators } from './emulators/emulators';
import { closeServer } from './emulators/loopback';
import type { FaultInjection } from './faults/injection';
import { createBuckets, createTables, ensureStaffAccount, seedPackages } from './setup';
import { localSecurityHeaders } from './server/security-headers';
import type { Ready } from './server/site-server';
import { serveImage } from './server/static-files';
import { localSecretSealer } from './secret-sealer';
import { inProcessWorkers, processWorkers } from './workers/workers';
import { startSmtpDoor } from './inbound/smtp-door';
import type { LocalStack, LocalStackOptions } from './stack-types';
import { LOCAL_BUCKETS, LOCAL_CREDENTIALS, LOCAL_INBOUND_DOMAIN, LOCAL_REGION, localTableNames } from './stack-names';
import { every, oneAtATime } from './job-timers';

/** A secret of this data folder: the one given, else the one kept in the folder, else a new one kept there. */
function keptSecret(dataDir: string, fileName: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = join(dataDir, fileName);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export interface StartState {
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
export async function finishStart({
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
