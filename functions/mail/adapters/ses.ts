import { sesClient, sesMailer } from './ses-mailer';
import type { Settings } from '../../platform/config';
import type { Mailer } from '../ports';
import type { AwsClientOptions } from '../../platform/wiring/aws';
import { lazyObject, settingOf } from '../../platform/wiring/lazy';

export interface SesDeps {
  mailer: Mailer;
}

export function sesDeps(settings: Partial<Settings>, aws: AwsClientOptions): SesDeps {
  return lazyObject<SesDeps>({
    mailer: () =>
      sesMailer(sesClient({ region: aws.region, credentials: aws.credentials, endpoint: aws.endpoints?.ses }), {
        from: settingOf(settings, 'MAIL_FROM'),
        configurationSet: settingOf(settings, 'MAIL_CONFIGURATION_SET'),
        timeoutMs: settingOf(settings, 'MAIL_TIMEOUT_MS'),
      }),
  });
}
