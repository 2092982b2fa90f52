/**
 * Secret settings can come from Secrets Manager: when `<NAME>_ARN` is set and
 * `<NAME>` is not, the function reads the secret through Powertools
 * Parameters, whose cache keeps a value for SECRET_MAX_AGE_SECONDS. A rotated
 * secret therefore takes effect within that time on warm instances too, and
 * the value never appears in the function's configuration.
 */
import { getSecret } from '@aws-lambda-powertools/parameters/secrets';

export const SECRET_SETTINGS = ['TOKEN_SECRET', 'ORIGIN_VERIFY_SECRET'] as const;

/** How long a warm function keeps a secret before asking Secrets Manager again. */
export const SECRET_MAX_AGE_SECONDS = 300;

export type SecretReader = (arn: string) => Promise<string>;

export const readFromSecretsManager: SecretReader = async (arn) => {
  const value = await getSecret(arn, { maxAge: SECRET_MAX_AGE_SECONDS });
  if (typeof value !== 'string' || value === '') throw new Error(`Secret ${arn} has no string value`);
  return value;
};

/** The environment with each secret setting filled in from its `_ARN`, when only the ARN is given. */
export async function withSecrets(env: Record<string, string | undefined>, read: SecretReader = readFromSecretsManager): Promise<Record<string, string | undefined>> {
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
