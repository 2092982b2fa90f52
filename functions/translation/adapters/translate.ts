import { amazonTranslator, translateClient } from './amazon-translate';
import type { Settings } from '../../platform/config';
import type { Translator } from '../ports';
import { AMAZON_TRANSLATE, LOCAL_STAND_IN } from '../../../shared/translation/translation';
import type { AwsClientOptions } from '../../platform/wiring/aws';
import { lazyObject, settingOf } from '../../platform/wiring/lazy';

export interface TranslateDeps {
  translator: Translator;
}

/**
 * Amazon Translate in the function's region; locally, the stand-in the
 * endpoint names, which is then the engine named beside every translation.
 */
export function translateDeps(settings: Partial<Settings>, aws: AwsClientOptions): TranslateDeps {
  return lazyObject<TranslateDeps>({
    translator: () =>
      amazonTranslator(
        translateClient({ region: aws.region, credentials: aws.credentials, endpoint: aws.endpoints?.translate }),
        {
          engine: aws.endpoints?.translate ? LOCAL_STAND_IN : AMAZON_TRANSLATE,
          terminologyName: settingOf(settings, 'TRANSLATE_TERMINOLOGY'),
        },
      ),
  });
}
