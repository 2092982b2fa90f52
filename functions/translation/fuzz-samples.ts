/** One valid request per route of this feature, which the API fuzzer spoils one field at a time (tests/support/fuzz/api-fuzz.ts). */
import type { FeatureSamples } from '../fuzz-samples';

export const fuzzSamples: FeatureSamples<'translateAgain'> = (context) => ({
  translateAgain: { body: { index: context.enquiryIndex, source: 'enquiry' } },
});
