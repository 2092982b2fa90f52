/**
 * `npm start`: the product on 127.0.0.1 with embedded emulators. Ctrl-C stops
 * everything; data stays in DATA_DIR for the next start.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError } from '../functions/config';
import { buildSiteIfStale } from './site-build';
import { startLocalStack } from './stack';

export const LOCAL_DEFAULTS = {
  PORT: '4321',
  DATA_DIR: '.data',
  MAILBOX_PORT: '8005',
  STAFF_EMAIL: 'staff@example.com',
  STAFF_PASSWORD: 'local-staff-password',
} as const;

function setting(name: keyof typeof LOCAL_DEFAULTS): string {
  const value = process.env[name]?.trim();
  return value ? value : LOCAL_DEFAULTS[name];
}

function port(name: 'PORT' | 'MAILBOX_PORT'): number {
  const value = Number(setting(name));
  if (!Number.isInteger(value) || value < 0 || value > 65_535) {
    console.error(`${name} must be a port number, got "${setting(name)}"`);
    process.exit(2);
  }
  return value;
}

async function main() {
  buildSiteIfStale();
  const dataDir = resolve(setting('DATA_DIR'));
  const staffEmail = setting('STAFF_EMAIL');
  const staffPassword = setting('STAFF_PASSWORD');
  const stack = await startLocalStack({
    port: port('PORT'),
    dataDir,
    mailboxPort: port('MAILBOX_PORT'),
    staffEmail,
    staffPassword,
    env: process.env,
    logLevel: (process.env['LOG_LEVEL'] as 'INFO' | undefined) ?? 'WARN',
  });
  // Lets `npm run staff` find this stack's DynamoDB emulator while it runs.
  writeFileSync(join(dataDir, 'endpoints.json'), JSON.stringify({ dynamodb: stack.emulators.dynamodbEndpoint, pid: process.pid }));

  console.log(`
  Medical tourism centre, running locally
    site and API   ${stack.url}/
    staff sign-in  ${stack.url}/login   (${staffEmail} / ${process.env['STAFF_PASSWORD'] ? 'password from STAFF_PASSWORD' : staffPassword})
    mailbox        ${stack.mailboxUrl}/   (every mail the site sends)
    data           ${dataDir}
  Ctrl-C stops it.
`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('Stopping...');
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
    console.error(`A port is in use: ${error.message}. Set PORT or MAILBOX_PORT to free ones.`);
  } else console.error(error);
  process.exit(1);
});
