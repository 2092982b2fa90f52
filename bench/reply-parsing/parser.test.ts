/**
 * The receiver against the benchmark's cases, as a guard (the benchmark
 * prints the shares; this fails on a regression): each of our own messages,
 * in every client and language, gives exactly the patient's new text, and no
 * case of any corpus gives an empty answer or loses a line the patient wrote.
 */
import { describe, expect, it } from 'vitest';
import { readMessage, threadText } from '../../functions/conversation/inbound-processing';
import { allCases } from './cases';
import { normalised, verdict } from './compare';

const cases = allCases();
const newText = async (raw: Buffer) => {
  const { text, shownInFull } = threadText(await readMessage(raw, Date.now()));
  return shownInFull ? '' : text;
};

describe('the receiver on the reply-parsing corpus', () => {
  it.each(cases.filter((item) => item.corpus === 'own').map((item) => [item.id, item] as const))(
    'keeps exactly what the patient wrote: %s',
    async (_id, item) => {
      expect(normalised(await newText(item.raw))).toBe(normalised(item.expected));
    },
  );

  it('never answers empty nor loses a line the patient wrote, in any corpus', async () => {
    const wrong: string[] = [];
    for (const item of cases) {
      const { empty, truncated } = verdict(item.expected, await newText(item.raw));
      if (empty || truncated) wrong.push(`${item.id}: ${empty ? 'empty' : 'truncated'}`);
    }
    expect(wrong).toEqual([]);
  });
});
