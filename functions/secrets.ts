/**
 * Secret settings can come from Secrets Manager: when `<NAME>_ARN` is set and
 * `<NAME>` is not, the function reads the secret once at cold start. The
 * value then never appears in the function's configuration.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

export const SECRET_SETTINGS = ['TOKEN_SECRET', 'ORIGIN_VERIFY_SECRET'] as const;

export type SecretReader = (arn: string) => Promise<string>;

export const readFromSecretsManager: SecretReader = async (arn) => {
  const client = new SecretsManagerClient({});
  try {
    const result = await client.send(new GetSecretValueCommand({ SecretId: arn }));
    if (!result.SecretString) throw new Error(`Secret ${arn} has no string value`);
    return result.SecretString;
  } finally {
    client.destroy();
  }
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
