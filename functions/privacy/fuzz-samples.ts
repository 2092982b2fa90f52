/** One valid request per route of this feature, which the API fuzzer spoils one field at a time (tests/support/fuzz/api-fuzz.ts). */
import type { FeatureSamples } from '../fuzz-samples';

export const fuzzSamples: FeatureSamples<'accessLog' | 'accessLogCsv' | 'hold' | 'retentionDue' | 'subject' | 'subjectErase' | 'subjectExport'> = (context) => {
  const index = context.enquiryIndex;
  return {
    accessLog: { query: { from: context.today, to: context.today, actor: 'someone@fuzz.test' } },
    accessLogCsv: { query: { from: context.today, to: context.today } },
    retentionDue: {},
    hold: { body: { index, reason: 'Court order 2026-17' }, multiline: ['reason'] },
    subject: { body: { email: 'absent@example.test' } },
    subjectExport: { body: { email: 'absent@example.test' } },
    subjectErase: { body: { email: 'absent@example.test', reason: 'The visitor asked by mail.' }, multiline: ['reason'] },
  };
};
