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
import { createLog } from '../functions/platform/logging';
import { type Emulators, startEmulators } from './emulators/emulators';
import { LOOPBACK, closeServer } from './emulators/loopback';
import { type FaultInjection, startFaultInjection } from './faults/injection';
import { type Ready, createSiteServer } from './server/site-server';
import { finishStart } from './stack-start';
import { LOCAL_BUCKETS } from './stack-names';
import { INBOUND_SCANNED_PREFIXES } from '../shared/conversation/visitor-messages';
import type { LocalStack, LocalStackOptions } from './stack-types';

const here = dirname(fileURLToPath(import.meta.url));
const repositoryRoot = resolve(here, '..');

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
      // GuardDuty's plan in production scans the same prefix (infra/constructs/attachment-scanning.ts).
      scanned: { bucket: LOCAL_BUCKETS.inbound, prefixes: INBOUND_SCANNED_PREFIXES },
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
