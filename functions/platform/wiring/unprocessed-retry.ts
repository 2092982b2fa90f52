/**
 * What DynamoDB's batch calls leave undone, sent again. BatchWriteItem and
 * BatchGetItem answer 200 even when a table or partition is over its
 * throughput: the items or keys they did not get to come back as
 * `UnprocessedItems` / `UnprocessedKeys`, and no SDK retry sees them. Sent
 * again at once, they meet the same throttle, so each new attempt waits a
 * random time up to a bound that doubles (exponential back-off with full
 * jitter, as AWS's guidance for these calls says), and after a bounded number
 * of attempts the call fails: an endless loop would hold the function until
 * Lambda kills it, with no word of why.
 */

export interface UnprocessedRetryLimits {
  /** Sends of a batch in all, the first one included. */
  maxAttempts: number;
  /** The bound of the first wait; each later wait's bound is twice the one before. */
  baseDelayMs: number;
  /** No wait is longer than this. */
  maxDelayMs: number;
}

/**
 * Six sends and at most 1.55 s of waiting in all (50 + 100 + 200 + 400 + 800 ms at the
 * most, half that on average): inside the shortest function time-out (10 s), with the
 * SDK's own attempts of each send.
 */
export const UNPROCESSED_RETRY_LIMITS: UnprocessedRetryLimits = { maxAttempts: 6, baseDelayMs: 50, maxDelayMs: 1_000 };

/** A batch still left unprocessed after the last attempt. */
export class UnprocessedItemsError extends Error {
  constructor(
    readonly what: string,
    readonly left: number,
    readonly attempts: number,
  ) {
    super(`${what}: ${left} still unprocessed after ${attempts} attempts (DynamoDB throttling)`);
    this.name = 'UnprocessedItemsError';
  }
}

export interface UnprocessedRetryOptions extends Partial<UnprocessedRetryLimits> {
  /** Waits; a test passes one that records instead. */
  sleep?: (ms: number) => Promise<void>;
  /** In [0, 1): where in its bound each wait falls. */
  random?: () => number;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The wait before attempt `attempt + 1` (attempt 1 is the first send): a random time up to the doubled bound. */
export function backOffMs(attempt: number, limits: UnprocessedRetryLimits, random: () => number): number {
  const bound = Math.min(limits.maxDelayMs, limits.baseDelayMs * 2 ** (attempt - 1));
  return Math.floor(random() * bound);
}

/**
 * Sends `items` with `send`, which answers what was left unprocessed, and
 * sends that again after a back-off until nothing is left; throws
 * UnprocessedItemsError (naming `what`) when the last attempt still leaves
 * some. Nothing is sent for no items.
 */
export async function sendUntilProcessed<Item>(
  what: string,
  items: readonly Item[],
  send: (batch: readonly Item[]) => Promise<readonly Item[] | undefined>,
  options: UnprocessedRetryOptions = {},
): Promise<void> {
  const { sleep = realSleep, random = Math.random, ...limits } = options;
  const bounded: UnprocessedRetryLimits = { ...UNPROCESSED_RETRY_LIMITS, ...limits };
  let left = items;
  for (let attempt = 1; left.length > 0; attempt += 1) {
    if (attempt > 1) await sleep(backOffMs(attempt - 1, bounded, random));
    left = (await send(left)) ?? [];
    if (left.length > 0 && attempt >= bounded.maxAttempts) throw new UnprocessedItemsError(what, left.length, attempt);
  }
}
