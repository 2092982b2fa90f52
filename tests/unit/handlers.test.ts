import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiErrorBody } from '../../shared/api-error';
import { nextTokenVersion } from '../../shared/auth';
import type { EnquiryRecord } from '../../shared/enquiries/enquiry';
import { MIN_FILL_TIME_MS, RESERVATION_PAST_GRACE_MS } from '../../shared/intake/form-fields';
import { formatKoreaDateTime } from '../../shared/korea-time';
import { makeDetailHandler } from '../../functions/enquiries/detail-handler';
import { makeExportCsvHandler } from '../../functions/exports/export-csv-handler';
import { makeLoginHandler } from '../../functions/accounts/login-handler';
import { makeLogoutHandler } from '../../functions/accounts/logout-handler';
import { makeSendmailHandler } from '../../functions/intake/sendmail-handler';
import { makeViewHandler } from '../../functions/enquiries/view-handler';
import { MAX_BODY_BYTES } from '../../functions/http/request';
import type { Mail } from '../../functions/mail/ports';
import { MAIL_GRACE_MS, MAX_MAIL_ATTEMPTS, STALE_SENDING_MS, retryDelayMs, retryDueMail } from '../../functions/mail/mail-delivery';
import { hashPassword } from '../../functions/accounts/passwords';
import { composeEnquiryMail } from '../../functions/mail/staff-mail';
import { signStaffToken, verifyStaffToken } from '../../functions/http/staff-tokens';
import { sampleRecord } from '../support/records';
import { type FakeDeps, apiEvent, bodyOf, dynamoRefused, fakeDeps, formPost, jsonPost, sesCutOff, sesRefused } from '../support/fakes';

const MINUTE = 60_000;

/** A valid concierge enquiry as the site's island sends it. */
const enquiry = (extra: Record<string, unknown> = {}) => ({
  user_name: 'Anna Petrova',
  user_email: 'anna@example.com',
  phone: '+7 900 123-45-67',
  section: '컨시어지',
  message: 'Please meet us at the airport.',
  user_count: 2,
  user_language: 'Russian',
  destination: 'Incheon Airport',
  start: '2026-12-01 10:00',
  consent_privacy: true,
  ...extra,
});

/** The same enquiry as an HTML form posts it. */
const formFields = (extra: Record<string, string> = {}) => ({
  user_name: 'Anna Petrova',
  user_email: 'anna@example.com',
  phone: '',
  section: '컨시어지',
  detail_section: '',
  message: 'Please meet us at the airport.',
  user_count: '2',
  user_Room: '1',
  user_language: 'Russian',
  destination: 'Incheon Airport',
  hotel: '',
  start: '2026-12-01 10:00',
  finish: '',
  consent_privacy: 'on',
  website: '',
  ...extra,
});

const errorBody = (response: { body?: string }) => bodyOf(response) as ApiErrorBody;
/** An answer with its reference blanked: every enquiry has its own, so only the rest can tell two answers apart. */
const apartFromReference = <Answer extends { body?: string }>(answer: Answer) => ({ ...answer, body: answer.body?.replace(/MT-\d{6}/g, 'MT-######') });
const stored = (deps: FakeDeps) => [...deps.enquiries.items.values()];

function location(response: { headers: Record<string, string> }): URL {
  const value = response.headers['Location'];
  expect(value, 'Location header').toBeDefined();
  expect(value?.startsWith('/')).toBe(true);
  expect(value?.startsWith('//')).toBe(false);
  return new URL(value ?? '', 'https://site.example');
}

/** Deps for the tests of the staff mail itself: the visitor's acknowledgement (tested apart) stays off. */
const staffMailDeps = (options: Parameters<typeof fakeDeps>[0] = {}) => fakeDeps({ ...options, settings: { ACKNOWLEDGE_VISITORS: false, ...options.settings } });

describe('POST /api/sendmail: store first, then mail', () => {
  it('stores the enquiry with its bookkeeping before the mail is sent, then marks it sent', async () => {
    const deps = staffMailDeps();
    const atSend: unknown[] = [];
    const send = deps.mailer.send.bind(deps.mailer);
    deps.mailer.send = async (mail: Mail) => {
      atSend.push(structuredClone(deps.enquiries.items.get(1)), structuredClone(deps.outbox.items.get('1:staff')));
      return send(mail);
    };
    const now = deps.clock.now();

    const response = await makeSendmailHandler(deps)(jsonPost('/api/sendmail', enquiry()));

    expect(response.statusCode).toBe(200);
    expect(bodyOf(response)).toEqual({ ok: true, reference: 'MT-000001' });
    // Stored first; the send itself was recorded in the outbox before the call.
    expect(atSend).toEqual([
      expect.objectContaining({ POST_INDEX: 1, MAIL_STATUS: 'pending', MAIL_ATTEMPTS: 0 }),
      expect.objectContaining({ mailId: '1:staff', status: 'sending', attempts: 1, startedAt: now }),
    ]);
    const [record] = stored(deps);
    expect(record).toMatchObject({
      POST_INDEX: 1,
      NAME: 'Anna Petrova',
      EMAIL: 'anna@example.com',
      CONTACT_NUMBER: '+7 900 123-45-67',
      LANG_PREFERENCE: 'Russian',
      MEDICAL_SECTION: '컨시어지',
      DETAIL_SECTION: '',
      DATE: formatKoreaDateTime(now),
      REGISTRATION_DATE: '2026-12-01 10:00',
      REGISTRATION_END: '',
      NUMBER_PEOPLE: 2,
      ROOM: 1,
      DESTINATION: 'Incheon Airport',
      CONTEXT: 'Please meet us at the airport.',
      RECEIVED_AT: new Date(now).toISOString(),
      SPAM: false,
      MAIL_STATUS: 'sent',
      MAIL_ATTEMPTS: 1,
      LIST: 'ALL',
      SECTION_LIST: 'ALL#컨시어지',
      LIST_SEQ: 1,
      SECTION_SEQ: 1,
      CONSENT_HEALTH: false,
    });
    expect(deps.outbox.items.get('1:staff')).toMatchObject({ status: 'sent', attempts: 1, sentAt: now });
    expect(deps.outbox.items.get('1:staff')).not.toHaveProperty('queue');
    expect(deps.mailer.sent).toHaveLength(1);
    expect(deps.mailer.sent[0]).toMatchObject({ to: 'staff@example.com', replyTo: 'anna@example.com' });
  });

  it('keeps the enquiry, marked for retry, when the mailer throws, and still answers 200', async () => {
    const deps = staffMailDeps();
    deps.mailer.failWith = sesRefused();
    const now = deps.clock.now();

    const response = await makeSendmailHandler(deps)(jsonPost('/api/sendmail', enquiry()));

    expect(response.statusCode).toBe(200);
    expect(bodyOf(response)).toEqual({ ok: true, reference: 'MT-000001' });
    expect(deps.mailer.attempts).toBe(1);
    const [record] = stored(deps);
    expect(record).toMatchObject({ POST_INDEX: 1, NAME: 'Anna Petrova', MAIL_STATUS: 'pending', MAIL_ATTEMPTS: 1 });
    expect(deps.outbox.items.get('1:staff')).toMatchObject({ status: 'pending', attempts: 1, queue: 'DUE', nextAt: now + retryDelayMs(1) });
  });

  it('fills the hospital defaults: detail_section and the health consent', async () => {
    const deps = staffMailDeps();
    const response = await makeSendmailHandler(deps)(
      jsonPost('/api/sendmail', enquiry({ section: '병원예약', destination: undefined, consent_health: true })),
    );
    expect(response.statusCode).toBe(200);
    expect(stored(deps)[0]).toMatchObject({ MEDICAL_SECTION: '병원예약', DETAIL_SECTION: '상급/종합병원', CONSENT_HEALTH: true });
  });

  it('stores the language normalised (old spellings accepted)', async () => {
    const deps = staffMailDeps();
    await makeSendmailHandler(deps)(jsonPost('/api/sendmail', enquiry({ section: '통역예약', user_language: 'Japanes' })));
    expect(stored(deps)[0]?.LANG_PREFERENCE).toBe('Japanese');
  });

  it('accepts a bare object as well as { data: ... }, and a base64-encoded body', async () => {
    const deps = staffMailDeps();
    const sendmail = makeSendmailHandler(deps);
    const bare = await sendmail(apiEvent({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(enquiry()) }));
    const encoded = await sendmail(
      apiEvent({ headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify({ data: enquiry({ user_name: '김민수' }) }), base64: true }),
    );
    expect([bare.statusCode, encoded.statusCode]).toEqual([200, 200]);
    expect(stored(deps).map((record) => record.NAME)).toEqual(['Anna Petrova', '김민수']);
  });
});

describe('POST /api/sendmail: idempotency', () => {
  it('stores one enquiry and sends one mail for the same submission_id sent twice', async () => {
    const deps = staffMailDeps();
    const sendmail = makeSendmailHandler(deps);
    const payload = enquiry({ submission_id: '0d6b5c1e-3f4a-4b8c-9d2e-7f1a2b3c4d5e' });

    const first = await sendmail(jsonPost('/api/sendmail', payload));
    deps.clock.advance(5_000);
    const second = await sendmail(jsonPost('/api/sendmail', payload));

    expect(first.statusCode).toBe(200);
    expect(second).toEqual(first);
    expect(bodyOf(first)).toEqual({ ok: true, reference: 'MT-000001', submission_id: '0d6b5c1e-3f4a-4b8c-9d2e-7f1a2b3c4d5e' });
    expect(deps.enquiries.items.size).toBe(1);
    expect(deps.mailer.sent).toHaveLength(1);
    expect(stored(deps)[0]?.SUBMISSION_ID).toBe('0d6b5c1e-3f4a-4b8c-9d2e-7f1a2b3c4d5e');
  });

  it('answers a resent form post exactly as the first one', async () => {
    const deps = staffMailDeps();
    const sendmail = makeSendmailHandler(deps);
    const fields = formFields({ submission_id: '6a1c1f7e-2b3d-4e5f-8a9b-0c1d2e3f4a5b' });
    const headers = { referer: 'https://site.example/RuPage' };

    const first = await sendmail(formPost('/api/sendmail', fields, { headers }));
    const second = await sendmail(formPost('/api/sendmail', fields, { headers }));

    expect(second).toEqual(first);
    expect(deps.enquiries.items.size).toBe(1);
  });

  it('does not count a resend against the rate limit', async () => {
    const deps = staffMailDeps({ settings: { SEND_LIMIT_PER_MINUTE: 1 } });
    const sendmail = makeSendmailHandler(deps);
    const payload = enquiry({ submission_id: '9f8e7d6c-5b4a-4321-8fed-cba987654321' });
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push((await sendmail(jsonPost('/api/sendmail', payload))).statusCode);
    expect(answers).toEqual([200, 200, 200]);
    expect(deps.enquiries.items.size).toBe(1);
  });

  it('queues and sends the mail of an enquiry stored by a try whose mail queue failed, when the visitor sends again', async () => {
    const deps = staffMailDeps();
    const sendmail = makeSendmailHandler(deps);
    const payload = enquiry({ submission_id: 'c3a1e2d4-5b6f-4a7b-8c9d-0e1f2a3b4c5d' });
    // DynamoDB refuses the outbox write of the first try: the enquiry is stored, its mail not yet queued.
    const add = deps.outbox.add.bind(deps.outbox);
    deps.outbox.add = async () => {
      throw dynamoRefused();
    };
    const first = await sendmail(jsonPost('/api/sendmail', payload));
    expect(first.statusCode).toBe(503);
    expect(deps.enquiries.items.size).toBe(1);
    expect(deps.outbox.items.size).toBe(0);

    deps.outbox.add = add;
    const second = await sendmail(jsonPost('/api/sendmail', payload));
    expect(second.statusCode).toBe(200);
    expect(deps.enquiries.items.size).toBe(1);
    expect(deps.mailer.sent).toHaveLength(1);
    // A third try finds the mail sent: nothing more is sent.
    await sendmail(jsonPost('/api/sendmail', payload));
    expect(deps.mailer.sent).toHaveLength(1);
  });

  it('stores distinct submissions separately', async () => {
    const deps = staffMailDeps();
    const sendmail = makeSendmailHandler(deps);
    await sendmail(jsonPost('/api/sendmail', enquiry({ submission_id: crypto.randomUUID() })));
    await sendmail(jsonPost('/api/sendmail', enquiry({ submission_id: crypto.randomUUID() })));
    expect(stored(deps).map((record) => record.POST_INDEX)).toEqual([1, 2]);
  });
});

describe('POST /api/sendmail: reservation times in the past', () => {
  // The fake clock starts at 2026-11-22 10:00 UTC: 19:00 in Korea.
  it(`refuses a time past in Korea by more than ${RESERVATION_PAST_GRACE_MS / 60_000} minutes, naming the field, and stores nothing`, async () => {
    const deps = staffMailDeps();
    const sendmail = makeSendmailHandler(deps);
    const refused = await sendmail(jsonPost('/api/sendmail', enquiry({ start: '2026-11-22 18:54' })));
    expect(refused.statusCode).toBe(400);
    expect(errorBody(refused)).toMatchObject({ error: 'invalid_input', fields: { start: 'Not in the past (Korea time)' } });
    expect((await sendmail(jsonPost('/api/sendmail', enquiry({ start: '2025-01-01 10:00' })))).statusCode).toBe(400);
    expect(deps.enquiries.items.size).toBe(0);
    expect(deps.mailer.attempts).toBe(0);

    // Within the grace (the visitor took a moment to press send), and later today, are kept.
    expect((await sendmail(jsonPost('/api/sendmail', enquiry({ start: '2026-11-22 18:56' })))).statusCode).toBe(200);
    expect((await sendmail(jsonPost('/api/sendmail', enquiry({ start: '2026-11-22 21:00' })))).statusCode).toBe(200);
  });

  it('keeps a hotel stay that starts today in Korea, and refuses one that ended yesterday', async () => {
    const deps = staffMailDeps();
    const sendmail = makeSendmailHandler(deps);
    const hotel = { section: '호텔예약', destination: undefined, hotel: 'Lotte' };
    expect((await sendmail(jsonPost('/api/sendmail', enquiry({ ...hotel, start: '2026-11-22', finish: '2026-11-24' })))).statusCode).toBe(200);
    const refused = await sendmail(jsonPost('/api/sendmail', enquiry({ ...hotel, start: '2026-11-20', finish: '2026-11-21' })));
    expect(Object.keys(errorBody(refused).fields ?? {}).sort()).toEqual(['finish', 'start']);
  });

  it('answers a resend of an enquiry stored before its time passed as stored, not as refused', async () => {
    const deps = staffMailDeps();
    const sendmail = makeSendmailHandler(deps);
    const payload = enquiry({ start: '2026-11-22 19:30', submission_id: '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f' });
    const first = await sendmail(jsonPost('/api/sendmail', payload));
    deps.clock.advance(2 * 60 * 60 * 1000);
    expect(await sendmail(jsonPost('/api/sendmail', payload))).toEqual(first);
    expect(deps.enquiries.items.size).toBe(1);
  });

  it('sends a plain form post back to the notice of the refused time', async () => {
    const deps = staffMailDeps();
    const response = await makeSendmailHandler(deps)(formPost('/api/sendmail', formFields({ start: '2026-11-01 10:00' }), { headers: { referer: 'https://site.example/RuPage' } }));
    const target = location(response);
    expect(target.searchParams.get('fields')).toBe('start');
    expect(target.hash).toBe('#enquiry-failed-start');
    expect(deps.enquiries.items.size).toBe(0);
  });
});

describe('POST /api/sendmail: spam defence', () => {
  it('stores a filled honeypot as spam, sends no mail, and answers like a normal success', async () => {
    const deps = staffMailDeps();
    const sendmail = makeSendmailHandler(deps);

    const normal = await sendmail(jsonPost('/api/sendmail', enquiry()));
    const spam = await sendmail(jsonPost('/api/sendmail', enquiry({ website: 'http://cheap-pills.example' })));

    expect(apartFromReference(spam)).toEqual(apartFromReference(normal));
    expect(bodyOf(spam)).toEqual({ ok: true, reference: 'MT-000002' });
    const spamRecord = deps.enquiries.items.get(2);
    expect(spamRecord).toMatchObject({ SPAM: true, SPAM_REASON: 'honeypot', MAIL_STATUS: 'skipped', MAIL_ATTEMPTS: 0, LIST: 'SPAM', SECTION_LIST: 'SPAM#컨시어지' });
    expect(spamRecord).not.toHaveProperty('MAIL_QUEUE');
    expect(deps.mailer.sent).toHaveLength(1);
    expect(deps.mailer.attempts).toBe(1);
  });

  it('treats a form filled in under 3 seconds (or a made-up negative time) as spam, and 3 seconds or more as human', async () => {
    const deps = staffMailDeps();
    const sendmail = makeSendmailHandler(deps);

    const fast = await sendmail(jsonPost('/api/sendmail', enquiry({ form_fill_ms: 1_000 })));
    const edge = await sendmail(jsonPost('/api/sendmail', enquiry({ form_fill_ms: MIN_FILL_TIME_MS - 1 })));
    const human = await sendmail(jsonPost('/api/sendmail', enquiry({ form_fill_ms: String(MIN_FILL_TIME_MS) })));
    const negative = await sendmail(jsonPost('/api/sendmail', enquiry({ form_fill_ms: -20_000 })));

    expect([fast.statusCode, edge.statusCode, human.statusCode, negative.statusCode]).toEqual([200, 200, 200, 200]);
    expect(deps.enquiries.items.get(4)).toMatchObject({ SPAM: true, MAIL_STATUS: 'skipped' });
    expect(apartFromReference(fast).body).toBe(apartFromReference(human).body);
    expect(deps.enquiries.items.get(1)).toMatchObject({ SPAM: true, SPAM_REASON: 'filled too fast', MAIL_STATUS: 'skipped' });
    expect(deps.enquiries.items.get(2)).toMatchObject({ SPAM: true, MAIL_STATUS: 'skipped' });
    expect(deps.enquiries.items.get(3)).toMatchObject({ SPAM: false, MAIL_STATUS: 'sent' });
    expect(deps.mailer.sent).toHaveLength(1);
  });

  it('gives a plain form post with the honeypot the same page as a real one', async () => {
    const deps = staffMailDeps();
    const sendmail = makeSendmailHandler(deps);
    const headers = { referer: 'https://site.example/CnPage' };
    const real = await sendmail(formPost('/api/sendmail', formFields(), { headers }));
    const bot = await sendmail(formPost('/api/sendmail', formFields({ website: 'x' }), { headers }));
    expect(apartFromReference(bot)).toEqual(apartFromReference(real));
    expect(bot.body).toContain('MT-000002');
    expect(deps.enquiries.items.get(2)?.SPAM).toBe(true);
  });
});

describe('POST /api/sendmail: rate limits', () => {
  it('answers 429 with Retry-After past SEND_LIMIT_PER_MINUTE and stores nothing more', async () => {
    const deps = staffMailDeps({ start: '2026-11-22T10:00:05Z' });
    const sendmail = makeSendmailHandler(deps);
    for (let i = 0; i < 5; i += 1) expect((await sendmail(jsonPost('/api/sendmail', enquiry()))).statusCode).toBe(200);

    const refused = await sendmail(jsonPost('/api/sendmail', enquiry({ user_name: 'Sixth' })));

    expect(refused.statusCode).toBe(429);
    expect(refused.headers['Retry-After']).toBe('60');
    expect(errorBody(refused).error).toBe('rate_limited');
    expect(deps.enquiries.items.size).toBe(5);
    expect(stored(deps).some((record) => record.NAME === 'Sixth')).toBe(false);
    expect(deps.mailer.sent).toHaveLength(5);
  });

  it('counts only new enquiries: not a resend, a refused past time, or a try whose duplicate lookup failed', async () => {
    const deps = staffMailDeps({ start: '2026-11-22T10:00:05Z', settings: { SEND_LIMIT_PER_MINUTE: 2 } });
    const sendmail = makeSendmailHandler(deps);
    const first = enquiry({ submission_id: '0b6e3c1a-2d4f-4e5a-8b7c-9d0e1f2a3b4c' });
    expect((await sendmail(jsonPost('/api/sendmail', first))).statusCode).toBe(200);
    expect((await sendmail(jsonPost('/api/sendmail', first))).statusCode).toBe(200);
    expect((await sendmail(jsonPost('/api/sendmail', first))).statusCode).toBe(200);
    expect((await sendmail(jsonPost('/api/sendmail', enquiry({ start: '2026-11-01 10:00' })))).statusCode).toBe(400);
    const find = deps.submissions.find.bind(deps.submissions);
    deps.submissions.find = () => Promise.reject(dynamoRefused());
    expect((await sendmail(jsonPost('/api/sendmail', enquiry({ submission_id: '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d' })))).statusCode).toBe(503);
    deps.submissions.find = find;

    expect((await sendmail(jsonPost('/api/sendmail', enquiry({ user_name: 'Second' })))).statusCode).toBe(200);
    expect((await sendmail(jsonPost('/api/sendmail', enquiry({ user_name: 'Third' })))).statusCode).toBe(429);
    expect(stored(deps).map((record) => record.NAME)).toEqual(['Anna Petrova', 'Second']);
  });

  it('answers a resend as stored when its count cannot be taken back, and says so in the log', async () => {
    const deps = staffMailDeps();
    const sendmail = makeSendmailHandler(deps);
    const payload = enquiry({ submission_id: '7c6d5e4f-3a2b-4c1d-9e8f-7a6b5c4d3e2f' });
    const first = await sendmail(jsonPost('/api/sendmail', payload));
    deps.throttle.release = () => Promise.reject(dynamoRefused());
    const again = await sendmail(jsonPost('/api/sendmail', payload));
    expect(again.statusCode).toBe(200);
    expect(bodyOf(again)).toEqual(bodyOf(first));
    expect(deps.log.lines.some((line) => line.level === 'warn' && /not taken back/.test(line.message))).toBe(true);
  });

  it('limits per client address, and lets the address in again the next minute', async () => {
    const deps = staffMailDeps({ start: '2026-11-22T10:00:05Z', settings: { SEND_LIMIT_PER_MINUTE: 1 } });
    const sendmail = makeSendmailHandler(deps);
    expect((await sendmail(jsonPost('/api/sendmail', enquiry(), { sourceIp: '198.51.100.1' }))).statusCode).toBe(200);
    expect((await sendmail(jsonPost('/api/sendmail', enquiry(), { sourceIp: '198.51.100.1' }))).statusCode).toBe(429);
    expect((await sendmail(jsonPost('/api/sendmail', enquiry(), { sourceIp: '198.51.100.2' }))).statusCode).toBe(200);
    deps.clock.advance(MINUTE);
    expect((await sendmail(jsonPost('/api/sendmail', enquiry(), { sourceIp: '198.51.100.1' }))).statusCode).toBe(200);
    expect(deps.enquiries.items.size).toBe(3);
  });

  it('also limits per day', async () => {
    const deps = staffMailDeps({ settings: { SEND_LIMIT_PER_DAY: 2 } });
    const sendmail = makeSendmailHandler(deps);
    for (let i = 0; i < 2; i += 1) {
      expect((await sendmail(jsonPost('/api/sendmail', enquiry()))).statusCode).toBe(200);
      deps.clock.advance(MINUTE);
    }
    const refused = await sendmail(jsonPost('/api/sendmail', enquiry()));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['Retry-After']).toBe('3600');
    expect(deps.enquiries.items.size).toBe(2);
  });
});

describe('POST /api/sendmail: plain form posts', () => {
  it.each(['/KrPage', '/RuPage', '/CnPage', '/VnPage', '/JpPage', '/Home', '/'])('answers a page with the reference and a link back to %s', async (page) => {
    const deps = fakeDeps();
    const response = await makeSendmailHandler(deps)(formPost('/api/sendmail', formFields(), { headers: { referer: `https://site.example${page}?x=1` } }));
    expect(response.statusCode).toBe(200);
    expect(response.headers['Content-Type']).toBe('text/html; charset=utf-8');
    expect(response.headers['Cache-Control']).toBe('no-store');
    expect(response.headers['Location']).toBeUndefined();
    expect(response.body).toContain('<strong id="reference">MT-000001</strong>');
    expect(response.body).toContain(`href="${page}#contact"`);
    expect(deps.enquiries.items.size).toBe(1);
    expect(stored(deps)[0]).toMatchObject({ NAME: 'Anna Petrova', NUMBER_PEOPLE: 2, ROOM: 1, CONTACT_NUMBER: '', HOTEL: '' });
  });

  it.each([
    ['an outside page', 'https://evil.example/phishing'],
    ['an unknown page of ours', 'https://site.example/admin'],
    ['garbage', 'not a url at all %%%'],
  ])('links back to the page of the posted language for %s', async (_name, referer) => {
    const english = await makeSendmailHandler(fakeDeps())(formPost('/api/sendmail', formFields(), { headers: { referer } }));
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('href="/#contact"');
    const russian = await makeSendmailHandler(fakeDeps())(formPost('/api/sendmail', formFields({ page_locale: 'ru' }), { headers: { referer } }));
    expect(russian.body).toContain('href="/RuPage#contact"');
    expect(russian.body).not.toMatch(/evil|admin|%%%/);
  });

  it('goes back to the page when its address had a trailing slash', async () => {
    const response = await makeSendmailHandler(fakeDeps())(formPost('/api/sendmail', formFields(), { headers: { referer: 'https://site.example/KrPage/' } }));
    expect(response.body).toContain('href="/KrPage#contact"');
  });

  it('speaks the posted page language without a referer', async () => {
    const response = await makeSendmailHandler(fakeDeps())(formPost('/api/sendmail', formFields({ page_locale: 'ja' })));
    expect(response.body).toContain('<html lang="ja">');
    expect(response.body).toContain('href="/JpPage#contact"');
    expect(response.body).toContain('受付番号');
  });

  it('never links off the site, even when an outside referer has one of our page paths', async () => {
    const response = await makeSendmailHandler(fakeDeps())(
      formPost('/api/sendmail', formFields(), { headers: { referer: 'https://evil.example/KrPage' } }),
    );
    expect(response.body).toContain('href="/KrPage#contact"');
    expect(response.body).not.toContain('evil.example');
  });

  it('falls back to / when a failed post has no page of ours to go back to', async () => {
    const response = await makeSendmailHandler(fakeDeps())(formPost('/api/sendmail', formFields({ user_email: '' }), { headers: { referer: 'https://evil.example/phish' } }));
    expect(response.statusCode).toBe(303);
    expect(location(response).pathname).toBe('/');
  });

  it('answers bad input with ?error=invalid_input&fields=... and stores nothing', async () => {
    const deps = staffMailDeps();
    const response = await makeSendmailHandler(deps)(
      formPost('/api/sendmail', formFields({ user_email: '', user_count: '11', consent_privacy: '' }), { headers: { referer: 'https://site.example/JpPage' } }),
    );
    expect(response.statusCode).toBe(303);
    const target = location(response);
    expect(target.pathname).toBe('/JpPage');
    expect(target.searchParams.get('error')).toBe('invalid_input');
    expect(target.searchParams.get('fields')?.split(',').sort()).toEqual(['consent_privacy', 'user_count', 'user_email']);
    expect(deps.enquiries.items.size).toBe(0);
    expect(deps.mailer.attempts).toBe(0);
  });

  it('answers a rate-limited form post with a redirect that keeps Retry-After', async () => {
    const deps = staffMailDeps({ settings: { SEND_LIMIT_PER_MINUTE: 1 } });
    const sendmail = makeSendmailHandler(deps);
    await sendmail(formPost('/api/sendmail', formFields()));
    const response = await sendmail(formPost('/api/sendmail', formFields({ message: 'Another question' }), { headers: { referer: 'https://site.example/VnPage' } }));
    expect(response.statusCode).toBe(303);
    expect(response.headers['Retry-After']).toBe('60');
    expect(location(response).searchParams.get('error')).toBe('rate_limited');
    expect(deps.enquiries.items.size).toBe(1);
  });

  it('stores a plain form post sent twice (a double tap, a resend) once, and answers both alike', async () => {
    const deps = staffMailDeps();
    const sendmail = makeSendmailHandler(deps);
    const first = await sendmail(formPost('/api/sendmail', formFields()));
    deps.clock.advance(30_000);
    const second = await sendmail(formPost('/api/sendmail', formFields()));
    expect(second.statusCode).toBe(200);
    expect(second).toEqual(first);
    expect(second.body).toContain('MT-000001');
    expect(deps.enquiries.items.size).toBe(1);
    expect(deps.mailer.sent).toHaveLength(1);
    // Another visitor with the same words, or the same visitor much later, is a new enquiry.
    await sendmail(formPost('/api/sendmail', formFields(), { sourceIp: '198.51.100.23' }));
    deps.clock.advance(11 * MINUTE);
    await sendmail(formPost('/api/sendmail', formFields()));
    expect(deps.enquiries.items.size).toBe(3);
  });

  it('refuses a form post or an untyped post from another site with 403, storing nothing', async () => {
    const deps = staffMailDeps();
    const sendmail = makeSendmailHandler(deps);
    const foreign = { origin: 'https://evil.example', host: 'site.example' };
    expect((await sendmail(formPost('/api/sendmail', formFields(), { headers: foreign }))).statusCode).toBe(403);
    expect((await sendmail(jsonPost('/api/sendmail', enquiry(), { headers: { 'sec-fetch-site': 'cross-site', host: 'site.example' } }))).statusCode).toBe(403);
    expect((await sendmail(formPost('/api/sendmail', formFields(), { headers: { origin: 'null', host: 'site.example' } }))).statusCode).toBe(403);
    // A body that does not say it is JSON or a form (no-cors fetch, sendBeacon) is refused as such.
    const untyped = apiEvent({ method: 'POST', path: '/api/sendmail', headers: { 'content-type': 'text/plain;charset=UTF-8' }, body: JSON.stringify({ data: enquiry() }) });
    expect((await sendmail(untyped)).statusCode).toBe(415);
    expect((await sendmail(apiEvent({ method: 'POST', path: '/api/sendmail', body: JSON.stringify({ data: enquiry() }) }))).statusCode).toBe(415);
    expect(deps.enquiries.items.size).toBe(0);
    // Our own page is welcome.
    const own = { origin: 'https://site.example', host: 'site.example', 'sec-fetch-site': 'same-origin' };
    expect((await sendmail(jsonPost('/api/sendmail', enquiry(), { headers: own }))).statusCode).toBe(200);
  });

  it('answers an oversized form post with a redirect naming the problem', async () => {
    const deps = staffMailDeps();
    const response = await makeSendmailHandler(deps)(formPost('/api/sendmail', formFields({ message: 'x'.repeat(MAX_BODY_BYTES) })));
    expect(response.statusCode).toBe(303);
    expect(location(response).searchParams.get('error')).toBe('payload_too_large');
    expect(deps.enquiries.items.size).toBe(0);
  });
});

describe('POST /api/sendmail: bad requests', () => {
  it('answers bad JSON input with 400, naming the field, and stores nothing', async () => {
    const deps = fakeDeps();
    const response = await makeSendmailHandler(deps)(jsonPost('/api/sendmail', enquiry({ user_email: 'not-an-address' })));
    expect(response.statusCode).toBe(400);
    expect(response.headers['Content-Type']).toMatch(/^application\/json/);
    const body = errorBody(response);
    expect(body.error).toBe('invalid_input');
    expect(Object.keys(body.fields ?? {})).toEqual(['user_email']);
    expect(body.message).toContain('user_email');
    expect(deps.enquiries.items.size).toBe(0);
    expect(deps.counters.values.size).toBe(0);
    expect(deps.mailer.attempts).toBe(0);
  });

  it('names every bad field', async () => {
    const response = await makeSendmailHandler(fakeDeps())(
      jsonPost('/api/sendmail', { section: 'spa', user_Room: 9, consent_privacy: false }),
    );
    expect(response.statusCode).toBe(400);
    expect(Object.keys(errorBody(response).fields ?? {}).sort()).toEqual(['consent_privacy', 'section', 'user_Room', 'user_email', 'user_name']);
  });

  it('answers a body over 64 KB with 413, counting bytes, not characters', async () => {
    const deps = fakeDeps();
    const sendmail = makeSendmailHandler(deps);
    // 25,000 Hangul syllables: 25,000 characters but 75,000 bytes of UTF-8.
    const korean = await sendmail(jsonPost('/api/sendmail', enquiry({ message: '가'.repeat(25_000) })));
    expect(korean.statusCode).toBe(413);
    expect(errorBody(korean).error).toBe('payload_too_large');
    const ascii = await sendmail(jsonPost('/api/sendmail', enquiry({ message: 'x'.repeat(70_000) })));
    expect(ascii.statusCode).toBe(413);
    expect(deps.enquiries.items.size).toBe(0);
  });

  it('reads a body of exactly 64 KB', async () => {
    const deps = fakeDeps();
    const base = JSON.stringify({ data: { ...enquiry(), padding: '' } });
    const body = JSON.stringify({ data: { ...enquiry(), padding: 'p'.repeat(MAX_BODY_BYTES - Buffer.byteLength(base)) } });
    expect(Buffer.byteLength(body)).toBe(MAX_BODY_BYTES);
    const response = await makeSendmailHandler(deps)(apiEvent({ headers: { 'content-type': 'application/json' }, body }));
    expect(response.statusCode).toBe(200);
    const over = await makeSendmailHandler(deps)(apiEvent({ headers: { 'content-type': 'application/json' }, body: `${body} ` }));
    expect(over.statusCode).toBe(413);
  });

  it('answers malformed JSON with 400 invalid_json', async () => {
    const deps = fakeDeps();
    const response = await makeSendmailHandler(deps)(apiEvent({ headers: { 'content-type': 'application/json' }, body: '{"data": {"user_name": "A",' }));
    expect(response.statusCode).toBe(400);
    expect(errorBody(response).error).toBe('invalid_json');
    expect(deps.enquiries.items.size).toBe(0);
  });

  it('answers JSON that is not an object with 400', async () => {
    const sendmail = makeSendmailHandler(fakeDeps());
    for (const body of ['[1,2]', '"text"', 'null', '{"data": "text"}', '{"data": [1]}']) {
      const response = await sendmail(apiEvent({ headers: { 'content-type': 'application/json' }, body }));
      expect(response.statusCode, body).toBe(400);
      expect(errorBody(response).error, body).toBe('invalid_input');
    }
  });

  it('answers another media type with 415', async () => {
    const response = await makeSendmailHandler(fakeDeps())(apiEvent({ headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ data: enquiry() }) }));
    expect(response.statusCode).toBe(415);
    expect(errorBody(response).error).toBe('unsupported_media_type');
  });

  it('answers a store failure with 503 and no details', async () => {
    const deps = fakeDeps();
    deps.enquiries.create = async () => {
      throw new Error('ProvisionedThroughputExceededException: secret table name arn:aws:dynamodb:...');
    };
    const response = await makeSendmailHandler(deps)(jsonPost('/api/sendmail', enquiry()));
    expect(response.statusCode).toBe(503);
    expect(errorBody(response).error).toBe('service_unavailable');
    expect(response.body).not.toContain('arn:aws');
    expect(response.body).not.toContain('Anna');
    expect(deps.log.lines.some((line) => line.level === 'error')).toBe(true);
    expect(JSON.stringify(deps.log.lines)).not.toContain('anna@example.com');
  });
});

describe('POST /api/sendmail: a plain form post when the store fails', () => {
  it('still sends the visitor back to the page, saying the service is unavailable', async () => {
    const deps = fakeDeps();
    deps.enquiries.create = async () => {
      throw new Error('connection reset');
    };
    const response = await makeSendmailHandler(deps)(
      formPost('/api/sendmail', formFields(), { headers: { referer: 'https://site.example/RuPage' } }),
    );
    expect(response.statusCode).toBe(303);
    expect(location(response).pathname).toBe('/RuPage');
    expect(location(response).searchParams.get('error')).toBe('service_unavailable');
    expect(deps.log.lines.some((line) => line.level === 'error')).toBe(true);
  });
});

describe('retryDueMail', () => {
  const staffMail = (deps: FakeDeps, postIndex = 1) => deps.outbox.items.get(`${postIndex}:staff`);
  const none = { pending: 0, sending: 0, sent: 0, failed: 0, skipped: 0, held: 0, uncertain: 0, digested: 0 };

  it('backs off 1, 2, 4, ... minutes, capped at 60', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20, 71].map((attempts) => retryDelayMs(attempts) / MINUTE)).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60, 60]);
  });

  it('retries a mail SES refused only when due, backs off, and marks it sent once it goes out', async () => {
    const deps = staffMailDeps();
    deps.mailer.failWith = sesRefused();
    await makeSendmailHandler(deps)(jsonPost('/api/sendmail', enquiry()));
    expect(deps.enquiries.items.get(1)).toMatchObject({ MAIL_STATUS: 'pending', MAIL_ATTEMPTS: 1 });

    // Not due yet: nothing is tried.
    deps.clock.advance(MINUTE - 1);
    expect(await retryDueMail(deps)).toEqual(none);
    expect(deps.mailer.attempts).toBe(1);

    const delays: number[] = [];
    for (let attempt = 2; attempt <= 8; attempt += 1) {
      deps.clock.set(staffMail(deps)?.nextAt ?? Number.NaN);
      expect(await retryDueMail(deps)).toEqual({ ...none, pending: 1 });
      expect(staffMail(deps)).toMatchObject({ status: 'pending', attempts: attempt, queue: 'DUE' });
      expect(deps.enquiries.items.get(1)).toMatchObject({ MAIL_STATUS: 'pending', MAIL_ATTEMPTS: attempt });
      delays.push(((staffMail(deps)?.nextAt ?? Number.NaN) - deps.clock.now()) / MINUTE);
    }
    expect(delays).toEqual([2, 4, 8, 16, 32, 60, 60]);

    deps.mailer.failWith = undefined;
    deps.clock.set(staffMail(deps)?.nextAt ?? Number.NaN);
    expect(await retryDueMail(deps)).toEqual({ ...none, sent: 1 });
    expect(deps.enquiries.items.get(1)).toMatchObject({ MAIL_STATUS: 'sent', MAIL_ATTEMPTS: 9 });
    expect(staffMail(deps)).not.toHaveProperty('queue');
    expect(deps.mailer.sent).toHaveLength(1);

    // Nothing left to do.
    deps.clock.advance(24 * 60 * MINUTE);
    expect(await retryDueMail(deps)).toEqual(none);
    expect(deps.mailer.attempts).toBe(9);
  });

  it('marks the mail failed after MAX_MAIL_ATTEMPTS and stops trying', async () => {
    const deps = staffMailDeps();
    deps.mailer.failWith = sesRefused();
    await makeSendmailHandler(deps)(jsonPost('/api/sendmail', enquiry()));
    const mail = deps.outbox.items.get('1:staff');
    if (!mail) throw new Error('not queued');
    mail.attempts = MAX_MAIL_ATTEMPTS - 2;

    deps.clock.set(mail.nextAt ?? Number.NaN);
    expect(await retryDueMail(deps)).toMatchObject({ pending: 1, failed: 0 });
    expect(staffMail(deps)?.attempts).toBe(MAX_MAIL_ATTEMPTS - 1);

    deps.clock.set(staffMail(deps)?.nextAt ?? Number.NaN);
    expect(await retryDueMail(deps)).toEqual({ ...none, failed: 1 });
    expect(deps.enquiries.items.get(1)).toMatchObject({ MAIL_STATUS: 'failed', MAIL_ATTEMPTS: MAX_MAIL_ATTEMPTS });
    expect(staffMail(deps)).not.toHaveProperty('queue');

    const attempts = deps.mailer.attempts;
    deps.clock.advance(7 * 24 * 60 * MINUTE);
    deps.mailer.failWith = undefined;
    expect(await retryDueMail(deps)).toEqual(none);
    expect(deps.mailer.attempts).toBe(attempts);
  });

  it('never sends again a mail whose call was cut off after SES may have accepted it', async () => {
    const deps = staffMailDeps();
    deps.mailer.failWith = sesCutOff();
    const response = await makeSendmailHandler(deps)(jsonPost('/api/sendmail', enquiry()));
    expect(response.statusCode).toBe(200);
    expect(deps.enquiries.items.get(1)).toMatchObject({ MAIL_STATUS: 'uncertain', MAIL_ATTEMPTS: 1 });
    deps.mailer.failWith = undefined;
    deps.clock.advance(7 * 24 * 60 * MINUTE);
    expect(await retryDueMail(deps)).toEqual(none);
    expect(deps.mailer.attempts).toBe(1);
    expect(deps.log.lines.some((line) => line.level === 'error' && /not sent again/.test(line.message))).toBe(true);
  });

  it('settles a send whose worker stopped mid-call as uncertain, without a second send', async () => {
    const deps = staffMailDeps();
    // The function stopped after recording the attempt and calling SES, before it could record the outcome.
    deps.mailer.send = async () => {
      throw new Error('unreachable');
    };
    const transition = deps.outbox.transition.bind(deps.outbox);
    deps.outbox.transition = async (mailId, expected, change) => {
      if (change.status !== 'sending') throw new Error('the function stopped here');
      return transition(mailId, expected, change);
    };
    await makeSendmailHandler(deps)(jsonPost('/api/sendmail', enquiry())).catch(() => undefined);
    deps.outbox.transition = transition;
    let sends = 0;
    deps.mailer.send = async () => {
      sends += 1;
    };
    expect(staffMail(deps)).toMatchObject({ status: 'sending', attempts: 1 });

    deps.clock.advance(STALE_SENDING_MS - 1);
    expect(await retryDueMail(deps)).toEqual(none);
    deps.clock.advance(1);
    expect(await retryDueMail(deps)).toEqual({ ...none, uncertain: 1 });
    expect(deps.enquiries.items.get(1)?.MAIL_STATUS).toBe('uncertain');
    expect(sends).toBe(0);
  });

  it('leaves a just-stored enquiry to the send route for the grace period', async () => {
    const deps = staffMailDeps();
    // The send route stored the enquiry and queued its mail, then stopped (e.g. the function timed out).
    const transition = deps.outbox.transition.bind(deps.outbox);
    deps.outbox.transition = async () => {
      throw new Error('the function stopped here');
    };
    await makeSendmailHandler(deps)(jsonPost('/api/sendmail', enquiry())).catch(() => undefined);
    deps.outbox.transition = transition;
    expect(deps.enquiries.items.get(1)).toMatchObject({ MAIL_STATUS: 'pending', MAIL_ATTEMPTS: 0 });

    deps.clock.advance(MAIL_GRACE_MS - 1);
    expect((await retryDueMail(deps)).sent).toBe(0);
    deps.clock.advance(1);
    expect((await retryDueMail(deps)).sent).toBe(1);
    expect(deps.enquiries.items.get(1)).toMatchObject({ MAIL_STATUS: 'sent', MAIL_ATTEMPTS: 1 });
  });

  it('sends a mail once when the send route and the retry job race for it', async () => {
    const deps = staffMailDeps();
    let release: () => void = () => undefined;
    const sends: string[] = [];
    deps.mailer.send = async (mail) => {
      sends.push(mail.subject);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    };
    const sending = makeSendmailHandler(deps)(jsonPost('/api/sendmail', enquiry()));
    await vi.waitFor(() => expect(sends).toHaveLength(1));
    deps.clock.advance(MAIL_GRACE_MS);
    expect(await retryDueMail(deps)).toEqual(none);
    release();
    expect((await sending).statusCode).toBe(200);
    expect(sends).toHaveLength(1);
  });

  it('sends the mail and answers when copying its state to the enquiry fails: the badge is only stale', async () => {
    const deps = staffMailDeps();
    deps.enquiries.updateMail = () => Promise.reject(dynamoRefused('ProvisionedThroughputExceededException'));
    const response = await makeSendmailHandler(deps)(jsonPost('/api/sendmail', enquiry()));
    expect(response.statusCode).toBe(200);
    expect(deps.mailer.sent).toHaveLength(1);
    expect(deps.outbox.items.get('1:staff')).toMatchObject({ status: 'sent', attempts: 1 });
    expect(deps.enquiries.items.get(1)?.MAIL_STATUS).toBe('pending');
    expect(deps.log.lines.some((line) => line.level === 'warn' && /not copied/.test(line.message))).toBe(true);
  });

  it('holds mails past the daily cap, keeps every enquiry, and sends staff one digest of them', async () => {
    const deps = staffMailDeps({ settings: { MAIL_DAILY_CAP: 2 } });
    const sendmail = makeSendmailHandler(deps);
    for (const name of ['one', 'two', 'three', 'four']) {
      expect((await sendmail(jsonPost('/api/sendmail', enquiry({ user_name: name })))).statusCode).toBe(200);
    }
    expect(deps.enquiries.items.size).toBe(4);
    expect(deps.mailer.sent).toHaveLength(2);
    expect([3, 4].map((index) => deps.enquiries.items.get(index)?.MAIL_STATUS)).toEqual(['held', 'held']);

    expect(await retryDueMail(deps)).toMatchObject({ digested: 2 });
    expect(deps.mailer.sent).toHaveLength(3);
    const digest = deps.mailer.sent[2];
    expect(digest?.subject).toContain('2건');
    expect(digest?.text).toMatch(/MT-000003 [\s\S]*MT-000004 /);
    expect([3, 4].map((index) => deps.outbox.items.get(`${index}:staff`))).toEqual([
      expect.objectContaining({ status: 'sent', inDigest: true }),
      expect.objectContaining({ status: 'sent', inDigest: true }),
    ]);
    expect(await retryDueMail(deps)).toMatchObject({ digested: 0 });
  });

  it('takes at most a batch, oldest due first', async () => {
    const deps = staffMailDeps();
    deps.mailer.failWith = sesRefused();
    const sendmail = makeSendmailHandler(deps);
    for (const name of ['first', 'second', 'third']) {
      await sendmail(jsonPost('/api/sendmail', enquiry({ user_name: name })));
      deps.clock.advance(1_000);
    }
    deps.mailer.failWith = undefined;
    deps.clock.advance(10 * MINUTE);
    expect(await retryDueMail(deps, 2)).toMatchObject({ sent: 2 });
    expect(deps.mailer.sent.map((mail) => mail.subject.split(' - ')[1])).toEqual(['first', 'second']);
    expect(await retryDueMail(deps, 2)).toMatchObject({ sent: 1 });
  });
});

describe('composeEnquiryMail', () => {
  const record: EnquiryRecord = sampleRecord(42, {
    NAME: '<img src=x onerror=alert(1)>',
    CONTACT_NUMBER: '010-1234-5678',
    EMAIL: 'visitor@example.com',
    LANG_PREFERENCE: 'Japanese',
    MEDICAL_SECTION: '병원예약',
    DETAIL_SECTION: '치과',
    DATE: '2026-11-23 00:30',
    REGISTRATION_DATE: '2026-12-01 10:00',
    REGISTRATION_END: '',
    HOTEL: '',
    NUMBER_PEOPLE: 3,
    CONTEXT: '<script>alert("x")</script> & \'quotes\'',
    RECEIVED_AT: '2026-11-22T15:30:00.000Z',
    MAIL_STATUS: 'pending',
    CONSENT_AT: '2026-11-22T15:30:00.000Z',
    CONSENT_HEALTH: true,
  });

  it('escapes every value in the HTML part', () => {
    const mail = composeEnquiryMail(record, 'staff@example.com', 'https://site.example');
    expect(mail.html).not.toContain('<img src=x onerror=alert(1)>');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;');
    expect(mail.html).not.toMatch(/<(img|script)\b/i);
  });

  it('uses Korean labels and Korean names of the values', () => {
    const mail = composeEnquiryMail(record, 'staff@example.com', 'https://site.example');
    for (const label of ['접수 번호', '문의 구분', '진료 과목', '이름', '연락처', '이메일', '희망 언어', '인원', '문의 내용', '개인정보 동의', '건강정보 동의']) {
      expect(mail.html).toContain(label);
      expect(mail.text).toContain(label);
    }
    expect(mail.text).toContain('문의 구분: 병원예약');
    expect(mail.text).toContain('진료 과목: 치과');
    expect(mail.text).toContain('희망 언어: 일본어');
    expect(mail.text).toContain('인원: 3명');
    expect(mail.text).toContain('건강정보 동의: 동의');
    expect(mail.html).toContain('<html lang="ko">');
  });

  it('shows a free-text language as typed', () => {
    expect(composeEnquiryMail({ ...record, LANG_PREFERENCE: 'Mongolian' }, 'staff@example.com', 'https://site.example').text).toContain('희망 언어: Mongolian');
  });

  it('keeps the subject on one line', () => {
    const mail = composeEnquiryMail({ ...record, NAME: 'Eve\r\nBcc: victim@example.com\nX: y' }, 'staff@example.com', 'https://site.example');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toContain('MT-000042');
    expect(mail.subject).toContain('병원예약');
  });

  it('links to the enquiry in the back office and shows only the fields of its section', () => {
    const hospital = composeEnquiryMail(record, 'staff@example.com', 'https://site.example');
    expect(hospital.text).toContain('https://site.example/detail/42');
    expect(hospital.html).toContain('href="https://site.example/detail/42"');
    expect(hospital.text).not.toContain('객실 수');
    expect(hospital.text).not.toContain('호텔:');
    const hotel = composeEnquiryMail({ ...record, MEDICAL_SECTION: '호텔예약', DETAIL_SECTION: '', HOTEL: 'Grand', ROOM: 2 }, 'staff@example.com', 'https://site.example');
    expect(hotel.text).toContain('객실 수: 2실');
    expect(hotel.text).not.toContain('진료 과목');
    expect(hotel.text).not.toContain('건강정보 동의');
    // The consent time in Korea time, as every other time.
    expect(hotel.text).toMatch(/개인정보 동의: 동의 \(안내문 2026-11-01, 2026-11-23 00:30 한국 시간\)/);
  });

  it('replies to the visitor only when the address is plain', () => {
    expect(composeEnquiryMail(record, 'staff@example.com', 'https://site.example')).toMatchObject({ to: 'staff@example.com', replyTo: 'visitor@example.com' });
    expect(composeEnquiryMail({ ...record, EMAIL: 'a@b.c, evil@x.y' }, 'staff@example.com', 'https://site.example').replyTo).toBeUndefined();
    expect(composeEnquiryMail({ ...record, EMAIL: '"x" <a@b.c>' }, 'staff@example.com', 'https://site.example').replyTo).toBeUndefined();
  });

  it('refuses a name with a line break (header injection) before anything is stored or mailed', async () => {
    const deps = staffMailDeps();
    const response = await makeSendmailHandler(deps)(jsonPost('/api/sendmail', enquiry({ user_name: 'Eve\r\nBcc: victim@example.com' })));
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body ?? '{}').fields).toHaveProperty('user_name');
    expect(deps.mailer.sent).toHaveLength(0);
    expect(deps.enquiries.items.size).toBe(0);
  });
});

describe('POST /api/login', () => {
  const EMAIL = 'staff@example.com';
  const PASSWORD = 'correct horse battery staple';
  let passwordHash = '';

  beforeAll(async () => {
    passwordHash = await hashPassword(PASSWORD);
  });

  function depsWithAccount(disabled = false) {
    // 10:01:40 UTC: 100 s into a 15-minute window.
    const deps = fakeDeps({ start: '2026-11-22T10:01:40Z' });
    const at = new Date(deps.clock.now()).toISOString();
    deps.staff.items.set(EMAIL, { email: EMAIL, passwordHash, disabled, createdAt: at, updatedAt: at });
    return deps;
  }

  const login = (deps: FakeDeps, email: string, pass: string, sourceIp = '192.0.2.10') =>
    makeLoginHandler(deps)(jsonPost('/api/login', { email, pass }, { sourceIp }));

  it('counts parallel guesses before checking them, so a burst cannot slip under the limit', async () => {
    const deps = depsWithAccount();
    const answers = await Promise.all(Array.from({ length: 9 }, (_, i) => login(deps, EMAIL, `wrong guess ${i}`)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 429)).toHaveLength(9 - deps.settings.LOGIN_FAILURES_PER_ACCOUNT);
    expect(statuses.filter((status) => status === 401)).toHaveLength(deps.settings.LOGIN_FAILURES_PER_ACCOUNT);
  });

  it('does not let guesses from one address keep the owner out from another', async () => {
    const deps = depsWithAccount();
    for (let i = 0; i < deps.settings.LOGIN_FAILURES_PER_ACCOUNT; i += 1) {
      expect((await login(deps, EMAIL, `guess ${i}`, '198.51.100.66')).statusCode).toBe(401);
    }
    expect((await login(deps, EMAIL, PASSWORD, '198.51.100.66')).statusCode).toBe(429);
    expect((await login(deps, EMAIL, PASSWORD, '192.0.2.10')).statusCode).toBe(200);
  });

  it('makes the account wait under a wide attack from many addresses', async () => {
    const deps = depsWithAccount();
    const ceiling = deps.settings.LOGIN_FAILURES_PER_ACCOUNT * 10;
    // Count the failures without paying for scrypt each time: fill the account-wide window directly.
    for (let i = 0; i < ceiling; i += 1) await deps.throttle.hit(`login:account:${EMAIL}`, 15 * 60, deps.clock.now());
    expect((await login(deps, EMAIL, PASSWORD, '203.0.113.200')).statusCode).toBe(429);
  });

  it('does not count attempts refused for the limit: hammering on adds nothing to the account-wide count', async () => {
    const deps = depsWithAccount();
    for (let i = 0; i < deps.settings.LOGIN_FAILURES_PER_ACCOUNT; i += 1) await login(deps, EMAIL, `guess ${i}`, '198.51.100.66');
    for (let i = 0; i < 20; i += 1) expect((await login(deps, EMAIL, `more ${i}`, '198.51.100.66')).statusCode).toBe(429);
    const accountWide = await deps.throttle.hit(`login:account:${EMAIL}`, 15 * 60, deps.clock.now());
    expect(accountWide).toBe(deps.settings.LOGIN_FAILURES_PER_ACCOUNT + 1);
    expect(deps.accessLog.entries.filter((entry) => entry.action === 'auth.login.refused')).toHaveLength(20);
  });

  it('lets a browser that signed in before (its device cookie) in while the account as a whole waits', async () => {
    const deps = depsWithAccount();
    const first = await login(deps, EMAIL, PASSWORD);
    const cookie = first.cookies?.[0] ?? '';
    expect(cookie).toMatch(/^mt_signin_device=[\w-]+\.[\w-]+; Path=\/api\/login; Max-Age=\d+; HttpOnly; SameSite=Strict$/);
    for (let i = 0; i < deps.settings.LOGIN_FAILURES_PER_ACCOUNT * 10; i += 1) await deps.throttle.hit(`login:account:${EMAIL}`, 15 * 60, deps.clock.now());
    const withCookie = (pass: string, sourceIp: string) =>
      makeLoginHandler(deps)(jsonPost('/api/login', { email: EMAIL, pass }, { sourceIp, headers: { cookie: cookie.split(';')[0] ?? '' } }));
    expect((await login(deps, EMAIL, PASSWORD, '192.0.2.10')).statusCode).toBe(429);
    expect((await withCookie(PASSWORD, '192.0.2.10')).statusCode).toBe(200);
    // From a new address too: the cookie, not the address, is what is known.
    expect((await withCookie(PASSWORD, '203.0.113.99')).statusCode).toBe(200);
    // A cookie is one account's: another account, or a forged value, counts as no cookie.
    const forged = await makeLoginHandler(deps)(
      jsonPost('/api/login', { email: EMAIL, pass: PASSWORD }, { headers: { cookie: 'mt_signin_device=AAAAAAAAAAAAAAAAAAAAAA.forged' } }),
    );
    expect(forged.statusCode).toBe(429);
  });

  it('refuses a sign-in posted from another site', async () => {
    const deps = depsWithAccount();
    const response = await makeLoginHandler(deps)(
      jsonPost('/api/login', { email: EMAIL, pass: PASSWORD }, { headers: { origin: 'https://evil.example', host: 'site.example' } }),
    );
    expect(response.statusCode).toBe(403);
  });

  it('does not count successful sign-ins against the limit', async () => {
    const deps = depsWithAccount();
    for (let i = 0; i < deps.settings.LOGIN_FAILURES_PER_ACCOUNT + 1; i += 1) {
      expect((await login(deps, EMAIL, PASSWORD)).statusCode).toBe(200);
    }
  });

  it('answers a token for the right password, whatever the e-mail case, and records the sign-in', async () => {
    const deps = depsWithAccount();
    const response = await login(deps, '  Staff@Example.COM ', PASSWORD);
    expect(response.statusCode).toBe(200);
    const token = bodyOf(response);
    expect(typeof token).toBe('string');
    const claims = await verifyStaffToken(deps.settings, token as string, deps.clock.now());
    expect(claims?.email).toBe(EMAIL);
    expect(deps.accessLog.entries).toEqual([expect.objectContaining({ actor: EMAIL, action: 'auth.login', clientAddress: '192.0.2.10' })]);
  });

  it('gives an unknown e-mail, a wrong password and a disabled account the same answer', async () => {
    const deps = depsWithAccount();
    const unknown = await login(deps, 'nobody@example.com', PASSWORD);
    const wrong = await login(deps, EMAIL, 'not the password');
    const disabledDeps = depsWithAccount(true);
    const disabled = await login(disabledDeps, EMAIL, PASSWORD);

    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(disabled.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(disabled.body).toBe(unknown.body);
    expect(wrong.headers).toEqual(unknown.headers);
    expect(errorBody(unknown).error).toBe('invalid_credentials');
    // Every failed sign-in is in the access log, with the address it came from.
    expect(deps.accessLog.entries.map(({ actor, action, clientAddress }) => ({ actor, action, clientAddress }))).toEqual([
      { actor: 'nobody@example.com', action: 'auth.login.failed', clientAddress: '192.0.2.10' },
      { actor: EMAIL, action: 'auth.login.failed', clientAddress: '192.0.2.10' },
    ]);
    expect(disabledDeps.accessLog.entries.map((entry) => entry.action)).toEqual(['auth.login.failed']);
  });

  it('refuses a payload without a password before any hashing', async () => {
    const response = await makeLoginHandler(depsWithAccount())(jsonPost('/api/login', { email: EMAIL }));
    expect(response.statusCode).toBe(400);
    expect(errorBody(response).fields).toHaveProperty('pass');
  });

  it('locks the account for the window after 5 failures, then lets it in again in a new window', async () => {
    const deps = depsWithAccount();
    for (let i = 0; i < 5; i += 1) expect((await login(deps, EMAIL, `wrong ${i}`)).statusCode).toBe(401);

    // The right password does not help from the guessing address while it waits.
    const locked = await login(deps, EMAIL, PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(errorBody(locked).error).toBe('rate_limited');
    expect(locked.headers['Retry-After']).toBe(String(15 * 60 - 100));

    deps.clock.advance((15 * 60 - 100) * 1000);
    const again = await login(deps, EMAIL, PASSWORD);
    expect(again.statusCode).toBe(200);
  });
});

describe('staff routes: token checks and logout', () => {
  const EMAIL = 'staff@example.com';

  function staffDeps() {
    const deps = fakeDeps();
    const at = new Date(deps.clock.now()).toISOString();
    deps.staff.items.set(EMAIL, { email: EMAIL, passwordHash: 'not used', disabled: false, createdAt: at, updatedAt: at });
    return deps;
  }

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('refuses a request without a token, with a bad token, or with a token of a disabled account', async () => {
    const deps = staffDeps();
    const view = makeViewHandler(deps);
    expect((await view(jsonPost('/api/view', {}))).statusCode).toBe(401);
    expect((await view(jsonPost('/api/view', {}, { headers: bearer('not.a.token') }))).statusCode).toBe(401);
    const foreign = await signStaffToken({ ...deps.settings, TOKEN_SECRET: 'another-secret-that-is-long-enough-000000' }, EMAIL, 0, deps.clock.now());
    expect((await view(jsonPost('/api/view', {}, { headers: bearer(foreign) }))).statusCode).toBe(401);

    const token = await signStaffToken(deps.settings, EMAIL, 0, deps.clock.now());
    expect((await view(jsonPost('/api/view', {}, { headers: bearer(token) }))).statusCode).toBe(200);
    const account = deps.staff.items.get(EMAIL);
    if (account) account.disabled = true;
    expect((await view(jsonPost('/api/view', {}, { headers: bearer(token) }))).statusCode).toBe(401);
  });

  it('refuses tokens signed before a password change, even in the same second, and accepts those after', async () => {
    const deps = staffDeps();
    const before = await signStaffToken(deps.settings, EMAIL, 0, deps.clock.now());
    const account = deps.staff.items.get(EMAIL);
    if (account) account.tokenVersion = nextTokenVersion(account);
    const after = await signStaffToken(deps.settings, EMAIL, 1, deps.clock.now());
    const view = makeViewHandler(deps);
    expect((await view(jsonPost('/api/view', {}, { headers: bearer(before) }))).statusCode).toBe(401);
    expect((await view(jsonPost('/api/view', {}, { headers: bearer(after) }))).statusCode).toBe(200);
  });

  it('refuses an expired token', async () => {
    const deps = staffDeps();
    const token = await signStaffToken(deps.settings, EMAIL, 0, deps.clock.now());
    deps.clock.advance(8 * 60 * MINUTE + 1_000);
    expect((await makeViewHandler(deps)(jsonPost('/api/view', {}, { headers: bearer(token) }))).statusCode).toBe(401);
  });

  it('revokes the token on logout', async () => {
    const deps = staffDeps();
    const token = await signStaffToken(deps.settings, EMAIL, 0, deps.clock.now());
    const logout = await makeLogoutHandler(deps)(apiEvent({ method: 'GET', path: '/api/logout', headers: bearer(token) }));
    expect(logout.statusCode).toBe(200);
    expect(bodyOf(logout)).toBe(true);
    expect((await makeViewHandler(deps)(jsonPost('/api/view', {}, { headers: bearer(token) }))).statusCode).toBe(401);
    // The refused call is in the access log too.
    expect(deps.accessLog.entries.map((entry) => [entry.action, entry.target])).toEqual([
      ['auth.logout', '-'],
      ['auth.refused', 'POST /api/view'],
    ]);
  });

  it('lists, reads and exports stored enquiries, writing each access to the log', async () => {
    const deps = staffDeps();
    const sendmail = makeSendmailHandler(deps);
    await sendmail(jsonPost('/api/sendmail', enquiry({ user_name: '=HYPERLINK("http://evil.example")' })));
    deps.clock.advance(MINUTE);
    await sendmail(jsonPost('/api/sendmail', enquiry({ section: '호텔예약', destination: undefined, hotel: 'Гостиница', finish: '2026-12-03' })));
    const token = await signStaffToken(deps.settings, EMAIL, 0, deps.clock.now());

    const view = await makeViewHandler(deps)(jsonPost('/api/view', {}, { headers: bearer(token) }));
    expect(view.statusCode).toBe(200);
    expect(view.headers['Cache-Control']).toBe('no-store');
    expect(view.headers['X-Total-Count']).toBe('2');
    expect((bodyOf(view) as EnquiryRecord[]).map((record) => record.POST_INDEX)).toEqual([2, 1]);

    const detail = makeDetailHandler(deps);
    const found = await detail(apiEvent({ method: 'GET', path: '/api/detail/2', params: { index: '2' }, headers: bearer(token) }));
    expect(found.statusCode).toBe(200);
    expect(bodyOf(found)).toEqual([expect.objectContaining({ POST_INDEX: 2, HOTEL: 'Гостиница' })]);
    expect((await detail(apiEvent({ method: 'GET', path: '/api/detail/9', params: { index: '9' }, headers: bearer(token) }))).statusCode).toBe(404);
    expect((await detail(apiEvent({ method: 'GET', path: '/api/detail/x', params: { index: 'x' }, headers: bearer(token) }))).statusCode).toBe(400);

    const csv = await makeExportCsvHandler(deps)(apiEvent({ method: 'GET', path: '/api/export.csv', query: { section: 'ALL' }, headers: bearer(token) }));
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['Content-Type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['Content-Disposition']).toBe(`attachment; filename="data_${formatKoreaDateTime(deps.clock.now()).replace(/[-: ]/g, '')}.csv"`);
    const lines = (csv.body ?? '').split('\r\n');
    expect(lines[0]?.startsWith('\uFEFF"name","phone"')).toBe(true);
    expect(lines[1]).toContain('"Гостиница"');
    expect(lines[2]?.startsWith(`"'=HYPERLINK(`)).toBe(true);

    expect(deps.accessLog.entries.map((entry) => entry.action)).toEqual(['enquiry.list', 'enquiry.read', 'enquiry.read', 'enquiry.export']);
  });
});

describe('the visitor address behind CloudFront', () => {
  const viewer = (headers: Record<string, string>, originSecret: string) => {
    const deps = fakeDeps({ settings: { ORIGIN_VERIFY_SECRET: originSecret, SEND_LIMIT_PER_MINUTE: 1 } });
    const sendmail = makeSendmailHandler(deps);
    return { deps, send: () => sendmail(jsonPost('/api/sendmail', enquiry(), { headers, sourceIp: '130.176.0.1' })) };
  };

  it('counts the rate limit per CloudFront-Viewer-Address when the request carries the origin secret', async () => {
    const one = viewer({ 'cloudfront-viewer-address': '203.0.113.7:51000', 'x-origin-verify': 'edge-secret' }, 'edge-secret');
    expect((await one.send()).statusCode).toBe(200);
    const other = { 'cloudfront-viewer-address': '2001:db8::5:443', 'x-origin-verify': 'edge-secret' };
    const sendmail = makeSendmailHandler(one.deps);
    // Another visitor at the same edge is not limited by the first.
    expect((await sendmail(jsonPost('/api/sendmail', enquiry(), { headers: other, sourceIp: '130.176.0.1' }))).statusCode).toBe(200);
    expect((await one.send()).statusCode).toBe(429);
  });

  it('refuses a call without the right origin secret (the API endpoint itself is not a way in), storing nothing', async () => {
    const attempts: Record<string, string>[] = [{ 'cloudfront-viewer-address': '198.51.100.1:1', 'x-origin-verify': 'guess' }, { 'cloudfront-viewer-address': '198.51.100.1:1' }, {}];
    for (const headers of attempts) {
      const forged = viewer(headers, 'edge-secret');
      const response = await forged.send();
      expect(response.statusCode).toBe(403);
      expect(errorBody(response).error).toBe('forbidden');
      expect(forged.deps.enquiries.items.size).toBe(0);
    }
  });

  it('counts every address of one IPv6 /64 as one visitor', async () => {
    const one = viewer({ 'cloudfront-viewer-address': '2001:db8:7:7::1:443', 'x-origin-verify': 'edge-secret' }, 'edge-secret');
    expect((await one.send()).statusCode).toBe(200);
    const sendmail = makeSendmailHandler(one.deps);
    const sameNetwork = { 'cloudfront-viewer-address': '2001:db8:7:7:ffff::2:443', 'x-origin-verify': 'edge-secret' };
    expect((await sendmail(jsonPost('/api/sendmail', enquiry(), { headers: sameNetwork, sourceIp: '130.176.0.1' }))).statusCode).toBe(429);
  });
});

describe('a resend while the first try is still storing', () => {
  it('answers 409 with Retry-After instead of storing twice, and a later resend finds it stored', async () => {
    const deps = fakeDeps();
    const data = enquiry({ submission_id: '0b7f3c1e-93a4-4c57-9a1f-2f6f1d0d5e77' });
    // The first try claims the id, then is slow to write.
    let release: () => void = () => undefined;
    const create = deps.enquiries.create.bind(deps.enquiries);
    deps.enquiries.create = async (item) => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return create(item);
    };
    const sendmail = makeSendmailHandler(deps);
    const first = sendmail(jsonPost('/api/sendmail', data));
    await new Promise((resolve) => setTimeout(resolve, 10));
    const resend = await sendmail(jsonPost('/api/sendmail', data));
    expect(resend.statusCode).toBe(409);
    expect(resend.headers['Retry-After']).toBe('5');
    release();
    expect((await first).statusCode).toBe(200);
    deps.enquiries.create = create;
    const later = await sendmail(jsonPost('/api/sendmail', data));
    expect(later.statusCode).toBe(200);
    expect(deps.enquiries.items.size).toBe(1);
  });
});

describe('the acknowledgement to the visitor', () => {
  const toVisitor = (deps: FakeDeps) => deps.mailer.sent.filter((mail) => mail.to === 'anna@example.com');

  it('follows the staff mail through the outbox, in the page language, and answers the reference', async () => {
    const deps = fakeDeps();
    const response = await makeSendmailHandler(deps)(jsonPost('/api/sendmail', enquiry({ page_locale: 'vi' })));
    expect(bodyOf(response)).toMatchObject({ ok: true, reference: 'MT-000001' });
    expect(deps.mailer.sent.map((mail) => mail.to)).toEqual(['staff@example.com', 'anna@example.com']);
    const [ack] = toVisitor(deps);
    expect(ack?.subject).toContain('MT-000001');
    expect(ack?.replyTo).toBe('staff@example.com');
    expect(deps.outbox.items.get('1:ack')).toMatchObject({ kind: 'ack', status: 'sent', attempts: 1 });
  });

  it('is sent once: not again for a resend of the same submission, nor by the retry job', async () => {
    const deps = fakeDeps();
    const data = enquiry({ submission_id: '5f3c0d6e-1111-4a2b-9c3d-2e4f5a6b7c8d' });
    await makeSendmailHandler(deps)(jsonPost('/api/sendmail', data));
    await makeSendmailHandler(deps)(jsonPost('/api/sendmail', data));
    deps.clock.advance(60 * MINUTE);
    await retryDueMail(deps);
    expect(toVisitor(deps)).toHaveLength(1);
  });

  it('waits out an SES outage in the outbox and goes out once when SES is back', async () => {
    const deps = fakeDeps();
    deps.mailer.failWith = sesRefused();
    await makeSendmailHandler(deps)(jsonPost('/api/sendmail', enquiry()));
    expect(deps.outbox.items.get('1:ack')).toMatchObject({ status: 'pending', attempts: 1 });
    deps.mailer.failWith = undefined;
    deps.clock.advance(MINUTE);
    await retryDueMail(deps);
    deps.clock.advance(60 * MINUTE);
    await retryDueMail(deps);
    expect(toVisitor(deps)).toHaveLength(1);
    expect(deps.mailer.sent.filter((mail) => mail.to === 'staff@example.com')).toHaveLength(1);
  });

  it('goes to nobody for suspected spam, and not past the daily cap (staff still get the digest)', async () => {
    const spam = fakeDeps();
    await makeSendmailHandler(spam)(jsonPost('/api/sendmail', enquiry({ website: 'http://spam.example' })));
    expect(spam.mailer.sent).toHaveLength(0);
    expect(spam.outbox.items.size).toBe(0);

    const capped = fakeDeps({ settings: { MAIL_DAILY_CAP: 1 } });
    await makeSendmailHandler(capped)(jsonPost('/api/sendmail', enquiry()));
    expect(capped.mailer.sent.map((mail) => mail.to)).toEqual(['staff@example.com']);
    expect(capped.outbox.items.get('1:ack')).toMatchObject({ status: 'skipped' });
  });

  it('counts each mail once toward the daily cap, and a retried one again when it is tried again', async () => {
    const deps = fakeDeps();
    const mailsToday = () => [...deps.throttle.counts].filter(([key]) => key.startsWith('mail:day:')).reduce((sum, [, count]) => sum + count, 0);
    await makeSendmailHandler(deps)(jsonPost('/api/sendmail', enquiry()));
    expect(mailsToday()).toBe(2);

    deps.mailer.failWith = sesRefused();
    await makeSendmailHandler(deps)(jsonPost('/api/sendmail', enquiry({ user_name: 'second' })));
    expect(mailsToday()).toBe(4);
    deps.mailer.failWith = undefined;
    deps.clock.advance(MINUTE);
    await retryDueMail(deps);
    expect(mailsToday()).toBe(6);
    expect(deps.mailer.sent).toHaveLength(4);
  });

  it('is left out when the operator turns acknowledgements off (SES sandbox)', async () => {
    const deps = fakeDeps({ settings: { ACKNOWLEDGE_VISITORS: false } });
    await makeSendmailHandler(deps)(jsonPost('/api/sendmail', enquiry()));
    expect(deps.mailer.sent.map((mail) => mail.to)).toEqual(['staff@example.com']);
  });
});
