/**
 * In-memory fakes of the submission claims, beside their ports, for the unit
 * tests. They follow the semantics of the DynamoDB and S3 adapters.
 */
import type { Clock } from '../platform/ports';
import type { SubmissionClaim, SubmissionStore } from './ports';

export class FakeSubmissionStore implements SubmissionStore {
  readonly items = new Map<string, SubmissionClaim & { expiresAt: number }>();
  constructor(private readonly clock: Clock) {}
  private nowSeconds() {
    return Math.floor(this.clock.now() / 1000);
  }
  async find(submissionId: string): Promise<SubmissionClaim | undefined> {
    const item = this.items.get(submissionId);
    return item && item.expiresAt > this.nowSeconds()
      ? { postIndex: item.postIndex, claimedAt: item.claimedAt }
      : undefined;
  }
  async remove(submissionId: string): Promise<void> {
    this.items.delete(submissionId);
  }
  async claim(submissionId: string, claim: SubmissionClaim, expiresAtSeconds: number): Promise<boolean> {
    const item = this.items.get(submissionId);
    if (item && item.expiresAt > this.nowSeconds()) return false;
    this.items.set(submissionId, { ...claim, expiresAt: expiresAtSeconds });
    return true;
  }
}
