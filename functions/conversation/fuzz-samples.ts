/** One valid request per route of this feature, which the API fuzzer spoils one field at a time (tests/support/fuzz/api-fuzz.ts). */
import type { FeatureSamples } from '../platform/fuzz-samples';

/** A well-formed key no mail is kept under: the routes answer 404 and change nothing. */
const KEY = 'kept#2026-11-22T09:59:00.000Z#m0123456789abcdef';

export const fuzzSamples: FeatureSamples<
  'keptMail' | 'keptMailText' | 'keptMailTranslation' | 'attachKeptMail' | 'discardKeptMail' | 'keptMailRaw'
> = (context) => ({
  keptMail: { query: { box: 'unmatched' } },
  keptMailText: { query: { key: KEY } },
  keptMailTranslation: { body: { key: KEY, again: false } },
  attachKeptMail: { body: { key: KEY, index: context.enquiryIndex, confirmQuarantine: false } },
  discardKeptMail: { body: { key: KEY } },
  keptMailRaw: { body: { key: KEY } },
});
