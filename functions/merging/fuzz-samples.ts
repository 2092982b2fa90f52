/** One valid request per route of this feature, which the API fuzzer spoils one field at a time (tests/support/fuzz/api-fuzz.ts). */
import type { FeatureSamples } from '../platform/fuzz-samples';

// Versions no enquiry of the fuzzer's reaches: a spoil that names another enquiry is refused as changed meanwhile, never merged.
const UNREAD_VERSION = 987_654;

export const fuzzSamples: FeatureSamples<'relatedEnquiries' | 'mergeEnquiry' | 'unmergeEnquiry' | 'splitMessage'> = (
  context,
) => {
  const params = { index: String(context.enquiryIndex) };
  return {
    relatedEnquiries: { params },
    // Into itself: well formed, and refused naming `into`.
    mergeEnquiry: {
      params,
      body: { into: context.enquiryIndex, version: UNREAD_VERSION, intoVersion: UNREAD_VERSION },
      refusedOnceWellFormed: ['into'],
    },
    // The enquiry was merged into nothing: refused naming `index`.
    unmergeEnquiry: { params, body: { version: UNREAD_VERSION }, refusedOnceWellFormed: ['index'] },
    splitMessage: { params, body: { at: '2026-01-01T00:00:00.000Z#0abcdef12', version: UNREAD_VERSION } },
  };
};
