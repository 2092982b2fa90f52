/** One valid request for the staff download of an attachment, which the API fuzzer spoils one field at a time (tests/support/fuzz/api-fuzz.ts). */
import { INBOUND_ATTACHMENT_PREFIX } from '../../../shared/conversation/visitor-messages';
import type { FeatureSamples } from '../../platform/fuzz-samples';

export const fuzzSamples: FeatureSamples<'attachmentLink'> = (context) => ({
  // Well formed, yet listed in no thread: the answer is 404, and nothing is signed.
  attachmentLink: { body: { index: context.enquiryIndex, key: `${INBOUND_ATTACHMENT_PREFIX}${'0'.repeat(32)}/1` } },
});
