/**
 * Splitting a visitor's message out into a new enquiry, with in-memory fakes:
 * the new enquiry has the visitor's details and the message's words, and is
 * in the lists and the dashboard as any new one; the message moves with its
 * translation; both histories say so; a retry after a failure midway makes
 * no second enquiry; only a visitor's message of that enquiry can be split.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeDeps, fakeDeps } from '../../tests/support/fakes';
import { readEnquiryPage } from '../enquiries/enquiry-reading';
import { messageSource } from '../translation/translation-queue';
import { addNote } from '../work/enquiry-work';
import { historyOf, sendEnquiry, visitorWrites } from './test-kit';
import { splitMessage } from './split';

const ANNA = 'anna@centre.example';
let deps: FakeDeps;
const versionOf = async (index: number) => (await deps.enquiries.get(index))?.VERSION ?? 0;

beforeEach(() => {
  deps = fakeDeps();
});

describe('a split', () => {
  it('opens a new enquiry with the message, its translation and the visitor, and says so in both histories', async () => {
    const first = await sendEnquiry(deps, { message: 'Обследование' });
    await visitorWrites(deps, first, 'Ответ на ваш вопрос');
    const second = await visitorWrites(deps, first, 'А ещё моей маме нужна стоматология');
    await deps.translations.add({
      postIndex: first,
      source: messageSource(second.at),
      from: 'ru',
      to: 'ko',
      state: 'done',
      attempts: 1,
      createdAt: deps.clock.now(),
      texts: { text: '그리고 어머니께 치과 진료가 필요합니다' },
    });
    deps.clock.advance(60_000);

    const created = await splitMessage(deps, ANNA, first, { at: second.at, version: await versionOf(first) });

    expect(created).toMatchObject({
      SPLIT_FROM: first,
      CONTEXT: 'А ещё моей маме нужна стоматология',
      EMAIL: 'anna.petrova@example.ru',
      NAME: 'Анна Петрова',
      STATUS: 'new',
      MEDICAL_SECTION: '병원예약',
    });
    expect(await historyOf(deps, created.POST_INDEX)).toEqual([
      { type: 'visitorMessage', text: 'А ещё моей маме нужна стоматология' },
      { type: 'split', text: undefined },
    ]);
    expect(await historyOf(deps, first)).toEqual([
      { type: 'visitorMessage', text: 'Ответ на ваш вопрос' },
      { type: 'split', text: undefined },
    ]);
    expect((await deps.translations.get(created.POST_INDEX, messageSource(second.at)))?.texts).toEqual({
      text: '그리고 어머니께 치과 진료가 필요합니다',
    });
    expect(await deps.translations.get(first, messageSource(second.at))).toBeUndefined();
    // Its own text is queued for translation, as any new enquiry's.
    expect((await deps.translations.get(created.POST_INDEX, 'enquiry'))?.state).toBe('pending');
    expect((await readEnquiryPage(deps, { page: 1, limit: 50 } as never)).total).toBe(2);
    // Sent again (its answer lost on the way), it answers with the same enquiry and changes nothing.
    const again = await splitMessage(deps, ANNA, first, { at: second.at, version: 0 });
    expect(again.POST_INDEX).toBe(created.POST_INDEX);
    expect(deps.enquiries.items.size).toBe(2);
    expect((await historyOf(deps, first)).filter((event) => event.type === 'split')).toHaveLength(1);
  });

  it('makes no second enquiry when retried after a failure midway, and loses no message', async () => {
    const first = await sendEnquiry(deps);
    const message = await visitorWrites(deps, first, 'Второй вопрос');
    const remove = deps.events.remove.bind(deps.events);
    let failures = 1;
    deps.events.remove = async (...args) => {
      if (failures-- > 0) throw new Error('DynamoDB is unavailable');
      return remove(...args);
    };
    const request = { at: message.at, version: await versionOf(first) };
    await expect(splitMessage(deps, ANNA, first, request)).rejects.toThrow('unavailable');
    const created = await splitMessage(deps, ANNA, first, request);
    expect(deps.enquiries.items.size).toBe(2);
    const everywhere = deps.events.items.filter((event) => event.type === 'visitorMessage');
    expect(everywhere.map((event) => [event.postIndex, event.text])).toEqual([[created.POST_INDEX, 'Второй вопрос']]);
  });

  it("refuses what is not a visitor's message of the enquiry, and a stale version, changing nothing", async () => {
    const first = await sendEnquiry(deps);
    const note = await addNote(deps, ANNA, first, '메모');
    const message = await visitorWrites(deps, first, 'Текст');
    await expect(
      splitMessage(deps, ANNA, first, { at: note.at, version: await versionOf(first) }),
    ).rejects.toMatchObject({ code: 'not_found' });
    await expect(splitMessage(deps, ANNA, first, { at: message.at, version: 99 })).rejects.toMatchObject({
      code: 'conflict',
    });
    expect(deps.enquiries.items.size).toBe(1);
    expect((await historyOf(deps, first)).length).toBe(2);
  });
});
