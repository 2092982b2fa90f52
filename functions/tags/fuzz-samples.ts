/** One valid request per route of this feature, which the API fuzzer spoils one field at a time (tests/support/fuzz/api-fuzz.ts). */
import type { FeatureSamples } from '../platform/fuzz-samples';

export const fuzzSamples: FeatureSamples<'tags' | 'tagsInUse'> = (context) => {
  const index = context.enquiryIndex;
  return {
    tags: { body: { index, add: ['VIP', '보험'], remove: ['follow-up'] } },
    tagsInUse: {},
  };
};
