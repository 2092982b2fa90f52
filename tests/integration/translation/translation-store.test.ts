/**
 * The translations' DynamoDB store (functions/translation/adapters/dynamodb-translations.ts)
 * against the emulator: a job added once, moved on only from the state its
 * worker read (a retried write of its own still counted as done), the due
 * queue, an enquiry's translations in one read, a page's enquiry texts' in
 * one batch, and all of them removed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranslationJob } from '../../../functions/translation/ports';
import { TRANSLATION_QUEUE } from '../../../shared/tables';
import { type TestStack, startTestStack } from '../../support/stack';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.dispose());

const job = (postIndex: number, source: string, nextAt: number): TranslationJob => ({
  postIndex,
  source,
  from: 'ru',
  to: 'ko',
  state: 'pending',
  attempts: 0,
  createdAt: nextAt,
  queue: TRANSLATION_QUEUE,
  nextAt,
});

describe('the translations store', () => {
  it('adds a job once, and moves it on only from the state its worker read', async () => {
    const store = stack.deps.translations;
    expect(await store.add(job(700_001, 'enquiry', 1_000))).toBe(true);
    expect(await store.add(job(700_001, 'enquiry', 2_000))).toBe(false);
    const claim = { state: 'pending' as const, attempts: 1, queue: TRANSLATION_QUEUE, nextAt: 61_000 };
    expect(await store.transition(700_001, 'enquiry', { state: 'pending', attempts: 0 }, claim)).toBe(true);
    // The same write again (the SDK retrying after a lost answer) is ours; another worker's, from the old state, is not.
    expect(await store.transition(700_001, 'enquiry', { state: 'pending', attempts: 0 }, claim)).toBe(true);
    expect(
      await store.transition(
        700_001,
        'enquiry',
        { state: 'pending', attempts: 0 },
        { state: 'pending', attempts: 1, queue: TRANSLATION_QUEUE, nextAt: 99_000 },
      ),
    ).toBe(false);
    const done = {
      state: 'done' as const,
      attempts: 1,
      texts: { CONTEXT: '[ru→ko] …' },
      engine: 'Amazon Translate',
      detected: 'ru',
      translatedAt: '2026-11-27T10:00:00.000Z',
      chars: 12,
    };
    expect(await store.transition(700_001, 'enquiry', { state: 'pending', attempts: 1 }, done)).toBe(true);
    const stored = await store.get(700_001, 'enquiry');
    expect(stored).toMatchObject(done);
    // Done, it has left the queue.
    expect(stored?.queue).toBeUndefined();
    expect(stored?.nextAt).toBeUndefined();
  });

  // Queued, yet never due: the due queue's test below sees none of them.
  const NEVER_DUE = Number.MAX_SAFE_INTEGER;
  it("reads the enquiry texts' translations of a page of enquiries in one batch, those that exist, never a message's", async () => {
    const store = stack.deps.translations;
    await store.add(job(700_030, 'enquiry', NEVER_DUE));
    await store.add(job(700_031, 'message#2026-11-27T10:00:00.000Z', NEVER_DUE));
    await store.add(job(700_032, 'enquiry', NEVER_DUE));
    const found = await store.ofEnquiryTexts([700_030, 700_031, 700_032, 700_033]);
    expect(found.map((item) => [item.postIndex, item.source]).sort()).toEqual([
      [700_030, 'enquiry'],
      [700_032, 'enquiry'],
    ]);
    expect(await store.ofEnquiryTexts([])).toEqual([]);
  });

  it('answers the due jobs oldest first, only those whose time has come', async () => {
    const store = stack.deps.translations;
    await store.add(job(700_010, 'enquiry', 5_000));
    await store.add(job(700_011, 'message#2026-11-27T10:00:00.000Z', 3_000));
    await store.add(job(700_012, 'enquiry', 9_000_000));
    const due = await store.due(6_000, 10);
    expect(due).toEqual([
      { postIndex: 700_011, source: 'message#2026-11-27T10:00:00.000Z' },
      { postIndex: 700_010, source: 'enquiry' },
    ]);
    expect(await store.due(6_000, 1)).toHaveLength(1);
  });

  it("reads an enquiry's translations in one go, and removes them all (more than one batch)", async () => {
    const store = stack.deps.translations;
    const sources = [
      'enquiry',
      ...Array.from({ length: 30 }, (_, i) => `message#2026-11-27T10:${String(i).padStart(2, '0')}:00.000Z`),
    ];
    for (const source of sources) await store.add(job(700_020, source, 1));
    await store.add(job(700_021, 'enquiry', 1));
    expect((await store.ofEnquiry(700_020)).map((item) => item.source).sort()).toEqual([...sources].sort());
    await store.removeEnquiry(700_020);
    expect(await store.ofEnquiry(700_020)).toEqual([]);
    expect(await store.ofEnquiry(700_021)).toHaveLength(1);
  });
});
