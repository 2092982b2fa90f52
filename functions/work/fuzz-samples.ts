/** One valid request per route of this feature, which the API fuzzer spoils one field at a time (tests/support/fuzz/api-fuzz.ts). */
import type { FeatureSamples } from '../platform/fuzz-samples';

export const fuzzSamples: FeatureSamples<
  | 'note'
  | 'owners'
  | 'reply'
  | 'restoreTemplate'
  | 'saveTemplate'
  | 'seen'
  | 'templateHistory'
  | 'templateVersion'
  | 'templates'
  | 'thread'
  | 'work'
> = (context) => {
  const index = context.enquiryIndex;
  return {
    work: { body: { index, version: 0, status: 'in_progress', owner: '' } },
    owners: {},
    note: { body: { index, text: 'Called back; she will send the scans.' }, multiline: ['text'] },
    reply: {
      body: { index, version: 0, subject: 'Your check-up', body: 'Dear Anna,\nthank you.' },
      multiline: ['body'],
    },
    thread: { params: { index: String(index) } },
    seen: { body: { index, unreadAt: '2026-11-20T05:00:00.000Z' } },
    templates: {},
    saveTemplate: {
      body: { section: '호텔예약', locale: 'en', revision: 0, subject: 'Your stay', body: 'Dear {name},\nthank you.' },
      multiline: ['body'],
    },
    templateHistory: { query: { section: '호텔예약', locale: 'en', before: '3' } },
    templateVersion: { query: { section: '호텔예약', locale: 'en', revision: '0' } },
    // Revision 0 is the default text, which is also the text now until a save: its restore is refused naming `restore`.
    restoreTemplate: {
      body: { section: '호텔예약', locale: 'en', revision: 0, restore: 0 },
      refusedOnceWellFormed: ['restore'],
    },
  };
};
