/**
 * A reply written in Korean and sent machine-translated, with
 * in-memory fakes: the visitor is mailed the text in their language, the
 * thread keeps both texts with the engine and whether the translation was
 * edited, the Korean original goes below the translation only when
 * REPLY_INCLUDE_ORIGINAL says so, and a translation without its original is
 * refused with nothing sent.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Settings } from '../platform/config';
import { makeSendmailHandler } from '../intake/sendmail-handler';
import { type FakeDeps, apiEvent, bodyOf, fakeDeps, jsonPost } from '../../tests/support/fakes';
import { tokenWithRole } from '../../tests/support/staff-accounts';
import { makeReplyHandler, makeThreadHandler } from './enquiry-work-handler';
import { ORIGINAL_SEPARATOR } from './reply-mail';

const KOREAN = '안녕하세요.\n12월 10일에 진료가 가능합니다.';
const RUSSIAN = 'Здравствуйте.\n10 декабря приём возможен.';

let deps: FakeDeps;
let token: string;

async function setUp(settings: Partial<Settings> = {}) {
  deps = fakeDeps({ settings });
  token = await tokenWithRole(deps, 'anna@centre.example', 'staff');
  await makeSendmailHandler(deps)(
    jsonPost('/api/sendmail', {
      user_name: 'Anna Petrova',
      user_email: 'anna@example.test',
      section: '병원예약',
      consent_privacy: true,
      consent_health: true,
      page_locale: 'ru',
    }),
  );
}

const as = () => ({ headers: { authorization: `Bearer ${token}` } });
const reply = (data: Record<string, unknown>) =>
  makeReplyHandler(deps)(
    jsonPost('/api/enquiry/reply', { index: 1, version: 0, subject: 'Ваш запрос', body: RUSSIAN, ...data }, as()),
  );
const replyEvent = async () => {
  const thread = bodyOf(
    await makeThreadHandler(deps)(apiEvent({ method: 'GET', path: '/api/thread/1', params: { index: '1' }, ...as() })),
  ) as { type: string }[];
  return thread.find((event) => event.type === 'reply');
};

describe('a translated reply', () => {
  beforeEach(() => setUp());

  it("mails the visitor's language alone, and keeps both texts, the engine and the edit in the thread", async () => {
    expect(
      (await reply({ original: KOREAN, translation: { engine: 'Amazon Translate', edited: true } })).statusCode,
    ).toBe(200);
    const mail = deps.mailer.sent.at(-1);
    // Then the link to the visitor's page, as every reply has.
    expect(mail?.text.startsWith(`${RUSSIAN}\n\n`)).toBe(true);
    expect(`${mail?.text}${mail?.html}`).not.toContain('안녕하세요');
    expect(await replyEvent()).toMatchObject({
      body: RUSSIAN,
      reply: { original: KOREAN, engine: 'Amazon Translate', edited: true, originalMailed: false },
    });
  });

  it('keeps the original of a reply the staff member translated themselves, without an engine', async () => {
    await reply({ original: KOREAN });
    expect(await replyEvent()).toEqual(
      expect.objectContaining({ body: RUSSIAN, reply: { original: KOREAN, originalMailed: false } }),
    );
  });

  it('stores no original for a reply written in the visitor language (a template)', async () => {
    await reply({});
    expect(await replyEvent()).not.toHaveProperty('reply');
  });

  it('refuses a translation without its original, or an original too long, and sends nothing', async () => {
    const without = await reply({ translation: { engine: 'Amazon Translate', edited: false } });
    expect(without.statusCode).toBe(400);
    expect(bodyOf(without)).toMatchObject({ fields: { original: expect.any(String) } });
    expect((await reply({ original: '가'.repeat(10_001) })).statusCode).toBe(400);
    expect(
      (await reply({ original: KOREAN, translation: { engine: 'Amazon Translate', edited: 'yes' } })).statusCode,
    ).toBe(400);
    expect(
      deps.mailer.sent.filter((mail) => mail.to === 'anna@example.test' && mail.subject.startsWith('Ваш')),
    ).toHaveLength(0);
    expect(await replyEvent()).toBeUndefined();
  });
});

describe('with REPLY_INCLUDE_ORIGINAL', () => {
  beforeEach(() => setUp({ REPLY_INCLUDE_ORIGINAL: true }));

  it('mails the Korean original below the translation, under a separator line, and says so in the thread', async () => {
    await reply({ original: KOREAN, translation: { engine: 'Amazon Translate', edited: false } });
    const mail = deps.mailer.sent.at(-1);
    expect(mail?.text.startsWith(`${RUSSIAN}\n\n${ORIGINAL_SEPARATOR}\n${KOREAN}\n`)).toBe(true);
    expect(mail?.html).toMatch(/10 декабря приём возможен\.<\/p>\n<hr>\n<div lang="ko">\n<p>안녕하세요\.<br>12월/);
    expect(await replyEvent()).toMatchObject({ reply: { originalMailed: true } });
  });
});
