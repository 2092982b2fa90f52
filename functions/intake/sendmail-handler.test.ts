import { describe, expect, it } from 'vitest';
import { CONFIRM_NEEDED, MIN_FILL_TIME_MS, RESERVATION_PAST_GRACE_MS } from '../../shared/intake/form-fields';
import { formatKoreaDateTime } from '../../shared/korea-time';
import { makeSendmailHandler } from './sendmail-handler';
import { MAX_BODY_BYTES } from '../platform/http/request';
import type { Mail } from '../mail/ports';
import { retryDelayMs } from '../mail/outbox/mail-timings';
import { apiEvent, bodyOf, dynamoRefused, fakeDeps, formPost, jsonPost } from '../../tests/support/fakes';
import { sesRefused } from '../mail/fakes';
import {
  MINUTE,
  enquiry,
  formFields,
  errorBody,
  apartFromReference,
  stored,
  location,
  staffMailDeps,
} from '../../tests/support/enquiry-requests';

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
    expect(deps.mailer.sent[0]).toMatchObject({ to: 'staff@example.com' });
    // Staff answer in the back office: an answer to this mail would go around the thread.
    expect(deps.mailer.sent[0]?.replyTo).toBeUndefined();
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
    expect(deps.outbox.items.get('1:staff')).toMatchObject({
      status: 'pending',
      attempts: 1,
      queue: 'DUE',
      nextAt: now + retryDelayMs(1),
    });
  });

  it('fills the hospital defaults: detail_section and the health consent', async () => {
    const deps = staffMailDeps();
    const response = await makeSendmailHandler(deps)(
      jsonPost('/api/sendmail', enquiry({ section: '병원예약', destination: undefined, consent_health: true })),
    );
    expect(response.statusCode).toBe(200);
    expect(stored(deps)[0]).toMatchObject({
      MEDICAL_SECTION: '병원예약',
      DETAIL_SECTION: '상급/종합병원',
      CONSENT_HEALTH: true,
    });
  });

  it('stores the language normalised (old spellings accepted)', async () => {
    const deps = staffMailDeps();
    await makeSendmailHandler(deps)(
      jsonPost('/api/sendmail', enquiry({ section: '통역예약', user_language: 'Japanes' })),
    );
    expect(stored(deps)[0]?.LANG_PREFERENCE).toBe('Japanese');
  });

  it('accepts a bare object as well as { data: ... }, and a base64-encoded body', async () => {
    const deps = staffMailDeps();
    const sendmail = makeSendmailHandler(deps);
    const bare = await sendmail(
      apiEvent({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(enquiry()) }),
    );
    const encoded = await sendmail(
      apiEvent({
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ data: enquiry({ user_name: '김민수' }) }),
        base64: true,
      }),
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
    expect(bodyOf(first)).toEqual({
      ok: true,
      reference: 'MT-000001',
      submission_id: '0d6b5c1e-3f4a-4b8c-9d2e-7f1a2b3c4d5e',
    });
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
    expect(errorBody(refused)).toMatchObject({
      error: 'invalid_input',
      fields: { start: 'Not in the past (Korea time)' },
    });
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
    expect(
      (await sendmail(jsonPost('/api/sendmail', enquiry({ ...hotel, start: '2026-11-22', finish: '2026-11-24' }))))
        .statusCode,
    ).toBe(200);
    const refused = await sendmail(
      jsonPost('/api/sendmail', enquiry({ ...hotel, start: '2026-11-20', finish: '2026-11-21' })),
    );
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
    const response = await makeSendmailHandler(deps)(
      formPost('/api/sendmail', formFields({ start: '2026-11-01 10:00' }), {
        headers: { referer: 'https://site.example/RuPage' },
      }),
    );
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
    expect(spamRecord).toMatchObject({
      SPAM: true,
      SPAM_REASON: 'honeypot',
      MAIL_STATUS: 'skipped',
      MAIL_ATTEMPTS: 0,
      LIST: 'SPAM',
      SECTION_LIST: 'SPAM#컨시어지',
    });
    expect(spamRecord).not.toHaveProperty('MAIL_QUEUE');
    expect(deps.mailer.sent).toHaveLength(1);
    expect(deps.mailer.attempts).toBe(1);
  });

  it('stores nothing of a form filled in under 3 seconds (or a made-up negative time) and asks for it again, distinctly; 3 seconds or more is stored', async () => {
    const deps = staffMailDeps();
    const sendmail = makeSendmailHandler(deps);

    const tooFast = [1_000, MIN_FILL_TIME_MS - 1, -20_000, '0'];
    for (const form_fill_ms of tooFast) {
      const answer = await sendmail(jsonPost('/api/sendmail', enquiry({ form_fill_ms })));
      expect(answer.statusCode, String(form_fill_ms)).toBe(409);
      expect(errorBody(answer)).toEqual({
        error: CONFIRM_NEEDED,
        message:
          'This enquiry came faster than a person fills the form, and was not stored. Check it and send it again to confirm it.',
      });
    }
    expect(stored(deps)).toEqual([]);
    expect(deps.outbox.items.size).toBe(0);
    // Nothing was counted either, neither a number nor a send against the limits.
    expect(await deps.counters.read('POST_INDEX')).toBe(0);
    expect(deps.throttle.counts.size).toBe(0);

    const human = await sendmail(jsonPost('/api/sendmail', enquiry({ form_fill_ms: String(MIN_FILL_TIME_MS) })));
    expect(human.statusCode).toBe(200);
    expect(bodyOf(human)).toEqual({ ok: true, reference: 'MT-000001' });
    expect(stored(deps)).toMatchObject([{ POST_INDEX: 1, SPAM: false, MAIL_STATUS: 'sent', LIST: 'ALL' }]);
  });

  it('stores the second send of a fill it asked to confirm as any other: same submission, later than the fill time', async () => {
    const deps = staffMailDeps();
    const sendmail = makeSendmailHandler(deps);
    const submission_id = crypto.randomUUID();
    const first = await sendmail(jsonPost('/api/sendmail', enquiry({ submission_id, form_fill_ms: 900 })));
    expect(first.statusCode).toBe(409);
    const again = await sendmail(jsonPost('/api/sendmail', enquiry({ submission_id, form_fill_ms: 7_400 })));
    expect(again.statusCode).toBe(200);
    expect(bodyOf(again)).toEqual({ ok: true, reference: 'MT-000001', submission_id });
    expect(stored(deps)).toMatchObject([{ SPAM: false, SUBMISSION_ID: submission_id, STATUS: 'new' }]);
    // The staff notice goes out as for any enquiry.
    expect(deps.mailer.sent.map((mail) => mail.to)).toEqual(['staff@example.com']);
  });

  it('still files a fast send with the hidden field filled as suspected spam, answered as a real one', async () => {
    const deps = staffMailDeps();
    const sendmail = makeSendmailHandler(deps);
    const bot = await sendmail(
      jsonPost('/api/sendmail', enquiry({ website: 'http://spam.example', form_fill_ms: 200 })),
    );
    const human = await sendmail(jsonPost('/api/sendmail', enquiry({ form_fill_ms: 20_000 })));
    expect(apartFromReference(bot).body).toBe(apartFromReference(human).body);
    expect(deps.enquiries.items.get(1)).toMatchObject({ SPAM: true, SPAM_REASON: 'honeypot', MAIL_STATUS: 'skipped' });
  });

  it('sends a plain form post sent too fast back to the page, which asks for it again', async () => {
    const deps = staffMailDeps();
    const answer = await makeSendmailHandler(deps)(
      formPost('/api/sendmail', formFields({ form_fill_ms: '40' }), {
        headers: { referer: 'https://site.example/RuPage' },
      }),
    );
    expect(answer.statusCode).toBe(303);
    expect(location(answer).pathname).toBe('/RuPage');
    expect(location(answer).searchParams.get('error')).toBe(CONFIRM_NEEDED);
    expect(stored(deps)).toEqual([]);
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
    expect(
      (await sendmail(jsonPost('/api/sendmail', enquiry({ submission_id: '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d' }))))
        .statusCode,
    ).toBe(503);
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
  it.each(['/KrPage', '/RuPage', '/CnPage', '/VnPage', '/JpPage', '/Home', '/'])(
    'answers a page with the reference and a link back to %s',
    async (page) => {
      const deps = fakeDeps();
      const response = await makeSendmailHandler(deps)(
        formPost('/api/sendmail', formFields(), { headers: { referer: `https://site.example${page}?x=1` } }),
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['Content-Type']).toBe('text/html; charset=utf-8');
      expect(response.headers['Cache-Control']).toBe('no-store');
      expect(response.headers['Location']).toBeUndefined();
      expect(response.body).toContain('<strong id="reference">MT-000001</strong>');
      expect(response.body).toContain(`href="${page}#contact"`);
      expect(deps.enquiries.items.size).toBe(1);
      expect(stored(deps)[0]).toMatchObject({
        NAME: 'Anna Petrova',
        NUMBER_PEOPLE: 2,
        ROOM: 1,
        CONTACT_NUMBER: '',
        HOTEL: '',
      });
    },
  );

  it.each([
    ['an outside page', 'https://evil.example/phishing'],
    ['an unknown page of ours', 'https://site.example/admin'],
    ['garbage', 'not a url at all %%%'],
  ])('links back to the page of the posted language for %s', async (_name, referer) => {
    const english = await makeSendmailHandler(fakeDeps())(
      formPost('/api/sendmail', formFields(), { headers: { referer } }),
    );
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('href="/#contact"');
    const russian = await makeSendmailHandler(fakeDeps())(
      formPost('/api/sendmail', formFields({ page_locale: 'ru' }), { headers: { referer } }),
    );
    expect(russian.body).toContain('href="/RuPage#contact"');
    expect(russian.body).not.toMatch(/evil|admin|%%%/);
  });

  it('goes back to the page when its address had a trailing slash', async () => {
    const response = await makeSendmailHandler(fakeDeps())(
      formPost('/api/sendmail', formFields(), { headers: { referer: 'https://site.example/KrPage/' } }),
    );
    expect(response.body).toContain('href="/KrPage#contact"');
  });

  it('speaks the posted page language without a referer', async () => {
    const response = await makeSendmailHandler(fakeDeps())(
      formPost('/api/sendmail', formFields({ page_locale: 'ja' })),
    );
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
    const response = await makeSendmailHandler(fakeDeps())(
      formPost('/api/sendmail', formFields({ user_email: '' }), { headers: { referer: 'https://evil.example/phish' } }),
    );
    expect(response.statusCode).toBe(303);
    expect(location(response).pathname).toBe('/');
  });

  it('answers bad input with ?error=invalid_input&fields=... and stores nothing', async () => {
    const deps = staffMailDeps();
    const response = await makeSendmailHandler(deps)(
      formPost('/api/sendmail', formFields({ user_email: '', user_count: '11', consent_privacy: '' }), {
        headers: { referer: 'https://site.example/JpPage' },
      }),
    );
    expect(response.statusCode).toBe(303);
    const target = location(response);
    expect(target.pathname).toBe('/JpPage');
    expect(target.searchParams.get('error')).toBe('invalid_input');
    expect(target.searchParams.get('fields')?.split(',').sort()).toEqual([
      'consent_privacy',
      'user_count',
      'user_email',
    ]);
    expect(deps.enquiries.items.size).toBe(0);
    expect(deps.mailer.attempts).toBe(0);
  });

  it('answers a rate-limited form post with a redirect that keeps Retry-After', async () => {
    const deps = staffMailDeps({ settings: { SEND_LIMIT_PER_MINUTE: 1 } });
    const sendmail = makeSendmailHandler(deps);
    await sendmail(formPost('/api/sendmail', formFields()));
    const response = await sendmail(
      formPost('/api/sendmail', formFields({ message: 'Another question' }), {
        headers: { referer: 'https://site.example/VnPage' },
      }),
    );
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
    expect(
      (
        await sendmail(
          jsonPost('/api/sendmail', enquiry(), { headers: { 'sec-fetch-site': 'cross-site', host: 'site.example' } }),
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await sendmail(formPost('/api/sendmail', formFields(), { headers: { origin: 'null', host: 'site.example' } })))
        .statusCode,
    ).toBe(403);
    // A body that does not say it is JSON or a form (no-cors fetch, sendBeacon) is refused as such.
    const untyped = apiEvent({
      method: 'POST',
      path: '/api/sendmail',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({ data: enquiry() }),
    });
    expect((await sendmail(untyped)).statusCode).toBe(415);
    expect(
      (await sendmail(apiEvent({ method: 'POST', path: '/api/sendmail', body: JSON.stringify({ data: enquiry() }) })))
        .statusCode,
    ).toBe(415);
    expect(deps.enquiries.items.size).toBe(0);
    // Our own page is welcome.
    const own = { origin: 'https://site.example', host: 'site.example', 'sec-fetch-site': 'same-origin' };
    expect((await sendmail(jsonPost('/api/sendmail', enquiry(), { headers: own }))).statusCode).toBe(200);
  });

  it('answers an oversized form post with a redirect naming the problem', async () => {
    const deps = staffMailDeps();
    const response = await makeSendmailHandler(deps)(
      formPost('/api/sendmail', formFields({ message: 'x'.repeat(MAX_BODY_BYTES) })),
    );
    expect(response.statusCode).toBe(303);
    expect(location(response).searchParams.get('error')).toBe('payload_too_large');
    expect(deps.enquiries.items.size).toBe(0);
  });
});

describe('POST /api/sendmail: bad requests', () => {
  it('answers bad JSON input with 400, naming the field, and stores nothing', async () => {
    const deps = fakeDeps();
    const response = await makeSendmailHandler(deps)(
      jsonPost('/api/sendmail', enquiry({ user_email: 'not-an-address' })),
    );
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
    expect(Object.keys(errorBody(response).fields ?? {}).sort()).toEqual([
      'consent_privacy',
      'section',
      'user_Room',
      'user_email',
      'user_name',
    ]);
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
    const body = JSON.stringify({
      data: { ...enquiry(), padding: 'p'.repeat(MAX_BODY_BYTES - Buffer.byteLength(base)) },
    });
    expect(Buffer.byteLength(body)).toBe(MAX_BODY_BYTES);
    const response = await makeSendmailHandler(deps)(
      apiEvent({ headers: { 'content-type': 'application/json' }, body }),
    );
    expect(response.statusCode).toBe(200);
    const over = await makeSendmailHandler(deps)(
      apiEvent({ headers: { 'content-type': 'application/json' }, body: `${body} ` }),
    );
    expect(over.statusCode).toBe(413);
  });

  it('answers malformed JSON with 400 invalid_json', async () => {
    const deps = fakeDeps();
    const response = await makeSendmailHandler(deps)(
      apiEvent({ headers: { 'content-type': 'application/json' }, body: '{"data": {"user_name": "A",' }),
    );
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
    const response = await makeSendmailHandler(fakeDeps())(
      apiEvent({ headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ data: enquiry() }) }),
    );
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

describe('the visitor address behind CloudFront', () => {
  const viewer = (headers: Record<string, string>, originSecret: string) => {
    const deps = fakeDeps({ settings: { ORIGIN_VERIFY_SECRET: originSecret, SEND_LIMIT_PER_MINUTE: 1 } });
    const sendmail = makeSendmailHandler(deps);
    return { deps, send: () => sendmail(jsonPost('/api/sendmail', enquiry(), { headers, sourceIp: '130.176.0.1' })) };
  };

  it('counts the rate limit per CloudFront-Viewer-Address when the request carries the origin secret', async () => {
    const one = viewer(
      { 'cloudfront-viewer-address': '203.0.113.7:51000', 'x-origin-verify': 'edge-secret' },
      'edge-secret',
    );
    expect((await one.send()).statusCode).toBe(200);
    const other = { 'cloudfront-viewer-address': '2001:db8::5:443', 'x-origin-verify': 'edge-secret' };
    const sendmail = makeSendmailHandler(one.deps);
    // Another visitor at the same edge is not limited by the first.
    expect(
      (await sendmail(jsonPost('/api/sendmail', enquiry(), { headers: other, sourceIp: '130.176.0.1' }))).statusCode,
    ).toBe(200);
    expect((await one.send()).statusCode).toBe(429);
  });

  it('refuses a call without the right origin secret (the API endpoint itself is not a way in), storing nothing', async () => {
    const attempts: Record<string, string>[] = [
      { 'cloudfront-viewer-address': '198.51.100.1:1', 'x-origin-verify': 'guess' },
      { 'cloudfront-viewer-address': '198.51.100.1:1' },
      {},
    ];
    for (const headers of attempts) {
      const forged = viewer(headers, 'edge-secret');
      const response = await forged.send();
      expect(response.statusCode).toBe(403);
      expect(errorBody(response).error).toBe('forbidden');
      expect(forged.deps.enquiries.items.size).toBe(0);
    }
  });

  it('counts every address of one IPv6 /64 as one visitor', async () => {
    const one = viewer(
      { 'cloudfront-viewer-address': '2001:db8:7:7::1:443', 'x-origin-verify': 'edge-secret' },
      'edge-secret',
    );
    expect((await one.send()).statusCode).toBe(200);
    const sendmail = makeSendmailHandler(one.deps);
    const sameNetwork = { 'cloudfront-viewer-address': '2001:db8:7:7:ffff::2:443', 'x-origin-verify': 'edge-secret' };
    expect(
      (await sendmail(jsonPost('/api/sendmail', enquiry(), { headers: sameNetwork, sourceIp: '130.176.0.1' })))
        .statusCode,
    ).toBe(429);
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
