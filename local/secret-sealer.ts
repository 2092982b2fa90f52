/**
 * The local stack's SecretSealer: no KMS emulator exists, so the TOTP secrets
 * are sealed here with AES-256-GCM under a key derived (HKDF) from the local
 * token secret, the context as the additional authenticated data, so a
 * sealed secret copied to another account does not open, as with KMS's
 * encryption context. Only the local stack chooses it (when no TOTP_KEY_ID
 * is set): a Lambda function is wired with KMS alone (functions/accounts/adapters/kms.ts).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { SealingContext, SecretSealer } from '../functions/platform/ports';

const VERSION = 'local1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The context as bytes, its keys sorted, so the same context always authenticates the same. */
const contextBytes = (context: SealingContext) =>
  Buffer.from(JSON.stringify(Object.entries(context).sort(([a], [b]) => a.localeCompare(b))));

export function localSecretSealer(tokenSecret: string): SecretSealer {
  const key = Buffer.from(hkdfSync('sha256', tokenSecret, 'medical-tourism-local', 'sealed secrets', 32));
  return {
    async seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(contextBytes(context));
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64')}`;
    },
    async open(sealed, context) {
      const [version, body] = sealed.split(':');
      if (version !== VERSION || !body) throw new Error('not a sealed value of the local stack');
      const bytes = Buffer.from(body, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES)).setAAD(contextBytes(context));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      // Fails (bad tag) for another context, another key or a changed value.
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}
