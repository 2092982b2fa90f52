import { describe, expect, it, vi } from 'vitest';
import type { EnquiryRecord } from '../../../shared/enquiries/enquiry';
import { makeSendmailHandler } from '../../intake/sendmail-handler';
import { MAIL_GRACE_MS, retryDueMail } from './mail-delivery';
import { MAX_MAIL_ATTEMPTS, STALE_SENDING_MS, retryDelayMs } from './mail-timings';
import { ANSWER_IN_BACK_OFFICE, composeEnquiryMail } from '../staff-mail';
import { replyAddress, threadReference } from '../../conversation/reply-address';
import { sampleRecord } from '../../../tests/support/records';
import { type FakeDeps, bodyOf, dynamoRefused, fakeDeps, jsonPost } from '../../../tests/support/fakes';
import { sesCutOff, sesRefused } from '../fakes';
import { MINUTE, enquiry, staffMailDeps } from '../../../tests/support/enquiry-requests';

describe('retryDueMail', () => {
  const staffMail = (deps: FakeDeps, postIndex = 1) => deps.outbox.items.get(`${postIndex}:staff`);
  const none = { pending: 0, sending: 0, sent: 0, failed: 0, skipped: 0, held: 0, uncertain: 0, digested: 0 };

  it('backs off 1, 2, 4, ... minutes, capped at 60', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20, 71].map((attempts) => retryDelayMs(attempts) / MINUTE)).toEqual([
      1, 2, 4, 8, 16, 32, 60, 60, 60, 60,
    ]);
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
      return {};
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
      return {};
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
    for (const label of [
      '접수 번호',
      '문의 구분',
      '진료 과목',
      '이름',
      '연락처',
      '이메일',
      '희망 언어',
      '인원',
      '문의 내용',
      '개인정보 동의',
      '건강정보 동의',
    ]) {
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

  it('tells staff a chosen date from none, "희망 없음" (the form starts with no date)', () => {
    const url = 'https://site.example';
    expect(composeEnquiryMail(record, 'staff@example.com', url).text).toContain(
      '희망 일시 (한국 시간): 2026-12-01 10:00',
    );
    expect(composeEnquiryMail({ ...record, REGISTRATION_DATE: '' }, 'staff@example.com', url).text).toContain(
      '희망 일시 (한국 시간): 희망 없음',
    );
    const stay = composeEnquiryMail(
      { ...record, MEDICAL_SECTION: '호텔예약', REGISTRATION_DATE: '2026-12-01', REGISTRATION_END: '' },
      'staff@example.com',
      url,
    ).text;
    expect(stay).toContain('체크인 (한국 시간): 2026-12-01');
    expect(stay).toContain('체크아웃 (한국 시간): 희망 없음');
  });

  it('shows a free-text language as typed', () => {
    expect(
      composeEnquiryMail({ ...record, LANG_PREFERENCE: 'Mongolian' }, 'staff@example.com', 'https://site.example').text,
    ).toContain('희망 언어: Mongolian');
  });

  it('keeps the subject on one line', () => {
    const mail = composeEnquiryMail(
      { ...record, NAME: 'Eve\r\nBcc: victim@example.com\nX: y' },
      'staff@example.com',
      'https://site.example',
    );
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
    const hotel = composeEnquiryMail(
      { ...record, MEDICAL_SECTION: '호텔예약', DETAIL_SECTION: '', HOTEL: 'Grand', ROOM: 2 },
      'staff@example.com',
      'https://site.example',
    );
    expect(hotel.text).toContain('객실 수: 2실');
    expect(hotel.text).not.toContain('진료 과목');
    expect(hotel.text).not.toContain('건강정보 동의');
    // The consent time in Korea time, as every other time.
    expect(hotel.text).toMatch(/개인정보 동의: 동의 \(안내문 2026-11-01, 2026-11-23 00:30 한국 시간\)/);
  });

  it('sends staff to the back office to answer, never to their mail client (no Reply-To: an answer would go around the thread)', () => {
    const mail = composeEnquiryMail(record, 'staff@example.com', 'https://site.example');
    expect(mail.to).toBe('staff@example.com');
    expect(mail.replyTo).toBeUndefined();
    for (const part of [mail.text, mail.html]) expect(part).toContain(ANSWER_IN_BACK_OFFICE);
    expect(mail.text).toContain('관리자 화면: https://site.example/detail/42');
  });

  it('refuses a name with a line break (header injection) before anything is stored or mailed', async () => {
    const deps = staffMailDeps();
    const response = await makeSendmailHandler(deps)(
      jsonPost('/api/sendmail', enquiry({ user_name: 'Eve\r\nBcc: victim@example.com' })),
    );
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body ?? '{}').fields).toHaveProperty('user_name');
    expect(deps.mailer.sent).toHaveLength(0);
    expect(deps.enquiries.items.size).toBe(0);
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
    // The enquiry's reply address, and the thread every mail to the visitor names.
    const addressing = { secret: deps.settings.REPLY_ADDRESS_SECRET, domain: 'reply.site.example' };
    expect(ack?.replyTo).toBe(replyAddress(addressing, 1));
    expect(ack?.references).toEqual([threadReference(addressing, 1)]);
    expect(ack?.inReplyTo).toBeUndefined();
    // SES's id for it is kept with the mail and recorded, so an answer's In-Reply-To finds the enquiry.
    expect(deps.outbox.items.get('1:ack')).toMatchObject({
      kind: 'ack',
      status: 'sent',
      attempts: 1,
      messageId: 'fake-ses-2',
    });
    expect(await deps.sentMailIds.find(['fake-ses-2'])).toMatchObject({ postIndex: 1 });
    // The staff notification's id is none of a visitor's.
    expect(await deps.sentMailIds.find(['fake-ses-1'])).toBeUndefined();
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
    const mailsToday = () =>
      [...deps.throttle.counts]
        .filter(([key]) => key.startsWith('mail:day:'))
        .reduce((sum, [, count]) => sum + count, 0);
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
