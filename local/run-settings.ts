/**
 * The settings of `npm start` and `npm run dev`, read once from the
 * environment with their local defaults, and the shared way both stop.
 */
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError } from '../functions/platform/config';
import { MALWARE_SCAN_NOTE } from './emulators/malware-scan';
import { LOCAL_BUCKETS } from './stack-names';
import type { LocalStack } from './stack-types';

export const LOCAL_DEFAULTS = {
  PORT: '4321',
  DATA_DIR: '.data',
  MAILBOX_PORT: '8005',
  INBOUND_SMTP_PORT: '2525',
  STAFF_EMAIL: 'staff@example.com',
  STAFF_PASSWORD: 'local-staff-password',
} as const;

function setting(name: keyof typeof LOCAL_DEFAULTS): string {
  const value = process.env[name]?.trim();
  return value ? value : LOCAL_DEFAULTS[name];
}

function port(name: 'PORT' | 'MAILBOX_PORT' | 'INBOUND_SMTP_PORT'): number {
  const value = Number(setting(name));
  if (!Number.isInteger(value) || value < 0 || value > 65_535) {
    console.error(`${name} must be a port number, got "${setting(name)}"`);
    process.exit(2);
  }
  return value;
}

export interface RunSettings {
  port: number;
  mailboxPort: number;
  /** The SMTP door for visitors' answers (local/inbound/smtp-door.ts). */
  inboundSmtpPort: number;
  dataDir: string;
  staffEmail: string;
  staffPassword: string;
  /** How the sign-in line names the password (never a password someone set themselves). */
  passwordNote: string;
  logLevel: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT';
}

export function runSettings(): RunSettings {
  return {
    port: port('PORT'),
    mailboxPort: port('MAILBOX_PORT'),
    inboundSmtpPort: port('INBOUND_SMTP_PORT'),
    dataDir: resolve(setting('DATA_DIR')),
    staffEmail: setting('STAFF_EMAIL'),
    staffPassword: setting('STAFF_PASSWORD'),
    passwordNote: process.env['STAFF_PASSWORD'] ? 'password from STAFF_PASSWORD' : LOCAL_DEFAULTS.STAFF_PASSWORD,
    logLevel: (process.env['LOG_LEVEL'] as RunSettings['logLevel'] | undefined) ?? 'WARN',
  };
}

/** Ctrl-C and SIGTERM run `stop` once, then end the process. */
export function stopOnSignals(stop: () => Promise<void>): void {
  let stopping = false;
  const onSignal = async () => {
    if (stopping) return;
    stopping = true;
    console.log('Stopping...');
    await stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void onSignal());
  process.on('SIGTERM', () => void onSignal());
}

/** The one-line reason a start failed, for the usual causes; anything else in full. */
export function reportStartFailure(error: unknown): never {
  if (error instanceof ConfigError) console.error(error.message);
  else if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
    console.error(`A port is in use: ${error.message}. Set PORT, MAILBOX_PORT or INBOUND_SMTP_PORT to free ones.`);
  } else console.error(error);
  process.exit(1);
}

/** The start banner's lines about fault injection (`npm start` and `npm run dev`). */
export function faultControlLines(stack: LocalStack): string {
  return [
    '    faults         npm run fault -- ses down | dynamodb slow 800 | s3 hang | translate down | all up | status',
    `                   (control ${stack.faults.control.url}, key ${stack.faults.control.key})`,
  ].join('\n');
}

/** The start banner's line about the Translate stand-in (`npm start` and `npm run dev`). */
export function translationLine(stack: LocalStack): string {
  return `    translation    ${stack.emulators.translateEndpoint}   (a stand-in for Amazon Translate: it cannot translate, and every answer says so)`;
}

/** The start banner's line about the malware scan's stand-in in the S3 front (`npm start` and `npm run dev`). */
export function malwareScanLine(): string {
  return `    malware scan   attachments/ of ${LOCAL_BUCKETS.inbound}   (${MALWARE_SCAN_NOTE})`;
}

/** The start banner's line about the SMTP door for visitors' answers (`npm start` and `npm run dev`). */
export function inboundMailLine(stack: LocalStack): string {
  const { host, port, domain } = stack.inboundSmtp;
  return `    answers        smtp://${host}:${port}   (mail to the reply address of a mail in the mailbox, reply+…@${domain}; no TLS, no sign-in, this machine only)`;
}

/** What a running stack leaves in its data folder for the CLIs: `npm run staff` and `npm run fault`. */
export interface StackAnnouncement {
  dynamodb: string;
  /** The site's address, for the links of mails a CLI leaves in the outbox. */
  siteUrl: string;
  pid: number;
}

export interface FaultControlAnnouncement {
  url: string;
  key: string;
  pid: number;
}

const ENDPOINTS_FILE = 'endpoints.json';
/** Apart from the endpoints, and readable by its owner only: it holds the fault control key. */
const FAULT_CONTROL_FILE = 'fault-control.json';

/** Lets `npm run staff` find this stack's DynamoDB emulator, and `npm run fault` its fault control, while it runs. */
export function announceEndpoints(stack: LocalStack, dataDir: string): void {
  const endpoints: StackAnnouncement = {
    dynamodb: stack.emulators.dynamodbEndpoint,
    siteUrl: stack.url,
    pid: process.pid,
  };
  writeFileSync(join(dataDir, ENDPOINTS_FILE), JSON.stringify(endpoints));
  const control: FaultControlAnnouncement = { ...stack.faults.control, pid: process.pid };
  const controlFile = join(dataDir, FAULT_CONTROL_FILE);
  writeFileSync(controlFile, JSON.stringify(control), { mode: 0o600 });
  // The mode above applies only to a new file: one left by an earlier start keeps its own.
  chmodSync(controlFile, 0o600);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function announcement<T extends { pid: number }>(dataDir: string, file: string): T | undefined {
  const path = join(dataDir, file);
  if (!existsSync(path)) return undefined;
  const announced = JSON.parse(readFileSync(path, 'utf8')) as T;
  // A stack that stopped (or crashed) leaves its file behind: only a live process counts.
  return processAlive(announced.pid) ? announced : undefined;
}

/** The stack running on this data folder now, if any. */
export const runningStack = (dataDir: string) => announcement<StackAnnouncement>(dataDir, ENDPOINTS_FILE);

/** The fault control of the stack running on this data folder now, if any. */
export const runningFaultControl = (dataDir: string) =>
  announcement<FaultControlAnnouncement>(dataDir, FAULT_CONTROL_FILE);
