/**
 * The reply panel's translation preview, with in-memory fakes: the languages
 * chosen (Korean by its script, else found by the engine; into the page's
 * language), none needed for a Korean page or a text already in the
 * visitor's language, the day's cap shared with the translation job, and the
 * engine down or refusing answered so staff know to write themselves, with
 * the characters given back.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { makeSendmailHandler } from '../../intake/sendmail-handler';
import { type FakeDeps, bodyOf, fakeDeps, jsonPost } from '../../../tests/support/fakes';
import { tokenWithRole } from '../../../tests/support/staff-accounts';
import { makeReplyPreviewHandler } from './reply-preview-handler';
import { translatedCharsCounter } from '../daily-chars';

const KOREAN = '안녕하세요. 12월 10일에 MRI 검사가 가능합니다.';
const TODAY = translatedCharsCounter('2026-11-27');

let deps: FakeDeps;
let token: string;

async function sendEnquiry(locale: string): Promise<number> {
  await makeSendmailHandler(deps)(
    jsonPost('/api/sendmail', {
      user_name: 'Anna Petrova',
      user_email: 'anna@example.test',
      section: '병원예약',
      consent_privacy: true,
      consent_health: true,
      page_locale: locale,
      message: 'Здравствуйте',
    }),
  );
  return Math.max(...deps.enquiries.items.keys());
}

const preview = (data: Record<string, unknown>) =>
  makeReplyPreviewHandler(deps)(
    jsonPost('/api/enquiry/reply-preview', data, { headers: { authorization: `Bearer ${token}` } }),
  );

beforeEach(async () => {
  deps = fakeDeps({ start: '2026-11-27T03:00:00Z', settings: { TRANSLATE_DAILY_CHARS: 100 } });
  token = await tokenWithRole(deps, 'anna@centre.example', 'staff');
});

describe('the reply preview', () => {
  it("translates Korean into the enquiry's page language, names the engine, and counts the characters", async () => {
    const index = await sendEnquiry('ru');
    const response = await preview({ index, text: KOREAN });
    expect(response.statusCode).toBe(200);
    expect(bodyOf(response)).toEqual({ text: `[ko→ru] ${KOREAN}`, engine: 'fake engine', source: 'ko', target: 'ru' });
    expect(deps.translator.requests.at(-1)).toEqual({ text: KOREAN, source: 'ko', target: 'ru' });
    expect(await deps.counters.read(TODAY)).toBe(KOREAN.length);
    expect(deps.accessLog.entries.at(-1)).toMatchObject({ action: 'enquiry.replyPreview', target: String(index) });
  });

  it('lets the engine find the language of a text not in Korean', async () => {
    const index = await sendEnquiry('ja');
    expect(bodyOf(await preview({ index, text: 'Hello, December 10 works.' }))).toMatchObject({
      source: 'vi',
      target: 'ja',
      engine: 'fake engine',
    });
    expect(deps.translator.requests.at(-1)).toMatchObject({ source: 'auto', target: 'ja' });
  });

  it("answers the text as it is for a Korean page, or a text already in the visitor's language, without the engine", async () => {
    const korean = await sendEnquiry('ko');
    expect(bodyOf(await preview({ index: korean, text: KOREAN }))).toEqual({
      text: KOREAN,
      source: 'ko',
      target: 'ko',
    });
    const russian = await sendEnquiry('ru');
    expect(bodyOf(await preview({ index: russian, text: 'Здравствуйте, Анна!' }))).toEqual({
      text: 'Здравствуйте, Анна!',
      source: 'ru',
      target: 'ru',
    });
    expect(deps.translator.requests).toHaveLength(0);
    expect(await deps.counters.read(TODAY)).toBe(0);
  });

  it("refuses past the day's cap, shared with the translation job, telling staff to write themselves", async () => {
    const index = await sendEnquiry('ru');
    await deps.counters.add(TODAY, 100 - KOREAN.length + 1);
    const response = await preview({ index, text: KOREAN });
    expect(response.statusCode).toBe(429);
    expect(bodyOf(response)).toMatchObject({
      error: 'rate_limited',
      message: expect.stringContaining("in the visitor's language yourself"),
    });
    expect(deps.translator.requests).toHaveLength(0);
    expect(await deps.counters.read(TODAY)).toBe(100 - KOREAN.length + 1);
  });

  it('answers 503 with the engine down, and gives the characters back', async () => {
    const index = await sendEnquiry('ru');
    deps.translator.failWith = Object.assign(new Error('Translate is down'), { name: 'ServiceUnavailableException' });
    const response = await preview({ index, text: KOREAN });
    expect(response.statusCode).toBe(503);
    expect(bodyOf(response)).toMatchObject({
      error: 'service_unavailable',
      message: expect.stringContaining('Machine translation is unavailable'),
    });
    expect(await deps.counters.read(TODAY)).toBe(0);
  });

  it('says so when the engine refuses the text, and gives the characters back', async () => {
    const index = await sendEnquiry('ru');
    deps.translator.refuse = '12월';
    const response = await preview({ index, text: KOREAN });
    expect(response.statusCode).toBe(400);
    expect(bodyOf(response)).toMatchObject({ error: 'invalid_input', fields: { text: expect.any(String) } });
    expect(await deps.counters.read(TODAY)).toBe(0);
  });

  it('refuses an empty text, an unknown enquiry, and translates nothing', async () => {
    const index = await sendEnquiry('ru');
    expect((await preview({ index, text: '  ' })).statusCode).toBe(400);
    expect((await preview({ index: index + 1, text: KOREAN })).statusCode).toBe(404);
    expect(deps.translator.requests).toHaveLength(0);
  });
});
