/**
 * `npm run synth`: synthesises the CDK app with cdk-nag, offline and without
 * credentials (with any credentials the CLI would call STS), with example
 * mail addresses; a script rather than `env -u ...` so it runs on every OS.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { devNull } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const cdkCli = join(dirname(createRequire(import.meta.url).resolve('aws-cdk/package.json')), 'bin', 'cdk');

const CREDENTIAL_VARIABLES = [
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'AWS_PROFILE',
  'AWS_DEFAULT_PROFILE',
];
const env: Record<string, string | undefined> = {
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !CREDENTIAL_VARIABLES.includes(name))),
  AWS_SHARED_CREDENTIALS_FILE: devNull,
  AWS_CONFIG_FILE: devNull,
  AWS_EC2_METADATA_DISABLED: 'true',
  CDK_DISABLE_VERSION_CHECK: '1',
  CDK_DISABLE_CLI_TELEMETRY: 'true',
};

const result = spawnSync(
  process.execPath,
  [
    cdkCli,
    'synth',
    '--all',
    '--no-notices',
    '--quiet',
    '-c',
    'mailFrom=noreply@example.com',
    '-c',
    'mailTo=staff@example.com',
    ...process.argv.slice(2),
  ],
  { cwd: root, env, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
