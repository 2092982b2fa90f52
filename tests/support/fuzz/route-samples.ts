/**
 * One valid request per API route (its body or query and path parameters),
 * which the fuzzer spoils one field at a time. A `Record` over every route
 * name: a route added to shared/routes.ts without a sample here does not
 * type-check, so no route escapes the fuzzing.
 */
import type { RouteName } from '../../../shared/routes';

export interface RouteSample {
  /** A valid JSON body (POST routes). */
  body?: Record<string, unknown>;
  /** A valid query (GET routes that read one). */
  query?: Record<string, string>;
  /** Path parameter values. */
  params?: Record<string, string>;
  /** Text fields that may hold several lines; every other text field is one line (it may become a mail header or a CSV cell). */
  multiline?: readonly string[];
}

export interface SampleContext {
  /** A stored enquiry the staff routes can name. */
  enquiryIndex: number;
  /** Today and this month in Korea time. */
  today: string;
  month: string;
  /** A fresh id per call, so a valid enquiry is a new one each time. */
  submissionId(): string;
}

export function routeSamples(context: SampleContext): Record<RouteName, RouteSample> {
  const index = context.enquiryIndex;
  const titles = Object.fromEntries(['kr', 'en', 'ch', 'ru'].flatMap((suffix) => [[`title_${suffix}`, `Check-up ${suffix}`], [`content_${suffix}`, `Full check-up, ${suffix}.`]]));
  return {
    amendBest: {},
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
    login: { body: { email: 'nobody@fuzz.test', pass: 'not the password at all' } },
    view: { body: { section: 'ALL', limit: 5 } },
    detail: { params: { index: String(index) } },
    logout: {},
    fileupload: { body: { contentType: 'image/png', size: 1_000, index: 'imgUP_en' } },
    modalinput: { body: { index: 1, ...titles }, multiline: ['content_kr', 'content_en', 'content_ch', 'content_ru'] },
    popupinput: { body: { index: 2, imgUP_en: '' } },
    exportCsv: { query: { section: 'ALL', from: '2026-01-01', to: context.today } },
    // A well-formed id of no job: the fuzzer spoils it into ids the route must refuse.
    exportStatus: { params: { jobId: '00000000-0000-4000-8000-000000000000' } },
    work: { body: { index, version: 0, status: 'in_progress', owner: '' } },
    note: { body: { index, text: 'Called back; she will send the scans.' }, multiline: ['text'] },
    tags: { body: { index, add: ['VIP', '보험'], remove: ['follow-up'] } },
    tagsInUse: {},
    reply: { body: { index, version: 0, subject: 'Your check-up', body: 'Dear Anna,\nthank you.' }, multiline: ['body'] },
    thread: { params: { index: String(index) } },
    templates: {},
    saveTemplate: { body: { section: '호텔예약', locale: 'en', subject: 'Your stay', body: 'Dear {name},\nthank you.' }, multiline: ['body'] },
    accessLog: { query: { from: context.today, to: context.today, actor: 'someone@fuzz.test' } },
    accessLogCsv: { query: { from: context.today, to: context.today } },
    retentionDue: {},
    hold: { body: { index, reason: 'Court order 2026-17' }, multiline: ['reason'] },
    subject: { query: { email: 'absent@example.test' } },
    subjectExport: { query: { email: 'absent@example.test' } },
    subjectErase: { body: { email: 'absent@example.test', reason: 'The visitor asked by mail.' }, multiline: ['reason'] },
    accounts: {},
    invite: { body: { email: 'new-hire@fuzz.test', role: 'staff' } },
    changeAccount: { body: { email: 'absent@fuzz.test', action: 'role', role: 'editor' } },
    twoFactorPolicy: { body: { requireTwoFactor: false } },
    welcome: { body: { token: `bmV3QGZ1enoudGVzdA.${'A'.repeat(43)}`, password: 'a long new password' } },
    twoFactor: {},
    startTwoFactor: {},
    confirmTwoFactor: { body: { code: '123456' } },
    dashboard: { query: { days: '30' } },
    dashboardCsv: { query: { month: context.month } },
  };
}
