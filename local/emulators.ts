/**
 * The embedded AWS emulators of the local stack, each on a port of its own on
 * 127.0.0.1: dynalite (DynamoDB, data on disk), s3rver (S3, files on disk) and
 * aws-ses-v2-local (SES, captured mail readable in a browser).
 */
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import sesModule from 'aws-ses-v2-local';
import dynalite from 'dynalite';
import S3rver from 's3rver';

export const LOOPBACK = '127.0.0.1';

// A CommonJS module with an ES default export: under Node's interop the function sits one level down.
const sesEmulator = (sesModule as unknown as { default?: typeof sesModule }).default ?? sesModule;

export interface Emulators {
  dynamodbEndpoint: string;
  s3Endpoint: string;
  sesEndpoint: string;
  /** Stops only the SES emulator (to show that a mail failure loses nothing). */
  stopMail(): Promise<void>;
  /** Starts the SES emulator again on the same port. */
  startMail(): Promise<void>;
  stop(): Promise<void>;
}

export interface EmulatorOptions {
  dataDir: string;
  /** Port of the SES emulator and its mailbox page; 0 picks a free one. */
  mailboxPort: number;
  /** Origins allowed to upload images and download exports straight from the S3 emulator. */
  corsOrigins: string[];
  buckets: string[];
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, LOOPBACK, () => resolve((server.address() as AddressInfo).port));
  });
}

export function closeServer(server: Server | undefined): Promise<void> {
  if (!server?.listening) return Promise.resolve();
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

function corsXml(origins: string[]): string {
  const allowed = origins.map((origin) => `<AllowedOrigin>${origin}</AllowedOrigin>`).join('');
  return `<CORSConfiguration><CORSRule>${allowed}<AllowedMethod>GET</AllowedMethod><AllowedMethod>POST</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>600</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
}

export async function startEmulators(options: EmulatorOptions): Promise<Emulators> {
  const dynamoDir = join(options.dataDir, 'dynamodb');
  const s3Dir = join(options.dataDir, 's3');
  mkdirSync(dynamoDir, { recursive: true });
  mkdirSync(s3Dir, { recursive: true });

  const dynamo = dynalite({ path: dynamoDir, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  const dynamoPort = await listen(dynamo, 0);

  const s3 = new S3rver({
    address: LOOPBACK,
    port: 0,
    directory: s3Dir,
    silent: true,
    vhostBuckets: false,
    configureBuckets: options.buckets.map((name) => ({ name, configs: [corsXml(options.corsOrigins)] })),
  });
  const s3Address = await s3.run();

  let mail: Server | undefined = await sesEmulator({ host: LOOPBACK, port: options.mailboxPort });
  const mailPort = (mail.address() as AddressInfo).port;

  return {
    dynamodbEndpoint: `http://${LOOPBACK}:${dynamoPort}`,
    s3Endpoint: `http://${LOOPBACK}:${s3Address.port}`,
    sesEndpoint: `http://${LOOPBACK}:${mailPort}`,
    async stopMail() {
      await closeServer(mail);
      mail = undefined;
    },
    async startMail() {
      mail ??= await sesEmulator({ host: LOOPBACK, port: mailPort });
    },
    async stop() {
      await Promise.all([closeServer(mail), closeServer(s3.httpServer), closeServer(dynamo)]);
    },
  };
}
