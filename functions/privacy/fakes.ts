/**
 * In-memory fakes of the erasure tombstones, beside their ports, for the unit
 * tests. They follow the semantics of the DynamoDB and S3 adapters.
 */
import type { ErasureStore, ErasureTombstone } from './ports';

export class FakeErasureStore implements ErasureStore {
  readonly items: ErasureTombstone[] = [];
  async record(tombstone: ErasureTombstone): Promise<void> {
    this.items.push(structuredClone(tombstone));
  }
}
