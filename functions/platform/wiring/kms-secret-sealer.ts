import { DecryptCommand, EncryptCommand, KMSClient, type KMSClientConfig } from '@aws-sdk/client-kms';
import type { SecretSealer } from '../ports';
import { AWS_CALL_LIMITS } from './call-limits';

export function kmsClient(config: KMSClientConfig = {}): KMSClient {
  return new KMSClient({ ...AWS_CALL_LIMITS, ...config });
}

/**
 * Seals with KMS Encrypt under one customer-managed symmetric key, the
 * context as KMS's encryption context (bound to the ciphertext: Decrypt
 * fails for any other). The sealed form is the ciphertext blob in base64.
 * Decrypt names the key too, so a blob of another key is refused.
 */
export function kmsSecretSealer(client: KMSClient, keyId: string): SecretSealer {
  return {
    async seal(plain, context) {
      const { CiphertextBlob } = await client.send(
        new EncryptCommand({
          KeyId: keyId,
          Plaintext: new TextEncoder().encode(plain),
          EncryptionContext: { ...context },
        }),
      );
      if (!CiphertextBlob) throw new Error('KMS Encrypt answered no ciphertext');
      return Buffer.from(CiphertextBlob).toString('base64');
    },
    async open(sealed, context) {
      const { Plaintext } = await client.send(
        new DecryptCommand({
          KeyId: keyId,
          CiphertextBlob: Buffer.from(sealed, 'base64'),
          EncryptionContext: { ...context },
        }),
      );
      if (!Plaintext) throw new Error('KMS Decrypt answered no plaintext');
      return new TextDecoder().decode(Plaintext);
    },
  };
}
