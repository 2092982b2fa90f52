/**
 * Secret settings can come from Secrets Manager: when `<NAME>_ARN` is set and
 * `<NAME>` is not, the function reads the secret (GetSecretValue) and keeps
 * it for SECRET_MAX_AGE_SECONDS. A rotated secret therefore takes effect
 * within that time on warm instances too, and the value never appears in the
 * function's configuration. One cached read per secret, shared by requests
 * that arrive while it is on its way.
 */
import {
  GetSecretValueCommand,
  SecretsManagerClient,
  type SecretsManagerClientConfig,
} from '@aws-sdk/client-secrets-manager';
import { AWS_CALL_LIMITS } from './wiring/call-limits';

export const SECRET_SETTINGS = ['TOKEN_SECRET', 'ORIGIN_VERIFY_SECRET', 'REPLY_ADDRESS_SECRET'] as const;

/** How long a warm function keeps a secret before asking Secrets Manager again. */
export const SECRET_MAX_AGE_SECONDS = 300;

export type SecretReader = (arn: string) => Promise<string>;

/** Secrets Manager's GetSecretValue: the answer's fields that matter here. */
export type GetSecretValue = (secretId: string) => Promise<{ SecretString?: string }>;

/** GetSecretValue through the SDK's client; in Lambda, in the function's region with its role's credentials. */
export function getSecretValueFrom(client: Pick<SecretsManagerClient, 'send'>): GetSecretValue {
  return (secretId) => client.send(new GetSecretValueCommand({ SecretId: secretId }));
}

/** Secrets Manager with the call limits of call-limits.ts (a read is safe to repeat, so a time-out is tried again). */
export function secretsManagerClient(config: SecretsManagerClientConfig = {}): SecretsManagerClient {
  return new SecretsManagerClient({ ...AWS_CALL_LIMITS, ...config });
}

/** A reader of Secrets Manager with the cache above; `now` is for tests. */
export function secretsManagerReader(getSecretValue: GetSecretValue, now: () => number = Date.now): SecretReader {
  const cache = new Map<string, { value: Promise<string>; until: number }>();
  return (arn) => {
    const cached = cache.get(arn);
    if (cached && cached.until > now()) return cached.value;
    const value = getSecretValue(arn).then(({ SecretString }) => {
      if (!SecretString) throw new Error(`Secret ${arn} has no string value`);
      return SecretString;
    });
    cache.set(arn, { value, until: now() + SECRET_MAX_AGE_SECONDS * 1000 });
    // A failed read is not kept: the next request asks again.
    value.catch(() => {
      if (cache.get(arn)?.value === value) cache.delete(arn);
    });
    return value;
  };
}

let lambdaReader: SecretReader | undefined;

/** The function's own reader: made on the first read, so a function given every value directly never makes one. */
export const readFromSecretsManager: SecretReader = (arn) =>
  (lambdaReader ??= secretsManagerReader(getSecretValueFrom(secretsManagerClient())))(arn);

/** The environment with each secret setting filled in from its `_ARN`, when only the ARN is given. */
export async function withSecrets(
  env: Record<string, string | undefined>,
  read: SecretReader = readFromSecretsManager,
): Promise<Record<string, string | undefined>> {
  const filled = { ...env };
  await Promise.all(
    SECRET_SETTINGS.map(async (name) => {
      const arn = env[`${name}_ARN`];
      if (arn && !env[name]) filled[name] = await read(arn);
    }),
  );
  return filled;
}

/** The secret values in an environment, as one comparable key (to notice a rotation). */
export function secretsKey(env: Record<string, string | undefined>): string {
  return JSON.stringify(SECRET_SETTINGS.map((name) => env[name] ?? ''));
}
