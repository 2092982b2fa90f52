/** One valid request per route of this feature, which the API fuzzer spoils one field at a time (tests/support/fuzz/api-fuzz.ts). */
import type { FeatureSamples } from '../platform/fuzz-samples';

export const fuzzSamples: FeatureSamples<'amendBest' | 'fileupload' | 'modalinput' | 'popupinput'> = () => {
  const titles = Object.fromEntries(
    ['kr', 'en', 'ch', 'ru'].flatMap((suffix) => [
      [`title_${suffix}`, `Check-up ${suffix}`],
      [`content_${suffix}`, `Full check-up, ${suffix}.`],
    ]),
  );
  return {
    amendBest: {},
    fileupload: { body: { contentType: 'image/png', size: 1_000, index: 'imgUP_en' } },
    modalinput: { body: { index: 1, ...titles }, multiline: ['content_kr', 'content_en', 'content_ch', 'content_ru'] },
    popupinput: { body: { index: 2, imgUP_en: '' } },
  };
};
