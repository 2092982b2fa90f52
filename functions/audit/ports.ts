/**
 * The access log's immutable copy (docs/architecture.md, 'The access log').
 * The S3 adapter implements it; unit tests pass the in-memory fake.
 */

/** The copy under S3 Object Lock: objects written once, never replaced. */
export interface AccessLogCopyStore {
  /** Writes one object if its key is new; `false` when one is there already (a batch delivered again). */
  putOnce(key: string, body: string): Promise<boolean>;
}
