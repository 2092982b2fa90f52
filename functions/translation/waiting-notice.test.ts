/**
 * The staff notices that carry a machine translation, with
 * in-memory fakes and a wait of three minutes (the product's default): the
 * staff notification of an enquiry in Russian and the owner's notice of a
 * visitor's answer wait for their translation, the translation job sends
 * each once it has tried (with the Korean text, or where it stands when the
 * engine is down), the retry job sends one the job never got to at the end
 * of its wait, nothing goes twice, a Korean text goes at once, and a wait of
 * 0 sends at once as before.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { makeSendmailHandler } from '../intake/sendmail-handler';
import { MAIL_GRACE_MS, retryDueMail, staffMailId } from '../mail/outbox/mail-delivery';
import { visitorNoticeId } from '../mail/visitor-notice/notice-ids';
import { VISITOR_ACTOR } from '../visitor/visitor-page';
import type { EnquiryEvent } from '../work/ports';
import { visitorMessageStored } from '../conversation/receiving/hand-on';
import { type FakeDeps, dynamoRefused, fakeDeps, jsonPost } from '../../tests/support/fakes';
import { ENQUIRY_SOURCE, messageSource } from './translation-queue';
import { translateDue } from './translation-work';
import { noticeIdOf } from './waiting-notice';

const RUSSIAN = 'Здравствуйте! У меня болит спина уже два года, хочу пройти МРТ. Можно ли приехать в декабре?';
const WAIT_MS = 180_000;

let deps: FakeDeps;

async function sendEnquiry(locale: string, message: string): Promise<number> {
  await makeSendmailHandler(deps)(
    jsonPost('/api/sendmail', {
      user_name: 'Anna Petrova',
      user_email: 'anna@example.test',
      section: '병원예약',
      consent_privacy: true,
      consent_health: true,
      page_locale: locale,
      message,
    }),
  );
  return Math.max(...deps.enquiries.items.keys());
}

const staffMails = () => deps.mailer.sent.filter((mail) => mail.to === 'staff@example.com');
const staffMail = (index: number) => deps.outbox.items.get(staffMailId(index));

beforeEach(() => {
  deps = fakeDeps({ start: '2026-11-27T03:00:00Z', settings: { NOTICE_TRANSLATION_WAIT_SECONDS: WAIT_MS / 1000 } });
});

describe('the staff notification of an enquiry in another language', () => {
  it('waits for the translation while the visitor is answered at once; the job sends it, once, with the Korean text below the original', async () => {
    const index = await sendEnquiry('ru', RUSSIAN);
    // The visitor's acknowledgement went; staff's waits, due at the end of the wait at the latest.
    expect(deps.mailer.sent.map((mail) => mail.to)).toEqual(['anna@example.test']);
    expect(staffMail(index)).toMatchObject({
      status: 'pending',
      attempts: 0,
      translationSource: ENQUIRY_SOURCE,
      nextAt: deps.clock.now() + WAIT_MS,
    });
    expect(deps.enquiries.items.get(index)?.MAIL_STATUS).toBe('pending');

    deps.clock.advance(20_000);
    expect(await translateDue(deps)).toEqual({ done: 1 });
    expect(staffMails()).toHaveLength(1);
    expect(staffMail(index)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(deps.enquiries.items.get(index)?.MAIL_STATUS).toBe('sent');

    const lines = staffMails()[0]!.text.split('\n');
    const original = lines.findIndex((line) => line === `문의 내용: ${RUSSIAN}`);
    expect(original).toBeGreaterThan(0);
    expect(lines[original + 1]).toBe(`문의 내용 · 기계 번역 (fake engine): [ru→ko] ${RUSSIAN}`);
    expect(staffMails()[0]!.html).toContain('문의 내용 · 기계 번역 (fake engine)');

    // Neither the retry job at the end of the wait nor another run sends it again.
    deps.clock.advance(WAIT_MS);
    await retryDueMail(deps);
    await translateDue(deps);
    expect(staffMails()).toHaveLength(1);
  });

  it('goes after the first try when the engine is down, saying the translation is pending, and is not sent again when it is made', async () => {
    const index = await sendEnquiry('ru', RUSSIAN);
    deps.translator.failWith = Object.assign(new Error('Service unavailable'), { name: 'ServiceUnavailableException' });
    expect(await translateDue(deps)).toEqual({ retry: 1 });
    expect(staffMails()).toHaveLength(1);
    expect(staffMail(index)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(staffMails()[0]!.text).toContain('기계 번역: 번역 대기 중 · 번역되면 관리자 화면에 함께 보입니다');
    expect(staffMails()[0]!.text).not.toContain('[ru→ko]');

    deps.translator.failWith = undefined;
    deps.clock.advance(10 * 60_000);
    expect(await translateDue(deps)).toEqual({ done: 1 });
    expect(staffMails()).toHaveLength(1);
  });

  it('is sent by the retry job at the end of its wait when the job never got to it, without the translation', async () => {
    const index = await sendEnquiry('ru', RUSSIAN);
    deps.clock.advance(MAIL_GRACE_MS);
    await retryDueMail(deps);
    expect(staffMails()).toHaveLength(0);

    deps.clock.advance(WAIT_MS - MAIL_GRACE_MS);
    await retryDueMail(deps);
    expect(staffMails()).toHaveLength(1);
    expect(staffMails()[0]!.text).toContain('번역 대기 중');
    expect(staffMail(index)?.status).toBe('sent');
    // The translation made afterwards sends nothing more.
    await translateDue(deps);
    expect(staffMails()).toHaveLength(1);
  });

  it('goes without its translation when the translation cannot be read: a notice late is worse than one untranslated', async () => {
    const index = await sendEnquiry('ru', RUSSIAN);
    deps.clock.advance(WAIT_MS);
    deps.translations.failWith = dynamoRefused();
    await retryDueMail(deps);
    expect(staffMails()).toHaveLength(1);
    expect(staffMails()[0]!.text).toContain(RUSSIAN);
    expect(staffMails()[0]!.text).not.toContain('기계 번역');
    expect(staffMail(index)?.status).toBe('sent');
  });

  it("counts toward the day's mail cap once, when it goes", async () => {
    const mailsToday = () =>
      [...deps.throttle.counts]
        .filter(([key]) => key.startsWith('mail:day:'))
        .reduce((sum, [, count]) => sum + count, 0);
    await sendEnquiry('ru', RUSSIAN);
    expect(mailsToday()).toBe(1);
    await translateDue(deps);
    expect(mailsToday()).toBe(2);
  });

  it('goes at once for an enquiry written in Korean, which has nothing to translate', async () => {
    const index = await sendEnquiry('ko', '12월에 MRI 검사를 받고 싶습니다.');
    expect(staffMails()).toHaveLength(1);
    expect(staffMail(index)?.translationSource).toBeUndefined();
    expect(staffMails()[0]!.text).not.toContain('기계 번역');
  });

  it('goes at once, as before, when the wait is 0, and carries the translation if it is made by a later try', async () => {
    deps.settings.NOTICE_TRANSLATION_WAIT_SECONDS = 0;
    const index = await sendEnquiry('ru', RUSSIAN);
    expect(staffMails()).toHaveLength(1);
    expect(staffMails()[0]!.text).toContain('번역 대기 중');
    expect(staffMail(index)).toMatchObject({ status: 'sent', translationSource: ENQUIRY_SOURCE });
  });
});

describe("the owner's notice of a visitor's answer in another language", () => {
  /** A visitor's answer by mail, stored in the thread and handed on as the receiver does. */
  async function answer(index: number, text: string, at: string): Promise<void> {
    const event: EnquiryEvent = {
      postIndex: index,
      at,
      type: 'visitorMessage',
      actor: VISITOR_ACTOR,
      channel: 'mail',
      text,
    };
    await visitorMessageStored(deps, event, await deps.events.addOnce(event));
  }

  /** A Russian enquiry, its notification sent with its translation an hour ago; the mailer emptied. */
  async function russianEnquiryAnHourAgo(): Promise<number> {
    const index = await sendEnquiry('ru', RUSSIAN);
    await translateDue(deps);
    deps.mailer.sent.length = 0;
    deps.clock.advance(60 * 60_000);
    return index;
  }

  /** An event key at the clock's time, with a tail of its own. */
  const eventAt = (tail: string) => `${new Date(deps.clock.now()).toISOString()}#m${tail.repeat(16)}`;

  it("waits for the message's translation and carries its first words in Korean", async () => {
    const index = await russianEnquiryAnHourAgo();
    const at = eventAt('a');
    await answer(index, 'Спасибо! Можно приехать 12 декабря?', at);
    const noticeId = visitorNoticeId(index, deps.clock.now());
    expect(noticeIdOf(index, messageSource(at))).toBe(noticeId);
    expect(deps.outbox.items.get(noticeId)).toMatchObject({ status: 'pending', translationSource: messageSource(at) });
    expect(staffMails()).toHaveLength(0);

    expect(await translateDue(deps)).toEqual({ done: 1 });
    expect(staffMails()).toHaveLength(1);
    expect(staffMails()[0]!.text).toContain('메시지 미리 보기: Спасибо! Можно приехать 12 декабря?');
    expect(staffMails()[0]!.text).toContain(
      '메시지 미리 보기 · 기계 번역 (fake engine): [ru→ko] Спасибо! Можно приехать 12 декабря?',
    );
  });

  it("carries the translation of the message it tells of, the latest, when an earlier one's notice goes after it", async () => {
    const index = await russianEnquiryAnHourAgo();
    const first = eventAt('1');
    await answer(index, 'Первое сообщение', first);
    deps.clock.advance(1_000);
    const second = eventAt('2');
    await answer(index, 'Второе сообщение', second);

    // The first message's translation is made; its notice goes, telling of the second, whose translation is still pending.
    expect(await translateDue(deps, 1)).toEqual({ done: 1 });
    expect(staffMails()).toHaveLength(1);
    expect(staffMails()[0]!.text).toContain('메시지 미리 보기: Второе сообщение');
    expect(staffMails()[0]!.text).toContain('기계 번역: 번역 대기 중');
    expect(staffMails()[0]!.text).not.toContain('[ru→ko] Первое');

    // The second's made, its own notice carries its Korean.
    expect(await translateDue(deps)).toEqual({ done: 1 });
    expect(staffMails()).toHaveLength(2);
    expect(staffMails()[1]!.text).toContain('메시지 미리 보기 · 기계 번역 (fake engine): [ru→ko] Второе сообщение');
  });

  it('goes at once for a message in Korean from the Korean page', async () => {
    const index = await sendEnquiry('ko', '12월에 MRI 검사를 받고 싶습니다.');
    deps.mailer.sent.length = 0;
    const at = eventAt('b');
    await answer(index, '12일에 가도 될까요?', at);
    expect(staffMails()).toHaveLength(1);
  });
});
