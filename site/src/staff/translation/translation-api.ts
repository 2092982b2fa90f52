/** The back office's call that asks again for a translation (functions/translation/staff/staff-translation-handler.ts). */
import type { TranslationView } from '../../../../shared/translation/staff-translation';
import { apiPath } from '../../../../shared/routes';
import { staffPost } from '../core/api';

export async function askTranslationAgain(index: number, source: string): Promise<TranslationView> {
  const { data } = await staffPost<TranslationView>(apiPath('translateAgain'), { data: { index, source } });
  return data;
}
