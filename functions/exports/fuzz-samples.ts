/** One valid request per route of this feature, which the API fuzzer spoils one field at a time (tests/support/fuzz/api-fuzz.ts). */
import type { FeatureSamples } from '../platform/fuzz-samples';

export const fuzzSamples: FeatureSamples<'exportCsv' | 'exportStatus'> = (context) => ({
  exportCsv: { query: { section: 'ALL', from: '2026-01-01', to: context.today } },
  // A well-formed id of no job: the fuzzer spoils it into ids the route must refuse.
  exportStatus: { params: { jobId: '00000000-0000-4000-8000-000000000000' } },
});
