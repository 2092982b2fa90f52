/**
 * Merging one enquiry into another and undoing it, with in-memory fakes and
 * enquiries sent through intake: the history moves in time order and back,
 * the one merged away becomes a pointer out of every list (its reference,
 * its visitor's link lead to the other), the pair counts once, tags follow,
 * a change meanwhile refuses the merge and changes nothing, and a merge that
 * failed midway finishes on its retry without losing or doubling a message.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeDeps, fakeDeps } from '../../tests/support/fakes';
import { listName, workListKeys } from '../enquiries/enquiry-lists';
import { readEnquiryPage } from '../enquiries/enquiry-reading';
import { MERGED_LIST } from '../enquiries/ports';
import { eraseSubject } from '../privacy/erasure';
import { changeTags } from '../tags/tags';
import { addNote } from '../work/enquiry-work';
import { mergeEnquiry } from './merge';
import { historyOf, sendEnquiry, visitorWrites } from './test-kit';
import { relatedEnquiries } from './related';
import { unmergeEnquiry } from './unmerge';

const ANNA = 'anna@centre.example';
let deps: FakeDeps;

const versionOf = async (index: number) => (await deps.enquiries.get(index))?.VERSION ?? 0;
const merge = async (source: number, into: number) =>
  mergeEnquiry(deps, ANNA, source, { into, version: await versionOf(source), intoVersion: await versionOf(into) });
const undo = async (source: number) => {
  const target = (await deps.enquiries.get(source))?.MERGED_INTO ?? 0;
  return unmergeEnquiry(deps, ANNA, source, { version: await versionOf(target) });
};
const listTotal = async () => (await readEnquiryPage(deps, { page: 1, limit: 50 } as never)).total;
const receivedToday = () =>
  [...deps.aggregates.items.entries()].find(([key]) => key.startsWith('day:'))?.[1].counters['received'];

beforeEach(() => {
  deps = fakeDeps();
});

describe('a merge', () => {
  it('moves the history into the target in time order, and leaves a pointer out of every list', async () => {
    const first = await sendEnquiry(deps, { message: 'Хочу обследование' });
    const second = await sendEnquiry(deps, { message: 'Нужен отель рядом' });
    await visitorWrites(deps, first, 'Мой рейс SU250, 8 декабря');
    deps.clock.advance(60_000);
    await addNote(deps, ANNA, second, '같은 환자로 보임');
    await visitorWrites(deps, first, 'И ещё вопрос про визу');
    deps.clock.advance(60_000);
    expect(await listTotal()).toBe(2);

    const target = await merge(first, second);

    expect(target.POST_INDEX).toBe(second);
    expect(target.MERGED_FROM).toEqual([first]);
    expect(await historyOf(deps, second)).toEqual([
      { type: 'visitorMessage', text: 'Мой рейс SU250, 8 декабря', mergedFrom: first },
      { type: 'note', text: '같은 환자로 보임' },
      { type: 'visitorMessage', text: 'И ещё вопрос про визу', mergedFrom: first },
      { type: 'merge', text: 'Хочу обследование', mergedFrom: first },
    ]);
    expect(await historyOf(deps, first)).toEqual([{ type: 'merge', text: undefined }]);
    const pointer = await deps.enquiries.get(first);
    expect(pointer).toMatchObject({ MERGED_INTO: second, MERGED_BY: ANNA, MERGE_STATE: 'moved', LIST: MERGED_LIST });
    expect(pointer?.STATUS_LIST).toBeUndefined();
    expect(await listTotal()).toBe(1);
    expect((await readEnquiryPage(deps, { page: 1, limit: 50 } as never)).records.map((r) => r.POST_INDEX)).toEqual([
      second,
    ]);
    // Its reference finds the target.
    const found = await readEnquiryPage(deps, { reference: `MT-${String(first).padStart(6, '0')}` } as never);
    expect(found.records.map((record) => record.POST_INDEX)).toEqual([second]);
  });

  it('counts the pair once on the dashboard, and again as two after an undo', async () => {
    const first = await sendEnquiry(deps);
    const second = await sendEnquiry(deps);
    expect(receivedToday()).toBe(2);
    await merge(first, second);
    expect(receivedToday()).toBe(1);
    await undo(first);
    expect(receivedToday()).toBe(2);
  });

  it("gives the target the other's tags, takes the other out of the tag index, and an undo puts both back", async () => {
    const first = await sendEnquiry(deps);
    const second = await sendEnquiry(deps);
    await changeTags(deps, ANNA, { index: first, add: ['VIP', '보험'] });
    await changeTags(deps, ANNA, { index: second, add: ['보험'] });
    await merge(first, second);
    expect((await deps.enquiries.get(second))?.TAGS).toEqual(['보험', 'VIP']);
    expect([...(deps.tagIndex.filed.get('VIP') ?? [])]).toEqual([second]);
    await undo(first);
    expect((await deps.enquiries.get(second))?.TAGS).toEqual(['보험']);
    expect((await deps.enquiries.get(first))?.TAGS).toEqual(['VIP', '보험']);
    expect([...(deps.tagIndex.filed.get('VIP') ?? [])]).toEqual([first]);
  });

  it('keeps a message the source was waiting on waiting in the target: an answered target waits for staff again, unread', async () => {
    const first = await sendEnquiry(deps);
    const second = await sendEnquiry(deps);
    const message = await visitorWrites(deps, first, 'Срочно: перенос даты');
    await deps.enquiries.changeAtVersion(first, await versionOf(first), {
      set: { STATUS: 'visitor_replied', UNREAD_VISITOR_AT: message.at, LAST_VISITOR_AT: message.at },
    });
    await deps.enquiries.changeAtVersion(second, await versionOf(second), {
      set: { STATUS: 'answered', ...workListKeys('answered', '') },
    });
    const target = await merge(first, second);
    expect(target).toMatchObject({
      STATUS: 'visitor_replied',
      UNREAD_VISITOR_AT: message.at,
      LAST_VISITOR_AT: message.at,
    });
    expect(target.STATUS_LIST).toBe('status:visitor_replied');
  });

  it('leaves the target as it stands when the source waited on nothing', async () => {
    const first = await sendEnquiry(deps);
    const second = await sendEnquiry(deps);
    await deps.enquiries.changeAtVersion(second, await versionOf(second), {
      set: { STATUS: 'closed', ...workListKeys('closed', '') },
    });
    expect((await merge(first, second)).STATUS).toBe('closed');
  });

  it('is refused when either was changed meanwhile, and nothing moves', async () => {
    const first = await sendEnquiry(deps);
    const second = await sendEnquiry(deps);
    await visitorWrites(deps, first, 'Сообщение');
    const stale = await versionOf(second);
    await changeTags(deps, ANNA, { index: second, add: ['VIP'] });
    await deps.enquiries.touch(second, new Date().toISOString());
    const changed = await deps.enquiries.changeAtVersion(second, stale, { set: {} });
    expect(changed).toBeDefined();
    await expect(
      mergeEnquiry(deps, ANNA, first, { into: second, version: await versionOf(first), intoVersion: stale }),
    ).rejects.toMatchObject({ code: 'conflict' });
    expect((await deps.enquiries.get(first))?.MERGED_INTO).toBeUndefined();
    expect((await deps.enquiries.get(first))?.LIST).toBe(listName(false));
    expect(await historyOf(deps, first)).toEqual([{ type: 'visitorMessage', text: 'Сообщение' }]);
    expect(await listTotal()).toBe(2);
  });

  it('refuses a merge into itself, into one merged away, of spam, and of one others were merged into', async () => {
    const [a, b, c] = [await sendEnquiry(deps), await sendEnquiry(deps), await sendEnquiry(deps)];
    const spam = await sendEnquiry(deps, { website: 'http://spam.example' });
    await expect(merge(a, a)).rejects.toMatchObject({ code: 'invalid_input' });
    await merge(a, b);
    await expect(merge(c, a)).rejects.toMatchObject({ code: 'invalid_input', fields: { into: expect.any(String) } });
    await expect(merge(b, c)).rejects.toMatchObject({ code: 'invalid_input', fields: { index: expect.any(String) } });
    if ((await deps.enquiries.get(spam))?.SPAM)
      await expect(merge(spam, c)).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(
      mergeEnquiry(deps, ANNA, 9_999, { into: b, version: 0, intoVersion: await versionOf(b) }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });

  it('refuses work on the enquiry merged away, naming the one it went into', async () => {
    const first = await sendEnquiry(deps);
    const second = await sendEnquiry(deps);
    await merge(first, second);
    await expect(addNote(deps, ANNA, first, 'note')).rejects.toMatchObject({ code: 'conflict' });
  });

  it('finishes on its retry after a failure midway, with every message once', async () => {
    const first = await sendEnquiry(deps);
    const second = await sendEnquiry(deps);
    for (const text of ['один', 'два', 'три']) await visitorWrites(deps, first, text);
    deps.clock.advance(60_000);
    const remove = deps.events.remove.bind(deps.events);
    let failures = 1;
    deps.events.remove = async (...args) => {
      if (failures-- > 0) throw new Error('DynamoDB is unavailable');
      return remove(...args);
    };
    const versions = { into: second, version: await versionOf(first), intoVersion: await versionOf(second) };
    await expect(mergeEnquiry(deps, ANNA, first, versions)).rejects.toThrow('unavailable');
    // The staff app sends the same request again; and once more, as if that answer was lost.
    await mergeEnquiry(deps, ANNA, first, versions);
    expect((await mergeEnquiry(deps, ANNA, first, versions)).POST_INDEX).toBe(second);
    const texts = (await historyOf(deps, second)).map((event) => event.text);
    expect(texts).toEqual(['один', 'два', 'три', expect.any(String)]);
    expect(await historyOf(deps, first)).toEqual([{ type: 'merge', text: undefined }]);
    expect(await listTotal()).toBe(1);
    expect(receivedToday()).toBe(1);
  });
});

describe('an undo', () => {
  it('moves back what came from the source, keeps what the target received since, and restores its lists', async () => {
    const first = await sendEnquiry(deps);
    const second = await sendEnquiry(deps);
    await visitorWrites(deps, first, 'до слияния');
    deps.clock.advance(60_000);
    await merge(first, second);
    await visitorWrites(deps, second, 'после слияния');
    deps.clock.advance(60_000);
    const restored = await undo(first);
    expect(restored.MERGED_INTO).toBeUndefined();
    expect(restored.LIST).toBe(listName(false));
    expect(restored.STATUS_LIST).toBe('status:new');
    expect((await historyOf(deps, first)).map((event) => [event.type, event.text, event.mergedFrom])).toEqual([
      ['visitorMessage', 'до слияния', undefined],
      ['merge', undefined, undefined],
      ['unmerge', undefined, undefined],
    ]);
    expect((await historyOf(deps, second)).map((event) => [event.type, event.text])).toEqual([
      ['visitorMessage', 'после слияния'],
      ['unmerge', undefined],
    ]);
    expect((await deps.enquiries.get(second))?.MERGED_FROM).toBeUndefined();
    expect(await listTotal()).toBe(2);
  });

  it('is refused 30 days after the merge, and for an enquiry never merged', async () => {
    const first = await sendEnquiry(deps);
    const second = await sendEnquiry(deps);
    await expect(unmergeEnquiry(deps, ANNA, first, { version: 0 })).rejects.toMatchObject({ code: 'invalid_input' });
    await merge(first, second);
    deps.clock.advance(30 * 24 * 60 * 60 * 1000 + 1000);
    await expect(undo(first)).rejects.toMatchObject({ code: 'invalid_input' });
    expect((await deps.enquiries.get(first))?.MERGED_INTO).toBe(second);
  });

  it('is refused when the target changed since staff read it', async () => {
    const first = await sendEnquiry(deps);
    const second = await sendEnquiry(deps);
    await merge(first, second);
    await expect(unmergeEnquiry(deps, ANNA, first, { version: 0 })).rejects.toMatchObject({ code: 'conflict' });
    expect((await deps.enquiries.get(first))?.MERGE_STATE).toBe('moved');
  });
});

describe('what a merged pair is to the rest', () => {
  it("lists the merge on both enquiries' related panels, with until when it can be undone", async () => {
    const first = await sendEnquiry(deps);
    const second = await sendEnquiry(deps);
    await merge(first, second);
    const onTarget = await relatedEnquiries(deps, (await deps.enquiries.get(second))!);
    expect(onTarget.merged).toMatchObject([{ POST_INDEX: first, MERGED_BY: ANNA }]);
    expect(Date.parse(onTarget.merged[0]!.UNDO_UNTIL) - Date.parse(onTarget.merged[0]!.MERGED_AT)).toBe(
      30 * 86_400_000,
    );
    expect(onTarget.related).toMatchObject([{ POST_INDEX: first, MERGED_INTO: second }]);
    const onSource = await relatedEnquiries(deps, (await deps.enquiries.get(first))!);
    expect(onSource.mergedInto).toMatchObject({ INTO: second, POST_INDEX: first });
    // A third enquiry of hers lists the target as one others were merged into (it cannot be merged away).
    const third = await sendEnquiry(deps);
    const onThird = await relatedEnquiries(deps, (await deps.enquiries.get(third))!);
    expect(onThird.related.find((other) => other.POST_INDEX === second)).toMatchObject({ MERGED_IN: 1 });
  });

  it("erases the pair as one: the subject's erasure removes both, and their histories", async () => {
    const first = await sendEnquiry(deps);
    const second = await sendEnquiry(deps);
    await visitorWrites(deps, first, 'Личные данные');
    await merge(first, second);
    const answer = await eraseSubject(deps, ANNA, 'anna.petrova@example.ru', 'request');
    expect(answer.erased).toHaveLength(1);
    expect(await deps.enquiries.get(first)).toBeUndefined();
    expect(await deps.enquiries.get(second)).toBeUndefined();
    expect(deps.events.items).toEqual([]);
  });
});
