/**
 * The access log's immutable copy (docs/architecture.md, 'The access log').
 * The S3 adapter implements it; unit tests pass the in-memory fake.
 */
import type { AccessLogEntry, CountedAction } from '../../shared/audit-actions';

/** The copy under S3 Object Lock: objects written once, never replaced. */
export interface AccessLogCopyStore {
  /** Writes one object if its key is new; `false` when one is there already (a batch delivered again). */
  putOnce(key: string, body: string): Promise<boolean>;
}

/**
 * The access log holds two kinds of row (docs/architecture.md, 'The access log'):
 * a row per request, written once and never changed (the store refuses a
 * second write of its key), and a counted row per action, source, route and
 * actor in each quarter hour for the refusals anyone can cause at will
 * (COUNTED_ACTIONS), which only ever grows by an atomic ADD.
 */
export interface AccessLogStore {
  /** One request's row, written once. */
  record(entry: AccessLogEntry): Promise<void>;
  /** One more request on its counted row (`clientAddress` is the source as counted: functions/audit/access-log.ts). */
  count(entry: AccessLogEntry & { action: CountedAction }): Promise<void>;
  /**
   * Rows of one Korea day, both kinds, newest first (by place: a row's time, a
   * counted row's quarter hour), at most `limit`, only those placed before
   * `before` when given; each with its place, where the next read goes on from.
   */
  readDay(day: string, options: { before?: string; limit: number }): Promise<PlacedAccessLogEntry[]>;
}

export interface PlacedAccessLogEntry {
  entry: AccessLogEntry;
  place: string;
}
