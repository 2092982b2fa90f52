/**
 * The dashboard's figures, kept on write. Adapters implement these ports; unit
 * tests pass in-memory fakes.
 */

/** One item of the aggregates table: its counters and its lists of numbers, by attribute name. */
export interface AggregateItem {
  counters: Record<string, number>;
  lists: Record<string, number[]>;
}

export interface AggregateChange {
  /** Atomically added to each counter (a counter never written starts at 0). */
  add?: Record<string, number>;
  /** Appended to each list (a list never written starts empty). */
  append?: Record<string, number[]>;
}

/** Figures kept on write (the dashboard's): items by key, changed by adding and appending only. */
export interface AggregateStore {
  /** One write to the item `key`, which is made if it does not exist. */
  update(key: string, change: AggregateChange): Promise<void>;
  /** The items among `keys` that exist, by key (any number of keys; read in batches). */
  getMany(keys: readonly string[]): Promise<Map<string, AggregateItem>>;
}
