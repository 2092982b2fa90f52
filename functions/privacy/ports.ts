/**
 * What an erasure leaves behind: its tombstone. Adapters implement these
 * ports; unit tests pass in-memory fakes.
 */

/** What an erasure leaves: when, why, by whom, how many; the address only as a hash. */
export interface ErasureTombstone {
  erasureId: string;
  at: string;
  actor: string;
  reason: string;
  /** `request` (the visitor asked) or `retention` (the period ran out). */
  kind: 'request' | 'retention';
  count: number;
  /** For a visitor's request: an HMAC of the address (erasure.ts `subjectHash`), never the address. */
  subjectHash?: string;
  /** Epoch seconds after which the record goes (a TTL): as long as the access log keeps its day. */
  expiresAt: number;
}

export interface ErasureStore {
  record(tombstone: ErasureTombstone): Promise<void>;
}
