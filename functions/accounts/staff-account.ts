/** A staff account as stored: its profile and its credentials (staff-profile.ts sorts each attribute into one of the two). */
import type { StaffRole } from '../../shared/auth';

export interface StaffAccount {
  email: string;
  passwordHash: string;
  disabled: boolean;
  /**
   * What the account may do. Every account the product makes has one; an
   * account stored without one (from before roles existed) is refused at
   * sign-in and on every staff route until an admin or `npm run staff -- role`
   * gives it one: a missing role is never read as a role.
   */
  role?: StaffRole;
  createdAt: string;
  updatedAt: string;
  /**
   * The version every token of this account carries. A password change, a
   * disable, an enable (and a role change) add one, which ends every session
   * signed before, whenever in the same second it was signed.
   */
  tokenVersion?: number;
  // Accounts, invitations and two-factor (accounts/staff-admin/staff-accounts.ts, accounts/two-factor/two-factor.ts).
  /** Counts every change made through `replace` or `update`, so two changes never overwrite each other. */
  revision?: number;
  /** ISO instant of the last successful sign-in. */
  lastSignInAt?: string;
  /** An invited account (its password is '' until the invitation is taken up): the SHA-256 of its link's secret, and until when it works (epoch ms). */
  invitationHash?: string;
  invitationExpiresAt?: number;
  invitedBy?: string;
  /**
   * The TOTP secret once two-factor is on, sealed (SecretSealer, bound to the
   * account's address): only the routes that check codes may open it. And the
   * last time step a code was accepted for (each code works once).
   */
  totpSecretSealed?: string;
  totpLastStep?: number;
  /**
   * The clear secret (base32) of an account enrolled before secrets were
   * sealed: still checked at sign-in, never written any more; an admin's
   * reset and a new enrolment replace it with a sealed one.
   */
  totpSecret?: string;
  /** A secret being enrolled, sealed: it becomes `totpSecretSealed` when a code from it is confirmed. */
  pendingTotpSecretSealed?: string;
  twoFactorSince?: string;
  /** SHA-256 of each unused recovery code (a string set; gone once all are used). */
  recoveryCodeHashes?: Set<string>;
  /** Wrong second-factor codes in a row since the last accepted one (CODE_FAILURES_BEFORE_LOCK). */
  codeFailures?: number;
  /** An enrolment in two-factor by a mailed one-time link: the SHA-256 of the link's secret, until when it works and when it was mailed (epoch ms). */
  enrolmentHash?: string;
  enrolmentExpiresAt?: number;
  enrolmentMailedAt?: number;
  /** DynamoDB's time to live (epoch seconds), on an invited account alone: nobody took it up, so it goes. */
  expiresAt?: number;
}
