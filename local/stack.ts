/**
 * The whole product on one machine: emulators, tables, seed data, and one
 * HTTP server on 127.0.0.1 that serves the site, `/image/*` and `/api/*`
 * through the same Lambda handlers as production. `npm start` and the
 * integration tests both start it with this function.
 */
import { existsSync, mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TableKey } from '../shared/tables';
import type { AppDeps } from '../functions/deps';
import type { AwsClientOptions } from '../functions/platform/wiring/aws';
import { createLog } from '../functions/platform/logging';
import type { Clock } from '../functions/platform/ports';
import type { runRetention as removeExpired } from '../functions/privacy/erasure';
import type { retryDueMail } from '../functions/mail/mail-delivery';
import type { translateDue } from '../functions/translation/translation-work';
import { type Emulators, startEmulators } from './emulators/emulators';
import { LOOPBACK, closeServer } from './emulators/loopback';
import { type FaultInjection, startFaultInjection } from './faults/injection';
import { type Ready, createSiteServer } from './server/site-server';
import type { SmtpDoor } from './inbound/smtp-door';
import { finishStart } from './stack-start';

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
