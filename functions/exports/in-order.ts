/**
 * Runs `work` on each item with up to `concurrency` at once and yields the
 * results in the items' order. At most `concurrency` results are held at any
 * time (one being yielded, the rest in flight), so memory stays flat however
 * many items there are, and a slow consumer slows the reading down.
 */
export async function* inOrder<Item, Result>(
  items: readonly Item[],
  concurrency: number,
  work: (item: Item) => Promise<Result>,
): AsyncGenerator<Result> {
  const inFlight: Promise<Result>[] = [];
  let next = 0;
  const fill = () => {
    while (next < items.length && inFlight.length < concurrency) {
      const started = work(items[next] as Item);
      // Its failure is met when its turn comes; until then it must not count as unhandled.
      started.catch(() => undefined);
      inFlight.push(started);
      next += 1;
    }
  };
  try {
    fill();
    for (let head = inFlight.shift(); head; head = inFlight.shift()) {
      const result = await head;
      fill();
      yield result;
    }
  } finally {
    // A consumer that stops early (or a failure) starts nothing more; what is in flight settles unobserved.
    next = items.length;
  }
}
