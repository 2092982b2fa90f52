/**
 * Staff accounts, invitations and two-factor sign-in: the facts the back
 * office and the API share. No schema library here (the staff app imports
 * this file); the request schemas are in accounts-schema.ts.
 */
import type { StaffRole } from '../auth';

/** What an account is now: signing in (`active`), turned off (`disabled`), or waiting for its invitation to be taken up (`invited`). */
export const ACCOUNT_STATES = ['active', 'disabled', 'invited'] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

/** How long an invitation link works, once. */
export const INVITATION_LIFETIME_SECONDS = 24 * 60 * 60;

/** The back-office page an invitation link opens; the token follows `#`, so it never reaches a server log or a Referer. */
export const WELCOME_PATH = '/welcome';
/** The back-office page an enrolment link opens (the token after `#` again): the account's password, then two-factor set-up. */
export const ENROL_PATH = '/enrol';
export const TWO_FACTOR_PATH = '/two-factor';
export const ACCOUNTS_PATH = '/accounts';
/** Where a signed-in staff member changes their own password. */
export const PASSWORD_PATH = '/password';

export function invitationLink(siteUrl: string, token: string): string {
  return `${siteUrl}${WELCOME_PATH}#${token}`;
}

/**
 * An account that must enrol in two-factor signs in with its password and is
 * mailed a one-time link (the second channel) that works this long; the link
 * and the password again open the enrolment. Whoever has only the password
 * cannot enrol their own authenticator.
 */
export const ENROLMENT_LINK_LIFETIME_SECONDS = 60 * 60;
/** A sign-in within this long of the last enrolment mail sends no new one (the link mailed stays good). */
export const ENROLMENT_MAIL_INTERVAL_SECONDS = 60;

export function enrolmentLink(siteUrl: string, token: string): string {
  return `${siteUrl}${ENROL_PATH}#${token}`;
}

/** An invited account nobody took up is removed (DynamoDB's TTL) this long after its link expired: the accounts page shows it expired meanwhile. */
export const EXPIRED_INVITATION_KEPT_SECONDS = 7 * 24 * 60 * 60;
/** How long the outbox keeps a mail to a staff account (an invitation, an enrolment link, a notice) and its state. */
export const ACCOUNT_MAIL_KEPT_SECONDS = 30 * 24 * 60 * 60;

/** RFC 6238 TOTP as every authenticator app reads it: SHA-1, six digits, 30-second steps; one step either side for clock drift. */
export const TOTP_PARAMETERS = { algorithm: 'SHA1', digits: 6, period: 30, window: 1 } as const;
/** The issuer an authenticator app shows beside the account. */
export const TOTP_ISSUER = '의료관광센터';

/** One-time recovery codes made at enrolment (shown once, stored hashed). */
export const RECOVERY_CODE_COUNT = 10;

/**
 * Wrong second-factor codes in a row (whenever they came) after which the
 * app's codes are no longer taken from a browser that never signed in to
 * the account: only a recovery code, or an admin's reset, opens it again.
 * About 1 in 100,000 of guessing a code in 10 tries, instead of ~1.4 % a day.
 */
export const CODE_FAILURES_BEFORE_LOCK = 10;

/** A six-digit code from the app. */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
/** A recovery code: four groups of four letters a-z and digits 2-7 (80 bits), hyphens and case optional on input. */
export const RECOVERY_CODE_PATTERN = /^[a-z2-7]{4}(-?[a-z2-7]{4}){3}$/i;

/** The sign-in's answer (401 `error`) when the password was right and the account asks for a code: send email, pass and code. */
export const CODE_REQUIRED = 'code_required';
/** The sign-in's answer (403 `error`) when the password was right and the account must enrol: a one-time link went to its address. */
export const ENROLMENT_MAILED = 'enrolment_mailed';

/**
 * The token scope of an account that must enrol in two-factor first (the
 * policy requires it and it has not): such a token opens only the enrolment
 * routes until enrolment gives a full one.
 */
export const ENROL_SCOPE = 'enrol';
export type TokenScope = 'full' | typeof ENROL_SCOPE;

/** One row of the accounts page. */
export interface AccountSummary {
  email: string;
  /** None for an account from before roles existed: it cannot sign in until an admin gives it one. */
  role?: StaffRole;
  state: AccountState;
  twoFactor: boolean;
  /** ISO instant of the last successful sign-in. */
  lastSignInAt?: string;
  /** For an invited account: when its link stops working (ISO instant). */
  invitationExpiresAt?: string;
  createdAt: string;
}

/** `GET /api/accounts`. */
export interface AccountsAnswer {
  accounts: AccountSummary[];
  /** Whether every account must sign in with two-factor (the stored policy, or the stage's default). */
  requireTwoFactor: boolean;
}

/** What an admin may do to an account. */
export const ACCOUNT_ACTIONS = ['role', 'disable', 'enable', 'resetTwoFactor'] as const;
export type AccountAction = (typeof ACCOUNT_ACTIONS)[number];

/** `GET /api/two-factor`: the signed-in account's own two-factor state. */
export interface TwoFactorStatus {
  enabled: boolean;
  /** The policy requires it of every account. */
  required: boolean;
  recoveryCodesLeft: number;
  /** The set-up start asks for the account's password: every session but an enrolment link's, whose page asked it already. */
  startAsksPassword: boolean;
}

/** `POST /api/two-factor/start`: the new secret, to scan (the QR as an SVG data URL) or type in. */
export interface EnrolmentStart {
  secret: string;
  uri: string;
  qr: string;
}

/** `POST /api/two-factor/confirm`: the recovery codes (shown this once) and a new token (earlier sessions end). */
export interface EnrolmentDone {
  recoveryCodes: string[];
  token: string;
}
