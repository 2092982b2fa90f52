/** One valid request per route of this feature, which the API fuzzer spoils one field at a time (tests/support/fuzz/api-fuzz.ts). */
import type { FeatureSamples } from '../platform/fuzz-samples';

export const fuzzSamples: FeatureSamples<'translateAgain' | 'replyPreview'> = (context) => ({
  translateAgain: { body: { index: context.enquiryIndex, source: 'enquiry' } },
  replyPreview: {
    body: { index: context.enquiryIndex, text: '안녕하세요.\n12월 10일에 진료가 가능합니다.' },
    multiline: ['text'],
  },
});
