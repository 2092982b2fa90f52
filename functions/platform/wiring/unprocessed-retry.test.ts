/**
 * What a batch call leaves unprocessed is sent again, after waits drawn under
 * a doubling bound, a bounded number of times; then the call fails by name.
 */
import { describe, expect, it } from 'vitest';
import { UNPROCESSED_RETRY_LIMITS, UnprocessedItemsError, backOffMs, sendUntilProcessed } from './unprocessed-retry';

/** A sender that leaves the items of `leaves[n]` unprocessed on its n-th call, and records what it was sent. */
function senderLeaving(...leaves: number[][]) {
  const sent: number[][] = [];
  const send = async (batch: readonly number[]) => {
    sent.push([...batch]);
    const leave = leaves[sent.length - 1] ?? [];
    return batch.filter((item) => leave.includes(item));
  };
  return { sent, send };
}

function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe('sendUntilProcessed', () => {
  it('sends once when nothing is left, and waits for nothing', async () => {
    const { sent, send } = senderLeaving();
    const { waits, sleep } = recordingSleep();
    await sendUntilProcessed('Deleting', [1, 2, 3], send, { sleep });
    expect(sent).toEqual([[1, 2, 3]]);
    expect(waits).toEqual([]);
  });

  it('sends nothing for no items', async () => {
    const { sent, send } = senderLeaving();
    await sendUntilProcessed('Deleting', [], send);
    expect(sent).toEqual([]);
  });

  it('sends again only what was left, after a wait, until nothing is', async () => {
    const { sent, send } = senderLeaving([2, 3], [3]);
    const { waits, sleep } = recordingSleep();
    await sendUntilProcessed('Deleting', [1, 2, 3], send, { sleep, random: () => 0.5 });
    expect(sent).toEqual([[1, 2, 3], [2, 3], [3]]);
    expect(waits).toEqual([25, 50]);
  });

  it('takes an answer without unprocessed items (undefined) as all done', async () => {
    const { waits, sleep } = recordingSleep();
    let calls = 0;
    await sendUntilProcessed('Reading', ['a'], async () => void (calls += 1), { sleep });
    expect(calls).toBe(1);
    expect(waits).toEqual([]);
  });

  it('throws, naming what it was doing, once the last attempt still leaves items', async () => {
    const { sent, send } = senderLeaving(...Array.from({ length: 10 }, () => [7]));
    const { waits, sleep } = recordingSleep();
    const failure = await sendUntilProcessed('Deleting from events', [6, 7], send, {
      sleep,
      random: () => 0.999,
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UnprocessedItemsError);
    expect(failure).toMatchObject({
      what: 'Deleting from events',
      left: 1,
      attempts: UNPROCESSED_RETRY_LIMITS.maxAttempts,
    });
    expect((failure as Error).message).toBe(
      'Deleting from events: 1 still unprocessed after 6 attempts (DynamoDB throttling)',
    );
    expect(sent).toHaveLength(UNPROCESSED_RETRY_LIMITS.maxAttempts);
    // One wait before each attempt after the first, each under its doubled bound.
    expect(waits).toEqual([49, 99, 199, 399, 799]);
  });

  it('keeps to the limits it is given', async () => {
    const { sent, send } = senderLeaving([1], [1], [1]);
    const { waits, sleep } = recordingSleep();
    await expect(
      sendUntilProcessed('Deleting', [1], send, {
        maxAttempts: 2,
        baseDelayMs: 10,
        maxDelayMs: 10,
        sleep,
        random: () => 0.5,
      }),
    ).rejects.toThrow('1 still unprocessed after 2 attempts');
    expect(sent).toHaveLength(2);
    expect(waits).toEqual([5]);
  });
});

describe('backOffMs', () => {
  it('draws each wait under a bound that doubles from the base up to the most', () => {
    const top = () => 0.999_999;
    const bounds = Array.from({ length: 8 }, (_, index) => backOffMs(index + 1, UNPROCESSED_RETRY_LIMITS, top) + 1);
    expect(bounds).toEqual([50, 100, 200, 400, 800, 1_000, 1_000, 1_000]);
    expect(backOffMs(3, UNPROCESSED_RETRY_LIMITS, () => 0)).toBe(0);
  });

  it('waits at most 1.55 s in all with the default limits', () => {
    const waits = Array.from({ length: UNPROCESSED_RETRY_LIMITS.maxAttempts - 1 }, (_, index) =>
      backOffMs(index + 1, UNPROCESSED_RETRY_LIMITS, () => 0.999_999),
    );
    expect(waits.reduce((sum, wait) => sum + wait, 0)).toBeLessThan(1_550);
  });
});
