/**
 * Machine translation through the local stack: an enquiry from the
 * Russian page and a visitor's message on their page are queued when stored
 * and translated by the job through the SDK against the Translate stand-in,
 * the originals untouched; with Translate down the enquiry is still stored and
 * mailed (staff's notice after the job's first try, saying the translation
 * is pending), and the translation is made once the engine is back; erasing the
 * enquiry takes its translations with it. Staff read them with the detail and
 * the thread, and ask again for one the engine gave up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENQUIRY_SOURCE, messageSource } from '../../../functions/translation/translation-queue';
import { translateDue } from '../../../functions/translation/translation-work';
import { mintVisitorLink } from '../../../functions/visitor/visitor-links';
import { SERVICE_UP } from '../../../local/faults/faults';
import { LOCAL_STAND_IN, LOCAL_STAND_IN_MARK } from '../../../shared/translation/translation';
import type { EnquiryDetail } from '../../../shared/enquiries/enquiry';
import type { TranslationView } from '../../../shared/translation/staff-translation';
import { type ThreadEntry, formatReference } from '../../../shared/work/enquiry-work';
import {
  type TestStack,
  capturedMail,
  enquiry,
  getWithToken,
  postJson,
  signIn,
  startTestStack,
} from '../../support/stack';

const RUSSIAN =
  'Здравствуйте! У меня болит спина уже два года. Можно ли приехать в декабре? Нужна консультация: Ортопедия.';

let stack: TestStack;
let token: string;
beforeAll(async () => {
  stack = await startTestStack();
  token = await signIn(stack);
});
afterAll(() => stack?.dispose());

async function send(overrides: Record<string, unknown>): Promise<number> {
  const response = await postJson(stack, '/api/sendmail', { data: enquiry(overrides) });
  expect(response.status).toBe(200);
  return Number(/MT-0*(\d+)/.exec(await response.text())?.[1]);
}

describe('machine translation in the local stack', () => {
  it("queues an enquiry's texts when it is stored and the job translates them through the stand-in, the original kept as it was", async () => {
    const index = await send({ page_locale: 'ru', message: RUSSIAN, user_email: 'anna@example.test' });
    expect(await stack.deps.translations.get(index, ENQUIRY_SOURCE)).toMatchObject({
      state: 'pending',
      from: 'ru',
      to: 'ko',
    });
    expect(await stack.runTranslations()).toMatchObject({ done: 1 });
    const made = await stack.deps.translations.get(index, ENQUIRY_SOURCE);
    expect(made).toMatchObject({ state: 'done', engine: LOCAL_STAND_IN, detected: 'ru' });
    // The stand-in never passes for a translation; the terminology's label is put in.
    expect(made?.texts?.['CONTEXT']).toMatch(new RegExp(`^${LOCAL_STAND_IN_MARK.replace('[', '\\[')}: ru→ko\\] `));
    expect(made?.texts?.['CONTEXT']).toContain('정형외과');
    expect((await stack.deps.enquiries.get(index))?.CONTEXT).toBe(RUSSIAN);
  });

  it("queues a visitor's message from their page, and translates it from the enquiry's language", async () => {
    const index = await send({
      page_locale: 'ja',
      message: '12月に健診を受けたいです。',
      user_email: 'haruka@example.test',
    });
    const link = (await mintVisitorLink(stack.deps, index, 'ja')).split('#')[1];
    const written = await postJson(stack, '/api/visitor/message', {
      data: {
        link,
        text: 'ありがとうございます。10日でお願いします。',
        message_id: crypto.randomUUID(),
        form_fill_ms: 10_000,
      },
    });
    expect(written.status).toBe(200);
    await stack.runTranslations();
    const message = (await stack.deps.events.list(index)).find((event) => event.type === 'visitorMessage');
    const made = await stack.deps.translations.get(index, messageSource(message!.at));
    expect(made).toMatchObject({
      state: 'done',
      from: 'ja',
      texts: { text: `${LOCAL_STAND_IN_MARK}: ja→ko] ありがとうございます。10日でお願いします。` },
    });
  });

  it('stores and mails an enquiry while Translate is down, and translates it once the engine is back', async () => {
    await stack.faults.set('translate', { mode: 'refuse' });
    let index: number;
    try {
      index = await send({
        page_locale: 'vi',
        message: 'Tôi muốn khám sức khỏe vào tháng mười hai.',
        user_email: 'lan@example.test',
      });
      // Staff's notification waits for the translation's first try; the visitor's acknowledgement went at once.
      expect((await stack.deps.enquiries.get(index))?.MAIL_STATUS).toBe('pending');
      expect(await stack.runTranslations()).toMatchObject({ retry: 1 });
      expect(await stack.deps.translations.get(index, ENQUIRY_SOURCE)).toMatchObject({ state: 'pending', attempts: 1 });
      // The try failed, and the notification went without the Korean text, saying it is on its way.
      expect((await stack.deps.enquiries.get(index))?.MAIL_STATUS).toBe('sent');
      const [notification] = (await capturedMail(stack)).filter(
        (mail) =>
          mail.subject.includes(formatReference(index)) &&
          mail.destination.to.includes(stack.settings['MAIL_TO'] ?? ''),
      );
      expect(notification?.body.text).toContain('기계 번역: 번역 대기 중');
    } finally {
      await stack.faults.set('translate', SERVICE_UP);
    }
    // Its back-off over (a minute after the first try), the job makes it, once.
    const later = { now: () => Date.now() + 2 * 60_000 };
    expect(await translateDue({ ...stack.deps, clock: later })).toMatchObject({ done: 1 });
    expect(await translateDue({ ...stack.deps, clock: later })).toEqual({});
    expect(await stack.deps.translations.get(index, ENQUIRY_SOURCE)).toMatchObject({
      state: 'done',
      attempts: 2,
      from: 'vi',
    });
  });

  it("takes an enquiry's translations with it when the visitor's data is erased", async () => {
    const index = await send({ page_locale: 'ru', message: RUSSIAN, user_email: 'erase-me@example.test' });
    await stack.runTranslations();
    expect(await stack.deps.translations.ofEnquiry(index)).toHaveLength(1);
    const erased = await postJson(
      stack,
      '/api/subject/erase',
      { data: { email: 'erase-me@example.test', reason: 'the visitor asked' } },
      token,
    );
    expect(erased.status).toBe(200);
    expect(await stack.deps.translations.ofEnquiry(index)).toEqual([]);
  });
});

describe('translations shown to staff', () => {
  const detail = async (index: number) =>
    ((await (await getWithToken(stack, `/api/detail/${index}`, token)).json()) as EnquiryDetail[])[0];
  const marked = (pair: string, text: string) => `${LOCAL_STAND_IN_MARK}: ${pair}] ${text}`;

  it("answers the enquiry's translation with the detail and each visitor message's with the thread, pending then made", async () => {
    const index = await send({
      page_locale: 'ru',
      message: 'Хочу пройти МРТ в декабре.',
      user_email: 'olga@example.test',
    });
    expect((await detail(index))?.translation).toEqual({ source: ENQUIRY_SOURCE, state: 'pending' });
    const link = (await mintVisitorLink(stack.deps, index, 'ru')).split('#')[1];
    await postJson(stack, '/api/visitor/message', {
      data: { link, text: 'Спасибо, жду ответа.', message_id: crypto.randomUUID(), form_fill_ms: 10_000 },
    });
    await stack.runTranslations();
    expect((await detail(index))?.translation).toMatchObject({
      state: 'done',
      engine: LOCAL_STAND_IN,
      texts: { CONTEXT: marked('ru→ko', 'Хочу пройти МРТ в декабре.') },
    });
    const thread = (await (await getWithToken(stack, `/api/thread/${index}`, token)).json()) as ThreadEntry[];
    const message = thread.find((entry) => entry.type === 'visitorMessage');
    expect(message?.translation).toMatchObject({
      source: messageSource(message!.at),
      state: 'done',
      engine: LOCAL_STAND_IN,
      texts: { text: marked('ru→ko', 'Спасибо, жду ответа.') },
    });
  });

  it('asks again for a translation the engine gave up: queued with fresh tries, then made', async () => {
    const index = await send({ page_locale: 'ru', message: 'Нужен переводчик.', user_email: 'ivan@example.test' });
    const queued = await stack.deps.translations.get(index, ENQUIRY_SOURCE);
    // As the job leaves it after its last try.
    expect(
      await stack.deps.translations.transition(index, ENQUIRY_SOURCE, queued!, {
        state: 'failed',
        attempts: 30,
        problem: 'engine_failed',
      }),
    ).toBe(true);
    expect((await detail(index))?.translation?.state).toBe('failed');
    const asked = await postJson(stack, '/api/enquiry/translate', { data: { index, source: ENQUIRY_SOURCE } }, token);
    expect(asked.status).toBe(200);
    expect((await asked.json()) as TranslationView).toEqual({ source: ENQUIRY_SOURCE, state: 'pending' });
    expect(await stack.deps.translations.get(index, ENQUIRY_SOURCE)).toMatchObject({ state: 'pending', attempts: 0 });
    expect(await stack.runTranslations()).toMatchObject({ done: 1 });
    expect((await detail(index))?.translation?.state).toBe('done');
  });
});
