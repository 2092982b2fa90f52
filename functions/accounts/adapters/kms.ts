import { kmsClient, kmsSecretSealer } from '../../platform/wiring/kms-secret-sealer';
import type { Settings } from '../../platform/config';
import type { SecretSealer } from '../../platform/ports';
import type { AwsClientOptions } from '../../platform/wiring/aws';
import { lazyObject, settingOf } from '../../platform/wiring/lazy';

export interface KmsDeps {
  /** Seals and opens the TOTP secrets (accounts/two-factor/two-factor.ts); only the routes that declare `totpSecrets` may call it. */
  totpSealer: SecretSealer;
}

/** The TOTP key in KMS (`TOTP_KEY_ID`): the only sealer a Lambda function is wired with (the local stack has its own, local/secret-sealer.ts). */
export function kmsDeps(settings: Partial<Settings>, aws: AwsClientOptions): KmsDeps {
  return lazyObject<KmsDeps>({
    totpSealer: () =>
      kmsSecretSealer(
        kmsClient({ region: aws.region, credentials: aws.credentials }),
        settingOf(settings, 'TOTP_KEY_ID'),
      ),
  });
}
