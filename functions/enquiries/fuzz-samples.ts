/** One valid request per route of this feature, which the API fuzzer spoils one field at a time (tests/support/fuzz/api-fuzz.ts). */
import type { FeatureSamples } from '../platform/fuzz-samples';

export const fuzzSamples: FeatureSamples<'detail' | 'view'> = (context) => {
  const index = context.enquiryIndex;
  return {
    view: { body: { section: 'ALL', limit: 5 } },
    detail: { params: { index: String(index) } },
  };
};
