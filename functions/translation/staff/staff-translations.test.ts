/**
 * Translations shown to staff, with in-memory fakes: the detail
 * carries the enquiry's, the thread each visitor message's (none for a
 * Korean original), and a staff member asking again puts a given-up, refused
 * or capped one back in the queue, queues one an original lacks, and leaves
 * a pending or made one as it is; a bad request changes nothing.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { TranslationView } from '../../../shared/translation/staff-translation';
import type { ThreadEntry } from '../../../shared/work/enquiry-work';
import { TRANSLATION_QUEUE } from '../../../shared/tables';
import { makeDetailHandler } from '../../enquiries/detail-handler';
import { makeViewHandler } from '../../enquiries/view-handler';
import { makeSendmailHandler } from '../../intake/sendmail-handler';
import { makeThreadHandler } from '../../work/enquiry-work-handler';
import { tokenWithRole } from '../../../tests/support/staff-accounts';
import { type FakeDeps, apiEvent, bodyOf, fakeDeps, jsonPost } from '../../../tests/support/fakes';
import { makeTranslateAgainHandler } from './staff-translation-handler';
import { ENQUIRY_SOURCE, messageSource, queueMessageTranslation } from '../translation-queue';
import { translateDue } from '../translation-work';

const RUSSIAN = 'Здравствуйте! У меня болит спина уже два года, хочу пройти МРТ.';
const ANSWER = 'Спасибо, я приеду в декабре.';
const STAFF = 'anna@centre.example';
const AT = '2026-11-27T04:00:00.000Z#0abcdef12';

let deps: FakeDeps;
let token: string;

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

async function visitorWrites(index: number, text: string): Promise<void> {
  await deps.events.add({
    postIndex: index,
    at: AT,
    type: 'visitorMessage',
    actor: 'anna@example.test',
    text,
    channel: 'page',
  });
  await queueMessageTranslation(deps, index, AT, text);
}

const as = () => ({ headers: { authorization: `Bearer ${token}` } });
const detail = async (index: number) =>
  (
    bodyOf(
      await makeDetailHandler(deps)(
        apiEvent({ method: 'GET', path: `/api/detail/${index}`, params: { index: String(index) }, ...as() }),
      ),
    ) as { translation?: TranslationView }[]
  )[0];
const thread = async (index: number) =>
  bodyOf(
    await makeThreadHandler(deps)(
      apiEvent({ method: 'GET', path: `/api/thread/${index}`, params: { index: String(index) }, ...as() }),
    ),
  ) as ThreadEntry[];
const askAgain = (data: Record<string, unknown>) =>
  makeTranslateAgainHandler(deps)(jsonPost('/api/enquiry/translate', data, as()));
const job = (index: number, source = ENQUIRY_SOURCE) => deps.translations.items.get(`${index}|${source}`);

beforeEach(async () => {
  deps = fakeDeps({ start: '2026-11-27T03:00:00Z' });
  token = await tokenWithRole(deps, STAFF, 'staff');
});

describe('the detail and the thread', () => {
  it("show the enquiry's translation pending, then made, with the engine's name", async () => {
    const index = await sendEnquiry('ru', RUSSIAN);
    expect((await detail(index))?.translation).toEqual({ source: ENQUIRY_SOURCE, state: 'pending' });
    await translateDue(deps);
    expect((await detail(index))?.translation).toEqual({
      source: ENQUIRY_SOURCE,
      state: 'done',
      texts: { CONTEXT: `[ru→ko] ${RUSSIAN}` },
      engine: 'fake engine',
      translatedAt: '2026-11-27T03:00:00.000Z',
    });
  });

  it('show a Korean enquiry as it is, with no translation', async () => {
    const index = await sendEnquiry('ko', '12월에 MRI를 받고 싶어요.');
    expect(await detail(index)).not.toHaveProperty('translation');
  });

  it('give each visitor message its own translation, and nothing else one', async () => {
    const index = await sendEnquiry('ru', RUSSIAN);
    await visitorWrites(index, ANSWER);
    await translateDue(deps);
    const entries = await thread(index);
    expect(entries.find((entry) => entry.type === 'visitorMessage')?.translation).toMatchObject({
      source: messageSource(AT),
      state: 'done',
      texts: { text: `[ru→ko] ${ANSWER}` },
    });
    expect(
      entries.filter((entry) => entry.type !== 'visitorMessage').every((entry) => entry.translation === undefined),
    ).toBe(true);
  });
});

describe('the message box', () => {
  const list = async () =>
    bodyOf(await makeViewHandler(deps)(jsonPost('/api/view', {}, as()))) as {
      POST_INDEX: number;
      translation?: TranslationView;
    }[];

  it("lists each enquiry with its texts' translation once made, and none before", async () => {
    const made = await sendEnquiry('ru', RUSSIAN);
    await translateDue(deps);
    const pending = await sendEnquiry('ru', ANSWER);
    const korean = await sendEnquiry('ko', '12월에 MRI를 받고 싶어요.');
    const rows = await list();
    expect(rows.map((row) => [row.POST_INDEX, row.translation?.texts?.['CONTEXT']])).toEqual([
      [korean, undefined],
      [pending, undefined],
      [made, `[ru→ko] ${RUSSIAN}`],
    ]);
  });

  it('lists the page without translations when they cannot be read', async () => {
    await sendEnquiry('ru', RUSSIAN);
    await translateDue(deps);
    deps.translations.failWith = new Error('Throttled');
    const rows = await list();
    expect(rows).toHaveLength(1);
    expect(rows[0]).not.toHaveProperty('translation');
  });
});

describe('asking again', () => {
  it('puts a failed translation back in the queue with fresh tries, and it is made once the engine is back', async () => {
    const index = await sendEnquiry('ru', RUSSIAN);
    deps.translations.items.set(`${index}|${ENQUIRY_SOURCE}`, {
      ...job(index)!,
      state: 'failed',
      attempts: 30,
      queue: undefined,
      nextAt: undefined,
      problem: 'engine_failed',
    });
    const response = await askAgain({ index, source: ENQUIRY_SOURCE });
    expect(response.statusCode).toBe(200);
    expect(bodyOf(response)).toEqual({ source: ENQUIRY_SOURCE, state: 'pending' });
    expect(job(index)).toMatchObject({
      state: 'pending',
      attempts: 0,
      queue: TRANSLATION_QUEUE,
      nextAt: deps.clock.now(),
    });
    expect(deps.accessLog.entries.map((entry) => [entry.action, entry.target])).toContainEqual([
      'enquiry.translate',
      JSON.stringify({ index, source: ENQUIRY_SOURCE }),
    ]);
    await translateDue(deps);
    expect((await detail(index))?.translation?.state).toBe('done');
  });

  it.each(['refused', 'capped'] as const)('queues a %s one again', async (state) => {
    const index = await sendEnquiry('ru', RUSSIAN);
    deps.translations.items.set(`${index}|${ENQUIRY_SOURCE}`, { ...job(index)!, state, attempts: 1 });
    expect(bodyOf(await askAgain({ index, source: ENQUIRY_SOURCE }))).toEqual({
      source: ENQUIRY_SOURCE,
      state: 'pending',
    });
    expect(job(index)).toMatchObject({ state: 'pending', attempts: 0 });
  });

  it('leaves a pending or made translation as it is', async () => {
    const index = await sendEnquiry('ru', RUSSIAN);
    const pending = job(index);
    expect(bodyOf(await askAgain({ index, source: ENQUIRY_SOURCE }))).toEqual({
      source: ENQUIRY_SOURCE,
      state: 'pending',
    });
    expect(job(index)).toEqual(pending);
    await translateDue(deps);
    const made = job(index);
    expect(bodyOf(await askAgain({ index, source: ENQUIRY_SOURCE }))).toMatchObject({
      state: 'done',
      engine: 'fake engine',
    });
    expect(job(index)).toEqual(made);
  });

  it('queues the first translation of an original that has none (stored before translation existed)', async () => {
    const index = await sendEnquiry('ru', RUSSIAN);
    await deps.events.add({
      postIndex: index,
      at: AT,
      type: 'visitorMessage',
      actor: 'anna@example.test',
      text: ANSWER,
      channel: 'mail',
    });
    deps.translations.items.clear();
    expect(bodyOf(await askAgain({ index, source: ENQUIRY_SOURCE }))).toEqual({
      source: ENQUIRY_SOURCE,
      state: 'pending',
    });
    expect(bodyOf(await askAgain({ index, source: messageSource(AT) }))).toEqual({
      source: messageSource(AT),
      state: 'pending',
    });
    expect(job(index, messageSource(AT))).toMatchObject({
      from: 'ru',
      to: 'ko',
      state: 'pending',
      queue: TRANSLATION_QUEUE,
    });
  });

  it('refuses a Korean text, an unknown message or enquiry, and a malformed source, changing nothing', async () => {
    const korean = await sendEnquiry('ko', '12월에 MRI를 받고 싶어요.');
    const russian = await sendEnquiry('ru', RUSSIAN);
    const before = structuredClone([...deps.translations.items]);
    expect((await askAgain({ index: korean, source: ENQUIRY_SOURCE })).statusCode).toBe(400);
    expect((await askAgain({ index: russian, source: messageSource(AT) })).statusCode).toBe(404);
    expect((await askAgain({ index: 999, source: ENQUIRY_SOURCE })).statusCode).toBe(404);
    expect((await askAgain({ index: russian, source: 'message#yesterday' })).statusCode).toBe(400);
    expect((await askAgain({ index: russian })).statusCode).toBe(400);
    expect([...deps.translations.items]).toEqual(before);
  });
});
