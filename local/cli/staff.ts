/**
 * `npm run staff -- add|passwd|disable|enable|reset-2fa <email>`: manages staff
 * accounts (the back office's accounts page does the same for admins; this
 * makes the first admin of a new stage, and helps when no admin can sign in).
 *
 * Against AWS: set TABLE_STAFF (the deployed table's name) and the usual AWS
 * credentials and region. Without TABLE_STAFF it works on the local stack in
 * DATA_DIR (default .data): through the running `npm start`, or on its own.
 * The password comes from STAFF_PASSWORD or is asked for (not echoed).
 */
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { STAFF_PASSWORD_MIN_LENGTH, STAFF_ROLES, type StaffRole, normaliseStaffEmail, nextTokenVersion } from '../../shared/auth';
import { EMAIL_PATTERN } from '../../shared/intake/form-fields';
import { TABLES } from '../../shared/tables';
import { documentClient } from '../../functions/adapters/dynamodb/client';
import { dynamoStaffStore } from '../../functions/adapters/dynamodb/staff';
import type { StaffStore } from '../../functions/ports';
import { hashPassword } from '../../functions/accounts/passwords';
import { withoutTwoFactor } from '../../functions/accounts/two-factor';
import { closeServer } from '../emulators/emulators';
import { runningStack } from '../run-settings';
import { LOCAL_CREDENTIALS, LOCAL_REGION, localTableNames } from '../stack';
import { createTables } from '../setup';

const COMMANDS = ['add', 'passwd', 'disable', 'enable', 'reset-2fa'] as const;
type Command = (typeof COMMANDS)[number];

function usage(message?: string): never {
  if (message) console.error(message);
  console.error('Usage: npm run staff -- add|passwd|disable|enable|reset-2fa <email> [--role admin|staff|editor]');
  console.error('  add makes an admin unless --role says otherwise (the first account of a new stage is its first admin).');
  console.error('  reset-2fa turns two-factor sign-in off (secret and recovery codes gone) and signs the account out; it enrols again.');
  process.exit(2);
}

/** The staff table to work on, and how to let go of it afterwards. */
async function openStaffStore(): Promise<{ store: StaffStore; where: string; close: () => Promise<void> }> {
  const tableName = process.env[TABLES.staff.envVar];
  if (tableName) {
    const client = documentClient();
    return { store: dynamoStaffStore(client, tableName), where: `table ${tableName}`, close: async () => client.destroy() };
  }
  const dataDir = resolve(process.env['DATA_DIR'] || '.data');
  const local = { region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS };
  const running = runningStack(dataDir);
  if (running) {
    const client = documentClient({ ...local, endpoint: running.dynamodb });
    return { store: dynamoStaffStore(client, localTableNames().staff), where: `the running local stack (${dataDir})`, close: async () => client.destroy() };
  }
  // No stack running: open the data folder with an emulator of our own for this one command.
  const { default: dynalite } = await import('dynalite');
  const server = dynalite({ path: join(dataDir, 'dynamodb'), createTableMs: 0 });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const endpoint = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  await createTables(new DynamoDBClient({ ...local, endpoint }), localTableNames());
  const client = documentClient({ ...local, endpoint });
  return {
    store: dynamoStaffStore(client, localTableNames().staff),
    where: `the local data in ${dataDir}`,
    close: async () => {
      client.destroy();
      await closeServer(server);
    },
  };
}

async function askPassword(): Promise<string> {
  const fromEnv = process.env['STAFF_PASSWORD'];
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY) {
    // Piped in (a script): the first line is the password.
    const input = createInterface({ input: process.stdin, terminal: false });
    for await (const line of input) return line;
    usage('No password on standard input.');
  }
  // A person at a terminal: typed twice, never echoed.
  const { default: password } = await import('@inquirer/password');
  const first = await password({ message: 'New password:', mask: false });
  const second = await password({ message: 'Repeat it:', mask: false });
  if (first !== second) usage('The two passwords differ.');
  return first;
}

async function main() {
  const [command, rawEmail, ...options] = process.argv.slice(2);
  const roleAt = options.indexOf('--role');
  const role = roleAt === -1 ? undefined : options[roleAt + 1];
  if (role !== undefined && !(STAFF_ROLES as readonly string[]).includes(role)) usage(`--role must be one of ${STAFF_ROLES.join(', ')}.`);
  if (!COMMANDS.includes(command as Command)) usage();
  if (!rawEmail || !EMAIL_PATTERN.test(rawEmail.trim().toLowerCase())) usage('Give the staff member\'s e-mail address.');
  const email = normaliseStaffEmail(rawEmail);
  const { store, where, close } = await openStaffStore();
  try {
    const existing = await store.get(email);
    const now = new Date().toISOString();
    if (command === 'add' || command === 'passwd') {
      if (command === 'add' && existing) usage(`${email} already has an account; use passwd to change its password.`);
      if (command === 'passwd' && !existing) usage(`${email} has no account; use add.`);
      const password = await askPassword();
      if (password.length < STAFF_PASSWORD_MIN_LENGTH) usage(`The password needs at least ${STAFF_PASSWORD_MIN_LENGTH} characters.`);
      await store.put({
        // Everything else stays (two-factor, last sign-in); a pending invitation is spent by the new password.
        ...existing,
        email,
        passwordHash: await hashPassword(password),
        disabled: existing?.disabled ?? false,
        role: (role as StaffRole | undefined) ?? existing?.role ?? 'admin',
        createdAt: existing?.createdAt ?? now,
        updatedAt: now,
        invitationHash: undefined,
        invitationExpiresAt: undefined,
        // A new password signs out every session that began with the old one.
        tokenVersion: nextTokenVersion(existing),
      });
      console.log(`${command === 'add' ? 'Added' : 'Changed the password of'} ${email} in ${where}.${command === 'passwd' ? ' Its earlier sessions are signed out.' : ''}`);
    } else if (command === 'reset-2fa') {
      if (!existing) usage(`${email} has no account.`);
      await store.put({ ...withoutTwoFactor(existing), updatedAt: now, tokenVersion: nextTokenVersion(existing) });
      console.log(`Reset two-factor sign-in of ${email} in ${where}. Its sessions are signed out; it signs in with its password and enrols again.`);
    } else {
      if (!existing) usage(`${email} has no account.`);
      // Disabling ends its sessions at once; enabling again does not bring them back.
      await store.put({ ...existing, disabled: command === 'disable', updatedAt: now, tokenVersion: nextTokenVersion(existing) });
      console.log(`${command === 'disable' ? 'Disabled' : 'Enabled'} ${email} in ${where}.${command === 'disable' ? ' Its tokens stop working at once.' : ''}`);
    }
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
