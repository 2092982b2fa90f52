import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt at OWASP's recommended strength (N=2^17, r=8, p=1). The parameters
 * are stored with each hash, so they can be raised later without a migration.
 */
const DEFAULT_COST = { log2N: 17, r: 8, p: 1 };
const KEY_BYTES = 32;
const SALT_BYTES = 16;

function scrypt(password: string, salt: Buffer, cost: typeof DEFAULT_COST): Promise<Buffer> {
  const N = 2 ** cost.log2N;
  const options: ScryptOptions = { N, r: cost.r, p: cost.p, maxmem: 256 * N * cost.r };
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize('NFKC'), salt, KEY_BYTES, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scrypt(password, salt, DEFAULT_COST);
  const { log2N, r, p } = DEFAULT_COST;
  return `scrypt$${log2N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, log2N, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), {
    log2N: Number(log2N),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A hash of a random, forgotten password. Checking an unknown account's
 * password against it costs the same time as checking a real one, so the
 * answer's timing does not tell which e-mail addresses are staff.
 */
export const DECOY_PASSWORD_HASH =
  'scrypt$17$8$1$mE2LxZ9tQm3h7m0rJq1VYg==$6Kx0o1f5bq3Jv2cY7kq0m8vJtq9R3b0c1yP4o8Wq2sE=';
