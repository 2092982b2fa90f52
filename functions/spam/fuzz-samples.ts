/** One valid request per route of this feature, which the API fuzzer spoils one field at a time (tests/support/fuzz/api-fuzz.ts). */
import type { FeatureSamples } from '../platform/fuzz-samples';

export const fuzzSamples: FeatureSamples<'spamWaiting' | 'markGenuine'> = (context) => ({
  spamWaiting: {},
  // The fuzzer's enquiry is no suspected spam: well formed, and refused naming `index`.
  markGenuine: {
    params: { index: String(context.enquiryIndex) },
    body: { version: 0 },
    refusedOnceWellFormed: ['index'],
  },
});
