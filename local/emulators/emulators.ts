/**
 * The embedded AWS emulators of the local stack, each on a port of its own on
 * 127.0.0.1: dynalite (DynamoDB, data on disk), fauxqs behind a front that
 * checks signatures as S3 does and adds CORS (S3, objects on disk;
 * local/emulators/s3-emulator.ts),
 * aws-ses-v2-local (SES, captured mail readable in a browser), the
 * Translate stand-in (local/emulators/translate-emulator.ts: it cannot
 * translate, and says so in every answer) and, in the S3 front, the malware
 * scan's stand-in (local/emulators/malware-scan.ts: it knows the EICAR test
 * file alone).
 */
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import sesModule from 'aws-ses-v2-local';
import dynalite from 'dynalite';
import { guardHost } from '../server/host-guard';
import type { ScannedPrefix } from './malware-scan';
import { startS3Emulator } from './s3-emulator';
import { startTranslateEmulator } from './translate-emulator';
import { LOOPBACK, closeServer } from './loopback';

// A CommonJS module with an ES default export: under Node's interop the function sits one level down.
const sesEmulator = (sesModule as unknown as { default?: typeof sesModule }).default ?? sesModule;

export interface Emulators {
  dynamodbEndpoint: string;
  s3Endpoint: string;
  sesEndpoint: string;
  translateEndpoint: string;
  stop(): Promise<void>;
}

export interface EmulatorOptions {
  dataDir: string;
  /** Port of the SES emulator and its mailbox page; 0 picks a free one. */
  mailboxPort: number;
  /** Origins allowed to upload images and download exports straight from the S3 emulator. */
  corsOrigins: string[];
  /** Where the malware scan's stand-in scans what is put (local/emulators/malware-scan.ts). */
  scanned?: ScannedPrefix;
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, LOOPBACK, () => resolve((server.address() as AddressInfo).port));
  });
}

export async function startEmulators(options: EmulatorOptions): Promise<Emulators> {
  const dynamoDir = join(options.dataDir, 'dynamodb');
  const s3Dir = join(options.dataDir, 's3');
  mkdirSync(dynamoDir, { recursive: true });
  mkdirSync(s3Dir, { recursive: true });

  const dynamo = guardHost(dynalite({ path: dynamoDir, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 }));
  const dynamoPort = await listen(dynamo, 0);

  const s3 = await startS3Emulator({
    dataDir: s3Dir,
    host: LOOPBACK,
    corsOrigins: options.corsOrigins,
    ...(options.scanned ? { scanned: options.scanned } : {}),
  });

  const mail = guardHost(await sesEmulator({ host: LOOPBACK, port: options.mailboxPort }));
  const mailPort = (mail.address() as AddressInfo).port;

  const translate = await startTranslateEmulator();

  return {
    dynamodbEndpoint: `http://${LOOPBACK}:${dynamoPort}`,
    s3Endpoint: s3.endpoint,
    sesEndpoint: `http://${LOOPBACK}:${mailPort}`,
    translateEndpoint: translate.endpoint,
    async stop() {
      await Promise.all([closeServer(mail), s3.stop(), closeServer(dynamo), translate.stop()]);
    },
  };
}
