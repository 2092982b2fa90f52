/**
 * What the Lambda bundles have instead of `mnemonist/lru-cache`
 * (functions/bundling.ts aliases it here): a least-recently-used cache on a
 * Map, with the five methods its one user calls.
 *
 * Its user is the DynamoDB client's cache of discovered endpoints
 * (`@aws-sdk/endpoint-cache`), which the client makes whether or not endpoint
 * discovery is on (it is off unless AWS_ENABLE_ENDPOINT_DISCOVERY says
 * otherwise). mnemonist's cache and the iterator helpers behind it put about
 * 7 KiB minified into every bundle for a cache that holds nothing.
 */
export default class LruCache<Key, Value> {
  private readonly entries = new Map<Key, Value>();

  constructor(private readonly capacity: number) {}

  has(key: Key): boolean {
    return this.entries.has(key);
  }

  /** The value without making it the most recently used. */
  peek(key: Key): Value | undefined {
    return this.entries.get(key);
  }

  get(key: Key): Value | undefined {
    if (!this.entries.has(key)) return undefined;
    const value = this.entries.get(key) as Value;
    // A Map iterates in insertion order: re-inserting makes this the most recently used.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: Key, value: Value): this {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as Key);
    return this;
  }

  clear(): void {
    this.entries.clear();
  }
}
