/**
 * A reply written in Korean and sent in the visitor's language, through the
 * local stack: the preview route translates through the SDK
 * against the Translate stand-in (marked as no translation), counting the
 * day's characters; with Translate down the preview answers 503 and the reply
 * written in the visitor's language still goes; the reply sent keeps its
 * Korean original in the thread, and the visitor is mailed the text sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translatedCharsCounter } from '../../../functions/translation/daily-chars';
import { ORIGINAL_SEPARATOR } from '../../../functions/work/reply-mail';
import { SERVICE_UP } from '../../../local/faults/faults';
import { formatKoreaDate } from '../../../shared/korea-time';
import { LOCAL_STAND_IN, LOCAL_STAND_IN_MARK } from '../../../shared/translation/translation';
import { type TestStack, capturedMail, enquiry, postJson, signIn, startTestStack } from '../../support/stack';

const KOREAN = '안녕하세요. 12월 10일에 진료가 가능합니다.';

let stack: TestStack;
let token: string;
let index: number;
beforeAll(async () => {
  stack = await startTestStack();
  token = await signIn(stack);
  const sent = await postJson(stack, '/api/sendmail', {
    data: enquiry({
      page_locale: 'ru',
      message: 'Здравствуйте! Можно ли приехать в декабре?',
      user_email: 'olga@example.test',
    }),
  });
  index = Number(/MT-0*(\d+)/.exec(await sent.text())?.[1]);
});
afterAll(() => stack?.dispose());

const preview = (text: string) => postJson(stack, '/api/enquiry/reply-preview', { data: { index, text } }, token);

describe('a reply translated for the visitor, in the local stack', () => {
  it("previews the Korean in the visitor's language through the SDK and the stand-in, counting the day's characters", async () => {
    const today = translatedCharsCounter(formatKoreaDate(Date.now()));
    const before = await stack.deps.counters.read(today);
    const response = await preview(KOREAN);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      text: `${LOCAL_STAND_IN_MARK}: ko→ru] ${KOREAN}`,
      engine: LOCAL_STAND_IN,
      source: 'ko',
      target: 'ru',
    });
    expect(await stack.deps.counters.read(today)).toBe(before + KOREAN.length);
  });

  it('answers 503 with Translate down, and the reply written in the visitor language still goes', async () => {
    await stack.faults.set('translate', { mode: 'refuse' });
    try {
      const refused = await preview(KOREAN);
      expect(refused.status).toBe(503);
      expect(await refused.json()).toMatchObject({
        error: 'service_unavailable',
        message: expect.stringContaining("visitor's language"),
      });
      const version = (await stack.deps.enquiries.get(index))!.VERSION;
      const reply = await postJson(
        stack,
        '/api/enquiry/reply',
        { data: { index, version, subject: 'Ваш запрос', body: 'Здравствуйте! 10 декабря приём возможен.' } },
        token,
      );
      expect(reply.status).toBe(200);
    } finally {
      await stack.faults.set('translate', SERVICE_UP);
    }
  });

  it('sends the edited translation, keeping the Korean original and the engine in the thread', async () => {
    const machine = ((await (await preview(KOREAN)).json()) as { text: string }).text;
    const body = `${machine}\nС уважением, центр.`;
    const version = (await stack.deps.enquiries.get(index))!.VERSION;
    const reply = await postJson(
      stack,
      '/api/enquiry/reply',
      {
        data: {
          index,
          version,
          subject: 'Ваш приём',
          body,
          original: KOREAN,
          translation: { engine: LOCAL_STAND_IN, edited: true },
        },
      },
      token,
    );
    expect(reply.status).toBe(200);
    const event = (await stack.deps.events.list(index)).filter((entry) => entry.type === 'reply').at(-1);
    expect(event).toMatchObject({
      body,
      reply: { original: KOREAN, engine: LOCAL_STAND_IN, edited: true, originalMailed: false },
    });
    const mail = (await capturedMail(stack)).find((captured) => captured.subject.startsWith('Ваш приём'));
    // The text sent, as edited (the stand-in's mark in it), and no original below it (REPLY_INCLUDE_ORIGINAL is off).
    expect(mail?.body.text?.startsWith(`${body}\n`)).toBe(true);
    expect(mail?.body.text).not.toContain(ORIGINAL_SEPARATOR);
  });
});
