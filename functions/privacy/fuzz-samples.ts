/** One valid request per route of this feature, which the API fuzzer spoils one field at a time (tests/support/fuzz/api-fuzz.ts). */
import { writeAccessLogCursor } from '../../shared/privacy/access-log-cursor';
import type { FeatureSamples } from '../platform/fuzz-samples';

export const fuzzSamples: FeatureSamples<
  'accessLog' | 'accessLogCsv' | 'hold' | 'retentionDue' | 'subject' | 'subjectErase' | 'subjectExport'
> = (context) => {
  const index = context.enquiryIndex;
  return {
    // A page from a cursor (one the server could have made for the day) and of a chosen size.
    accessLog: {
      query: {
        from: context.today,
        to: context.today,
        actor: 'someone@fuzz.test',
        limit: '50',
        cursor: writeAccessLogCursor({ day: context.today, place: `${context.today}T23:59:59.999Z` }),
      },
    },
    accessLogCsv: {
      query: {
        from: context.today,
        to: context.today,
        cursor: writeAccessLogCursor({ day: context.today, place: `${context.today}T23:59:59.999Z` }),
      },
    },
    retentionDue: {},
    hold: { body: { index, reason: 'Court order 2026-17' }, multiline: ['reason'] },
    subject: { body: { email: 'absent@example.test' } },
    subjectExport: { body: { email: 'absent@example.test' } },
    subjectErase: {
      body: { email: 'absent@example.test', reason: 'The visitor asked by mail.' },
      multiline: ['reason'],
    },
  };
};
