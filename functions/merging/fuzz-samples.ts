/** One valid request per route of this feature, which the API fuzzer spoils one field at a time (tests/support/fuzz/api-fuzz.ts). */
import type { FeatureSamples } from '../platform/fuzz-samples';

export const fuzzSamples: FeatureSamples<'relatedEnquiries'> = (context) => ({
  relatedEnquiries: { params: { index: String(context.enquiryIndex) } },
});
