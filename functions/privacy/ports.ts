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
  subjectHash?: string;
}

export interface ErasureStore {
  record(tombstone: ErasureTombstone): Promise<void>;
}
