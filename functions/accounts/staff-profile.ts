/**
 * What a staff route may read of an account: its profile (who, which role, in
 * which state, since when), never its credentials (the password's hash, the
 * one-time links' hashes, the two-factor secrets, recovery codes and the
 * state of their checks). Every staff route checks its caller from the
 * profile, and the owner picker and the accounts page list profiles; only
 * sign-in, the link pages, the two-factor routes and the password change read
 * a whole account. IAM holds the staff functions to the same list
 * (dynamodb:Attributes, infra/permissions.ts), so the split holds below our
 * code too: a staff function that asked for a password hash would be refused.
 */
import type { StaffAccount } from './staff-account';

/** Every attribute a stored account may have, sorted into the two: a new attribute does not compile until it is placed. */
const STAFF_ATTRIBUTE_KINDS = {
  email: 'profile',
  role: 'profile',
  disabled: 'profile',
  createdAt: 'profile',
  updatedAt: 'profile',
  tokenVersion: 'profile',
  revision: 'profile',
  lastSignInAt: 'profile',
  invitationExpiresAt: 'profile',
  invitedBy: 'profile',
  twoFactorSince: 'profile',
  expiresAt: 'profile',
  passwordHash: 'credential',
  invitationHash: 'credential',
  totpSecretSealed: 'credential',
  totpSecret: 'credential',
  totpLastStep: 'credential',
  pendingTotpSecretSealed: 'credential',
  recoveryCodeHashes: 'credential',
  codeFailures: 'credential',
  enrolmentHash: 'credential',
  enrolmentExpiresAt: 'credential',
  enrolmentMailedAt: 'credential',
} as const satisfies Record<keyof Required<StaffAccount>, 'profile' | 'credential'>;

type ProfileAttribute = {
  [Name in keyof typeof STAFF_ATTRIBUTE_KINDS]: (typeof STAFF_ATTRIBUTE_KINDS)[Name] extends 'profile' ? Name : never;
}[keyof typeof STAFF_ATTRIBUTE_KINDS];

/** An account as staff routes read it. */
export type StaffProfile = Pick<StaffAccount, ProfileAttribute>;

/** The attributes of a profile: the projection the store reads, and what IAM lets a staff function read. */
export const STAFF_PROFILE_ATTRIBUTES = (
  Object.keys(STAFF_ATTRIBUTE_KINDS) as (keyof typeof STAFF_ATTRIBUTE_KINDS)[]
).filter((name): name is ProfileAttribute => STAFF_ATTRIBUTE_KINDS[name] === 'profile');

/** The profile of a whole account (what a store returns when asked for a profile). */
export function profileOf(account: StaffAccount): StaffProfile {
  return Object.fromEntries(
    STAFF_PROFILE_ATTRIBUTES.filter((name) => account[name] !== undefined).map((name) => [name, account[name]]),
  ) as StaffProfile;
}
