/**
 * The claim that makes a resent form fill store one enquiry. Adapters
 * implement these ports; unit tests pass in-memory fakes.
 */

export interface SubmissionClaim {
  postIndex: number;
  /** When the first request with this id claimed it, epoch milliseconds. */
  claimedAt: number;
}

export interface SubmissionStore {
  find(submissionId: string): Promise<SubmissionClaim | undefined>;
  /** Records which enquiry a submission stores; `false` if another request claimed it first. */
  claim(submissionId: string, claim: SubmissionClaim, expiresAtSeconds: number): Promise<boolean>;
  remove(submissionId: string): Promise<void>;
}
