/**
 * `npm run staff -- add|passwd|role|disable|enable|reset-2fa <email>`: manages
 * staff accounts (the back office's accounts page does the same for admins;
 * this makes the first admin of a new stage, helps when no admin can sign in,
 * and gives a role to an account from before roles, which cannot sign in
 * without one). Each change is an update of the attributes it changes, on the
 * account's revision as read: a change made meanwhile is never overwritten.
 *
 * Against AWS: set TABLE_STAFF (the deployed table's name) and the usual AWS
 * credentials and region; `reset-2fa` also tells the account's owner, as an
 * admin's reset does, through the outbox (TABLE_OUTBOX and SITE_URL: the mail
 * retry job sends it). Without TABLE_STAFF it works on the local stack in
 * DATA_DIR (default .data): through the running `npm start`, or on its own.
 * The password comes from STAFF_PASSWORD or is asked for (not echoed).
 */
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  STAFF_PASSWORD_MIN_LENGTH,
  STAFF_ROLES,
  type StaffRole,
  normaliseStaffEmail,
  nextTokenVersion,
} from '../../shared/auth';
import { EMAIL_PATTERN } from '../../shared/intake/form-fields';
import { TABLES } from '../../shared/tables';
import { documentClient } from '../../functions/platform/wiring/dynamodb-client';
import { dynamoStaffStore } from '../../functions/accounts/adapters/dynamodb-staff';
import type { StaffAccount } from '../../functions/accounts/staff-account';
import type { StaffStore } from '../../functions/accounts/ports';
import { updateAccount } from '../../functions/accounts/staff-admin/account-update';
import { hashPassword } from '../../functions/accounts/passwords/passwords';
import { withPasswordSet } from '../../functions/accounts/staff-admin/staff-accounts';
import { hasTwoFactor, withoutTwoFactor } from '../../functions/accounts/two-factor/two-factor';
import { queueOwnerNotice } from '../../functions/accounts/account-mail';
import { dynamoOutboxStore } from '../../functions/mail/adapters/dynamodb-outbox';
import type { OutboxStore } from '../../functions/mail/ports';
import { closeServer } from '../emulators/loopback';
import { LOCAL_DEFAULTS, runningStack } from '../run-settings';
import { LOCAL_CREDENTIALS, LOCAL_REGION, localTableNames } from '../stack-names';
import { createTables } from '../setup';

/** Who a notice names as having reset two-factor. */
const OPERATOR = 'npm run staff';

const COMMANDS = ['add', 'passwd', 'role', 'disable', 'enable', 'reset-2fa'] as const;
type Command = (typeof COMMANDS)[number];
/** The commands that take `--role`. */
const WITH_ROLE: readonly Command[] = ['add', 'passwd', 'role'];

function usage(message?: string): never {
  if (message) console.error(message);
  console.error('Usage: npm run staff -- add|passwd|role|disable|enable|reset-2fa <email> [--role admin|staff|editor]');
  console.error(
    '  add makes an admin unless --role says otherwise (the first account of a new stage is its first admin).',
  );
  console.error(
    '  role gives the account the role of --role and signs it out (an account without a role cannot sign in); passwd takes --role too.',
  );
  console.error(
    '  reset-2fa turns two-factor sign-in off (secret and recovery codes gone) and signs the account out; it enrols again.',
  );
  process.exit(2);
}

/** The staff table to work on, where the owner's notices wait (and the site they link to), and how to let go of them afterwards. */
interface AccountTables {
  store: StaffStore;
  /** Unknown against AWS without TABLE_OUTBOX and SITE_URL: a command that mails the owner refuses to start. */
  notices?: { outbox: OutboxStore; siteUrl: string };
  where: string;
  close: () => Promise<void>;
}

async function openAccountTables(): Promise<AccountTables> {
  const tableName = process.env[TABLES.staff.envVar];
  if (tableName) {
    const client = documentClient();
    const outboxTable = process.env[TABLES.outbox.envVar];
    const siteUrl = process.env['SITE_URL'];
    const notices = outboxTable && siteUrl ? { outbox: dynamoOutboxStore(client, outboxTable), siteUrl } : undefined;
    return {
      store: dynamoStaffStore(client, tableName),
      ...(notices ? { notices } : {}),
      where: `table ${tableName}`,
      close: async () => client.destroy(),
    };
  }
  const dataDir = resolve(process.env['DATA_DIR'] || '.data');
  const local = { region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS };
  const tables = localTableNames();
  const running = runningStack(dataDir);
  if (running) {
    const client = documentClient({ ...local, endpoint: running.dynamodb });
    return {
      store: dynamoStaffStore(client, tables.staff),
      notices: { outbox: dynamoOutboxStore(client, tables.outbox), siteUrl: running.siteUrl },
      where: `the running local stack (${dataDir})`,
      close: async () => client.destroy(),
    };
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
    store: dynamoStaffStore(client, tables.staff),
    // Sent by the mail retry job of the next `npm start`, which serves the default address unless PORT says otherwise.
    notices: {
      outbox: dynamoOutboxStore(client, tables.outbox),
      siteUrl: process.env['SITE_URL'] || `http://127.0.0.1:${LOCAL_DEFAULTS.PORT}`,
    },
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

/** The account after the command, and what to tell the operator. */
async function changed(
  command: Exclude<Command, 'add'>,
  account: StaffAccount,
  role: StaffRole | undefined,
  now: string,
): Promise<{ after: StaffAccount; done: string }> {
  // Every one of these signs out the account's sessions (enable too: sessions from before a disable stay ended).
  const signedOut = { updatedAt: now, tokenVersion: nextTokenVersion(account) };
  const { email } = account;
  switch (command) {
    case 'passwd': {
      const kept = role ?? account.role;
      if (!kept) usage(`${email} has no role, so it cannot sign in: give it one with --role ${STAFF_ROLES.join('|')}.`);
      // Everything else stays (two-factor, last sign-in); a pending invitation is spent by the new password.
      const after = { ...withPasswordSet(account, await hashPassword(await newPassword())), ...signedOut, role: kept };
      return { after, done: `Changed the password of ${email}. Its earlier sessions are signed out.` };
    }
    case 'role':
      if (!role) usage(`Give the role: npm run staff -- role ${email} --role ${STAFF_ROLES.join('|')}`);
      return {
        after: { ...account, ...signedOut, role },
        done: `${email} is now ${role}. Its sessions are signed out.`,
      };
    case 'reset-2fa':
      return {
        after: { ...withoutTwoFactor(account), ...signedOut },
        done: `Reset two-factor sign-in of ${email}. Its sessions are signed out; it signs in with its password and enrols again.`,
      };
    case 'disable':
    case 'enable':
      return {
        after: { ...account, ...signedOut, disabled: command === 'disable' },
        done: command === 'disable' ? `Disabled ${email}. Its tokens stop working at once.` : `Enabled ${email}.`,
      };
  }
}

/** The password, at least as long as the product asks. */
async function newPassword(): Promise<string> {
  const password = await askPassword();
  if (password.length < STAFF_PASSWORD_MIN_LENGTH)
    usage(`The password needs at least ${STAFF_PASSWORD_MIN_LENGTH} characters.`);
  return password;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  const [command, rawEmail, ...options] = process.argv.slice(2);
  const roleAt = options.indexOf('--role');
  const role = roleAt === -1 ? undefined : options[roleAt + 1];
  if (!COMMANDS.includes(command as Command)) usage();
  if (role !== undefined && !(STAFF_ROLES as readonly string[]).includes(role))
    usage(`--role must be one of ${STAFF_ROLES.join(', ')}.`);
  if (roleAt !== -1 && !WITH_ROLE.includes(command as Command)) usage(`--role goes with ${WITH_ROLE.join(', ')}.`);
  if (!rawEmail || !EMAIL_PATTERN.test(rawEmail.trim().toLowerCase())) usage("Give the staff member's e-mail address.");
  const email = normaliseStaffEmail(rawEmail);
  const { store, notices, where, close } = await openAccountTables();
  try {
    if (command === 'reset-2fa' && !notices)
      usage(
        `reset-2fa tells the account's owner by mail, as an admin's reset does: set ${TABLES.outbox.envVar} and SITE_URL too (the stack's outputs).`,
      );
    const existing = await store.get(email);
    const now = new Date().toISOString();
    if (command === 'add') {
      if (existing)
        usage(`${email} already has an account; use passwd to change its password, role to change its role.`);
      const account: StaffAccount = {
        email,
        passwordHash: await hashPassword(await newPassword()),
        disabled: false,
        role: (role as StaffRole | undefined) ?? 'admin',
        createdAt: now,
        updatedAt: now,
        tokenVersion: nextTokenVersion(undefined),
      };
      // Made only if nobody made it meanwhile (an invitation, another add).
      if (!(await store.replace(account, 0))) fail(`${email} got an account meanwhile; nothing was written.`);
      console.log(`Added ${email} as ${account.role} in ${where}.`);
      return;
    }
    if (!existing) usage(`${email} has no account${command === 'passwd' ? '; use add' : ''}.`);
    const { after, done } = await changed(
      command as Exclude<Command, 'add'>,
      existing,
      role as StaffRole | undefined,
      now,
    );
    // Only what the command changes, and only on the account as it was read: nothing an admin or a sign-in did meanwhile is undone.
    if (!(await updateAccount(store, existing, after)))
      fail(
        `${email} was changed meanwhile (an admin, a sign-in, another command); nothing was written. Run the command again.`,
      );
    const noRole = after.role
      ? ''
      : ` It has no role and cannot sign in: npm run staff -- role ${email} --role ${STAFF_ROLES.join('|')}`;
    console.log(`${done} (${where})${noRole}`);
    if (command === 'reset-2fa' && notices && hasTwoFactor(existing)) {
      await queueOwnerNotice(notices.outbox, Date.now(), notices.siteUrl, email, {
        kind: 'twoFactorReset',
        by: OPERATOR,
      });
      console.log(`${email} is told by mail (the outbox's retry job sends it within minutes).`);
    }
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
