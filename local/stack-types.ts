/** The options a local stack (local/stack.ts) starts with, and the running stack it hands back. */
import type { TableKey } from '../shared/tables';
import type { AppDeps } from '../functions/deps';
import type { AwsClientOptions } from '../functions/platform/wiring/aws';
import type { Clock } from '../functions/platform/ports';
import type { runRetention as removeExpired } from '../functions/privacy/erasure';
import type { retryDueMail } from '../functions/mail/outbox/mail-delivery';
import type { translateDue } from '../functions/translation/translation-work';
import type { Emulators } from './emulators/emulators';
import type { FaultInjection } from './faults/injection';
import type { SmtpDoor } from './inbound/smtp-door';

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
