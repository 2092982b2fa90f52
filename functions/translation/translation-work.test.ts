/**
 * Making the translations staff read, with in-memory fakes: the job an
 * original gets (from the page's language, `auto` when the text says
 * otherwise, none for Korean), made once whatever the retries, the original
 * read when it is translated, the daily cap (waiting for Korea's next day,
 * the count given back for a failed call), refusals given up, failures
 * retried with back-off until the engine is back and given up at last, and an
 * erased original leaving nothing to translate.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { startOfKoreaDay } from '../../shared/korea-time';
import { TRANSLATION_QUEUE } from '../../shared/tables';
import { makeSendmailHandler } from '../intake/sendmail-handler';
import { retryDelayMs } from '../mail/outbox/mail-timings';
import { type FakeDeps, dynamoRefused, fakeDeps, jsonPost } from '../../tests/support/fakes';
import { ENQUIRY_SOURCE, messageSource, queueTranslation, translationJob } from './translation-queue';
import { translatedCharsCounter } from './daily-chars';
import { MAX_TRANSLATION_ATTEMPTS, translateDue, translateOne } from './translation-work';
import { askAgain } from './staff/staff-translations';

const RUSSIAN = 'Здравствуйте! У меня болит спина уже два года, хочу пройти МРТ. Можно ли приехать в декабре?';

let deps: FakeDeps;

async function sendEnquiry(locale: string, message: string, extra: Record<string, unknown> = {}): Promise<number> {
  await makeSendmailHandler(deps)(
    jsonPost('/api/sendmail', {
      user_name: 'Anna Petrova',
      user_email: 'anna@example.test',
      section: '병원예약',
      consent_privacy: true,
      consent_health: true,
      page_locale: locale,
      message,
      ...extra,
    }),
  );
  return Math.max(...deps.enquiries.items.keys());
}

async function queueEnquiry(index: number): Promise<boolean> {
  const enquiry = deps.enquiries.items.get(index)!;
  return queueTranslation(
    deps,
    index,
    ENQUIRY_SOURCE,
    { CONTEXT: enquiry.CONTEXT, ...(enquiry.HOTEL ? { HOTEL: enquiry.HOTEL } : {}) },
    enquiry.LOCALE ?? 'en',
  );
}

const job = (index: number, source = ENQUIRY_SOURCE) => deps.translations.items.get(`${index}|${source}`);

beforeEach(() => {
  deps = fakeDeps({ start: '2026-11-27T03:00:00Z' });
});

describe('the job an original gets', () => {
  it("translates from the page's language into Korean, or asks the engine to find the language when the text is in another script", () => {
    expect(translationJob(1, ENQUIRY_SOURCE, { CONTEXT: RUSSIAN }, 'ru', 0)).toMatchObject({
      from: 'ru',
      to: 'ko',
      state: 'pending',
      attempts: 0,
      queue: TRANSLATION_QUEUE,
      nextAt: 0,
    });
    expect(translationJob(1, ENQUIRY_SOURCE, { CONTEXT: 'I would like an MRI in December.' }, 'vi', 0)?.from).toBe(
      'auto',
    );
    expect(translationJob(1, ENQUIRY_SOURCE, { CONTEXT: 'Tôi muốn chụp MRI vào tháng mười hai.' }, 'vi', 0)?.from).toBe(
      'vi',
    );
    expect(translationJob(1, ENQUIRY_SOURCE, { CONTEXT: RUSSIAN }, 'en', 0)?.from).toBe('auto');
  });

  it('needs none for a text in Korean, or for no text at all', () => {
    expect(translationJob(1, ENQUIRY_SOURCE, { CONTEXT: '12월에 MRI를 받고 싶어요.' }, 'ko', 0)).toBeUndefined();
    expect(translationJob(1, ENQUIRY_SOURCE, { CONTEXT: '12월에 MRI를 받고 싶어요.' }, 'en', 0)?.from).toBe('auto');
    expect(translationJob(1, ENQUIRY_SOURCE, {}, 'ru', 0)).toBeUndefined();
  });

  it('is queued when the enquiry is stored, once however often it is asked', async () => {
    const index = await sendEnquiry('ru', RUSSIAN);
    expect(job(index)).toMatchObject({ state: 'pending', from: 'ru', to: 'ko' });
    expect(await queueEnquiry(index)).toBe(false);
    expect([...deps.translations.items.keys()]).toEqual([`${index}|${ENQUIRY_SOURCE}`]);
  });
});

describe('making a translation', () => {
  it('translates each text of the enquiry from the original as it is now, and keeps it beside it with the engine, languages and time', async () => {
    const index = await sendEnquiry('ru', RUSSIAN, { section: '호텔예약', hotel: 'Отель у моря', user_Room: 1 });
    await queueEnquiry(index);
    expect(await translateDue(deps)).toEqual({ done: 1 });
    expect(job(index)).toMatchObject({
      state: 'done',
      attempts: 1,
      texts: { CONTEXT: `[ru→ko] ${RUSSIAN}`, HOTEL: '[ru→ko] Отель у моря' },
      engine: 'fake engine',
      detected: 'ru',
      translatedAt: '2026-11-27T03:00:00.000Z',
      chars: RUSSIAN.length + 'Отель у моря'.length,
    });
    expect(job(index)?.queue).toBeUndefined();
    // The original is untouched.
    expect(deps.enquiries.items.get(index)?.CONTEXT).toBe(RUSSIAN);
    // Nothing more is due: a second run asks the engine nothing.
    const calls = deps.translator.requests.length;
    expect(await translateDue(deps)).toEqual({});
    expect(deps.translator.requests.length).toBe(calls);
  });

  it("translates a visitor's message, read from the thread", async () => {
    const index = await sendEnquiry('ja', '12月に健診を受けたいです。');
    const at = '2026-11-27T04:00:00.000Z#a1';
    await deps.events.add({
      postIndex: index,
      at,
      type: 'visitorMessage',
      actor: 'anna@example.test',
      text: 'ありがとうございます。10日でお願いします。',
      channel: 'page',
    });
    expect(
      await queueTranslation(
        deps,
        index,
        messageSource(at),
        { text: 'ありがとうございます。10日でお願いします。' },
        'ja',
      ),
    ).toBe(true);
    expect(await translateOne(deps, index, messageSource(at))).toBe('done');
    expect(job(index, messageSource(at))?.texts).toEqual({
      text: '[ja→ko] ありがとうございます。10日でお願いします。',
    });
  });

  it('makes one translation when two workers take the same job', async () => {
    const index = await sendEnquiry('ru', RUSSIAN);
    await queueEnquiry(index);
    const outcomes = await Promise.all([
      translateOne(deps, index, ENQUIRY_SOURCE),
      translateOne(deps, index, ENQUIRY_SOURCE),
    ]);
    expect(outcomes.sort()).toEqual(['busy', 'done']);
    expect(deps.translator.requests).toHaveLength(1);
  });

  it('leaves an erased original nothing to translate, and asks the engine nothing', async () => {
    const index = await sendEnquiry('ru', RUSSIAN);
    await queueEnquiry(index);
    deps.enquiries.items.delete(index);
    expect(await translateOne(deps, index, ENQUIRY_SOURCE)).toBe('gone');
    expect(deps.translator.requests).toHaveLength(0);
    expect(job(index)).toMatchObject({ state: 'failed', problem: 'original_gone' });
  });
});

describe('when the engine fails', () => {
  it("tries again after the back-off, the day's count given back, and translates once the engine is back", async () => {
    const index = await sendEnquiry('ru', RUSSIAN);
    await queueEnquiry(index);
    deps.translator.failWith = Object.assign(new Error('Service unavailable'), { name: 'ServiceUnavailableException' });
    expect(await translateDue(deps)).toEqual({ retry: 1 });
    expect(job(index)).toMatchObject({ state: 'pending', attempts: 1, nextAt: deps.clock.now() + retryDelayMs(1) });
    expect(await deps.counters.read(translatedCharsCounter('2026-11-27'))).toBe(0);
    // Not due again before its back-off.
    expect(await translateDue(deps)).toEqual({});
    deps.translator.failWith = undefined;
    deps.clock.advance(retryDelayMs(1));
    expect(await translateDue(deps)).toEqual({ done: 1 });
    expect(job(index)).toMatchObject({ state: 'done', attempts: 2 });
    expect(await deps.counters.read(translatedCharsCounter('2026-11-27'))).toBe(RUSSIAN.length);
  });

  it('gives up after the last try, and never retries a refusal', async () => {
    const index = await sendEnquiry('ru', RUSSIAN);
    await queueEnquiry(index);
    deps.translator.failWith = new Error('Throttled');
    for (let attempt = 1; attempt < MAX_TRANSLATION_ATTEMPTS; attempt += 1) {
      expect(await translateOne(deps, index, ENQUIRY_SOURCE)).toBe('retry');
      deps.clock.advance(retryDelayMs(attempt));
    }
    expect(await translateOne(deps, index, ENQUIRY_SOURCE)).toBe('failed');
    expect(job(index)).toMatchObject({ state: 'failed', problem: 'engine_failed', attempts: MAX_TRANSLATION_ATTEMPTS });
    expect(job(index)?.queue).toBeUndefined();

    const other = await sendEnquiry('ru', 'Спасибо');
    await queueEnquiry(other);
    deps.translator.failWith = undefined;
    deps.translator.refuse = 'Спасибо';
    expect(await translateOne(deps, other, ENQUIRY_SOURCE)).toBe('refused');
    expect(job(other)).toMatchObject({ state: 'refused', problem: 'language_pair' });
    expect(await deps.translations.due(deps.clock.now() + 10 * 24 * 3600_000, 10)).toEqual([]);
  });
});

describe('the daily cap', () => {
  it("waits for Korea's next day past the cap, asking the engine nothing, then translates", async () => {
    deps.settings.TRANSLATE_DAILY_CHARS = 100;
    const first = await sendEnquiry('ru', RUSSIAN);
    const second = await sendEnquiry('ru', RUSSIAN);
    await queueEnquiry(first);
    await queueEnquiry(second);
    expect(await translateDue(deps)).toEqual({ done: 1, capped: 1 });
    expect(deps.translator.requests).toHaveLength(1);
    // 03:00 UTC is noon in Korea: the next day starts at 15:00 UTC.
    expect(job(second)).toMatchObject({ state: 'capped', problem: 'daily_cap', nextAt: startOfKoreaDay('2026-11-28') });
    expect(await deps.counters.read(translatedCharsCounter('2026-11-27'))).toBe(RUSSIAN.length);
    deps.clock.advance(12 * 3600_000);
    expect(await translateDue(deps)).toEqual({ done: 1 });
    expect(await deps.counters.read(translatedCharsCounter('2026-11-28'))).toBe(RUSSIAN.length);
  });
});

describe("each enquiry's and each sender's share of the day", () => {
  const message = async (index: number, at: string, actor: string, text: string) => {
    await deps.events.add({ postIndex: index, at, type: 'visitorMessage', actor, text, channel: 'mail' });
    await queueTranslation(deps, index, messageSource(at), { text }, 'ru');
  };

  it('holds back what passes a share until the next day, marked; another patient is translated; a staff member asking has it made today', async () => {
    deps.settings.TRANSLATE_DAILY_CHARS = 100_000;
    const long = 'Очень длинное письмо. '.repeat(300);
    const anna = await sendEnquiry('ru', RUSSIAN);
    const boris = await sendEnquiry('ru', RUSSIAN, { user_email: 'boris@example.test' });
    await message(anna, '2026-11-27T03:01:00.000Z#a', 'anna@example.test', long);
    await message(anna, '2026-11-27T03:02:00.000Z#b', 'anna@example.test', long);
    await message(boris, '2026-11-27T03:03:00.000Z#c', 'boris@example.test', long);
    const outcomes = await translateDue(deps);
    expect(outcomes).toEqual({ done: 4, capped: 1 });
    expect(job(anna, messageSource('2026-11-27T03:02:00.000Z#b'))).toMatchObject({
      state: 'capped',
      problem: 'share_cap',
      nextAt: startOfKoreaDay('2026-11-28'),
    });
    expect(job(boris, messageSource('2026-11-27T03:03:00.000Z#c'))?.state).toBe('done');
    // What was held back is not counted against the day.
    expect(await deps.counters.read(translatedCharsCounter('2026-11-27'))).toBe(2 * RUSSIAN.length + 2 * long.length);
    expect((await askAgain(deps, anna, messageSource('2026-11-27T03:02:00.000Z#b'))).state).toBe('pending');
    expect(await translateDue(deps)).toEqual({ done: 1 });
  });

  it('counts one sender across enquiries: a second enquiry does not get a second share', async () => {
    deps.settings.TRANSLATE_DAILY_CHARS = 100_000;
    const long = 'Очень длинное письмо. '.repeat(300);
    const first = await sendEnquiry('ru', RUSSIAN);
    const second = await sendEnquiry('ru', RUSSIAN);
    await message(first, '2026-11-27T03:01:00.000Z#a', 'anna@example.test', long);
    await message(second, '2026-11-27T03:02:00.000Z#b', 'Anna@Example.test', long);
    expect(await translateDue(deps)).toEqual({ done: 3, capped: 1 });
    expect(job(second, messageSource('2026-11-27T03:02:00.000Z#b'))?.problem).toBe('share_cap');
  });
});

describe('a job that cannot be added', () => {
  it("fails the visitor's request once the enquiry is stored and mailed, and the same submission sent again adds it", async () => {
    deps.translations.failWith = dynamoRefused();
    const submission = {
      user_name: 'Anna Petrova',
      user_email: 'anna@example.test',
      section: '병원예약',
      consent_privacy: true,
      consent_health: true,
      page_locale: 'ru',
      message: RUSSIAN,
      submission_id: '5a1f3c2e-0000-4000-8000-000000000001',
    };
    const first = await makeSendmailHandler(deps)(jsonPost('/api/sendmail', submission));
    expect(first.statusCode).toBe(503);
    const index = Math.max(...deps.enquiries.items.keys());
    expect(deps.enquiries.items.get(index)?.MAIL_STATUS).toBe('sent');
    expect(deps.translations.items.size).toBe(0);
    deps.translations.failWith = undefined;
    expect((await makeSendmailHandler(deps)(jsonPost('/api/sendmail', submission))).statusCode).toBe(200);
    expect(job(index)).toMatchObject({ state: 'pending', from: 'ru' });
    expect(deps.enquiries.items.size).toBe(1);
  });
});
