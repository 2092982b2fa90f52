/**
 * In-memory fakes of the dashboard's aggregates, beside their ports, for the
 * unit tests. They follow the semantics of the DynamoDB and S3 adapters.
 */
import type { AggregateChange, AggregateItem, AggregateStore } from './ports';

/** The aggregates table in memory: counters added to and lists appended to, as the DynamoDB adapter does. */
export class FakeAggregateStore implements AggregateStore {
  readonly items = new Map<string, AggregateItem>();
  /** Set to make the next updates fail (the dashboard's hooks must not fail the request). */
  failWith: Error | undefined;
  async update(key: string, change: AggregateChange): Promise<void> {
    if (this.failWith) throw this.failWith;
    const item = this.items.get(key) ?? { counters: {}, lists: {} };
    for (const [name, delta] of Object.entries(change.add ?? {}))
      item.counters[name] = (item.counters[name] ?? 0) + delta;
    for (const [name, values] of Object.entries(change.append ?? {}))
      item.lists[name] = [...(item.lists[name] ?? []), ...values];
    this.items.set(key, item);
  }
  async getMany(keys: readonly string[]): Promise<Map<string, AggregateItem>> {
    return new Map(
      keys.flatMap((key) =>
        this.items.has(key) ? [[key, structuredClone(this.items.get(key) as AggregateItem)] as const] : [],
      ),
    );
  }
}
