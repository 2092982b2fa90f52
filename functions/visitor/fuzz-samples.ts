/** One valid request per route of this feature, which the API fuzzer spoils one field at a time (tests/support/fuzz/api-fuzz.ts). */
import type { FeatureSamples } from '../platform/fuzz-samples';

export const fuzzSamples: FeatureSamples<'visitorEnquiry' | 'visitorMessage' | 'replaceVisitorLink'> = (context) => ({
  visitorEnquiry: { body: { link: context.visitorLink } },
  visitorMessage: {
    body: {
      link: context.visitorLink,
      text: 'Thank you.\nCould we come a day later?',
      message_id: context.submissionId(),
    },
    multiline: ['text'],
  },
  replaceVisitorLink: { body: { index: context.enquiryIndex, version: 0 } },
});
