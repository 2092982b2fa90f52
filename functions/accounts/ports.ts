/**
 * The accounts' ports: the staff accounts and policies every staff route
 * checks a token against, and revoked tokens. Adapters implement them with
 * the AWS SDK (`adapters/`); unit tests pass in-memory fakes.
 */
import type { StaffAccount } from './staff-account';
import type { StaffProfile } from './staff-profile';

/** The enrolment link an account was mailed (StaffAccount's `enrolment*`). */
export type EnrolmentLinkRecord = Required<
  Pick<StaffAccount, 'enrolmentHash' | 'enrolmentExpiresAt' | 'enrolmentMailedAt'>
>;
/** The attributes one account update sets (`undefined`: removes). */
export type AccountChanges = Partial<Omit<StaffAccount, 'email' | 'revision'>>;

export interface StaffStore {
  /** The whole account: only sign-in, the link pages, two-factor and the password change read one (their IAM allows it). */
  get(email: string): Promise<StaffAccount | undefined>;
  /** What every staff route reads of an account: no credential (functions/accounts/staff-profile.ts). */
  profile(email: string): Promise<StaffProfile | undefined>;
  put(account: StaffAccount): Promise<void>;
  /** Every account's profile (a Scan: the table stays tiny). */
  list(): Promise<StaffProfile[]>;
  /**
   * Writes the whole account only if its `revision` is still `expectedRevision`
   * (0 for an account never replaced, or one that does not exist yet), with
   * the revision one higher; `false` when someone changed it first.
   */
  replace(account: StaffAccount, expectedRevision: number): Promise<boolean>;
  /**
   * Sets only the attributes named in `changes` (one named as `undefined` is
   * removed) if the account exists and its `revision` is still
   * `expectedRevision`, with the revision one higher; `false` when someone
   * changed it first. What it does not name stays as stored, so a two-factor
   * code used or a sign-in recorded meanwhile (which move no revision) is
   * never written back to what was read.
   */
  update(email: string, changes: AccountChanges, expectedRevision: number): Promise<boolean>;
  /** Sets `lastSignInAt` alone (a sign-in never overwrites an admin's change). */
  recordSignIn(email: string, at: string): Promise<void>;
  /** Records a TOTP step as used, only if it is later than the last used one; `false` for a code used already. */
  useTotpStep(email: string, step: number): Promise<boolean>;
  /** Takes one recovery code's hash out of the account's set; `false` when it is not there (wrong, or used). */
  useRecoveryCode(email: string, codeHash: string): Promise<boolean>;
  /** Counts one more wrong second-factor code (atomically); the count in a row now. */
  countCodeFailure(email: string): Promise<number>;
  /** A code was accepted: the count starts again. */
  clearCodeFailures(email: string): Promise<void>;
  /** Records the enrolment link just made for an existing account (sign-in may change an account, never make one). */
  setEnrolmentLink(email: string, link: EnrolmentLinkRecord): Promise<void>;
}

/** Settings admins change in the back office. */
export interface StaffPolicy {
  /** Every account must sign in with two-factor (without a stored policy: the REQUIRE_TWO_FACTOR setting). */
  requireTwoFactor: boolean;
  updatedAt: string;
  updatedBy: string;
}

export interface PolicyStore {
  get(): Promise<StaffPolicy | undefined>;
  put(policy: StaffPolicy): Promise<void>;
}

export interface RevokedTokenStore {
  revoke(jti: string, expiresAtSeconds: number): Promise<void>;
  isRevoked(jti: string, nowSeconds: number): Promise<boolean>;
}
