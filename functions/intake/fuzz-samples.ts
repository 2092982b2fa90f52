/** One valid request per route of this feature, which the API fuzzer spoils one field at a time (tests/support/fuzz/api-fuzz.ts). */
import type { FeatureSamples } from '../platform/fuzz-samples';

export const fuzzSamples: FeatureSamples<'sendmail'> = (context) => ({
  sendmail: {
    body: {
      user_name: 'Anna Petrova',
      user_email: 'anna@example.test',
      phone: '+7 900 123-45-67',
      section: '병원예약',
      detail_section: '종합검진',
      message: 'A full check-up next month, please.',
      user_count: 2,
      user_Room: 1,
      start: '2036-12-10 09:30',
      user_language: 'Russian',
      consent_privacy: true,
      consent_health: true,
      page_locale: 'ru',
      contact_channel: 'telegram',
      contact_account: '@anna_petrova',
      submission_id: context.submissionId(),
    },
    multiline: ['message'],
  },
});
