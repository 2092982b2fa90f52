/**
 * Two-factor sign-in with TOTP (RFC 6238, through `otpauth`): the secret an
 * authenticator app scans, the codes it makes, and the one-time recovery
 * codes. A code is accepted once: the account remembers the last time step a
 * code was accepted for, and only a later step passes (a conditional write,
 * so two requests with one code cannot both pass). Recovery codes are random
 * (80 bits), shown once and stored as SHA-256 hashes; each is taken out of
 * the account's set when used (again a conditional write).
 *
 * The secret is stored sealed (SecretSealer: KMS in AWS), bound to the
 * account's address; only the enrolment start may seal one and only the
 * routes that check a code may open one (shared/routes.ts `totpSecrets`),
 * so the sealed value every staff route reads with the account tells them
 * nothing. The start's answer still carries the clear secret once, for the
 * QR code and the manual entry.
 *
 * The QR code of a new secret is in two-factor-qr.ts: its library weighs
 * more than the rest of this module's, and only the enrolment start needs it
 * (every staff route asks whether an account has two-factor).
 */
import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import {
  ENROL_SCOPE,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_PATTERN,
  TOTP_CODE_PATTERN,
  TOTP_ISSUER,
  TOTP_PARAMETERS,
  type TokenScope,
} from '../../../shared/accounts/accounts';
import type { AppDeps } from '../../deps';
import type { SealingContext } from '../../platform/ports';
import type { StaffAccount } from '../staff-account';

/** Whether an account signs in with a second factor: a sealed secret, or the clear one of an account enrolled before secrets were sealed. */
export function hasTwoFactor(
  account: Partial<Pick<StaffAccount, 'twoFactorSince' | 'totpSecretSealed' | 'totpSecret'>> | undefined,
): boolean {
  // A profile (functions/accounts/staff-profile.ts) shows it by the date it was turned on; a whole account also by its secret.
  return Boolean(account?.twoFactorSince ?? account?.totpSecretSealed ?? account?.totpSecret);
}

/** What an account's sealed TOTP secret is bound to: its address, so a sealed secret copied to another account does not open. */
export const totpSealingContext = (email: string): SealingContext => ({ account: email });

/** Seals a new secret of the account (the enrolment start's). */
export function sealTotpSecret(deps: Pick<AppDeps, 'totpSealer'>, email: string, secret: string): Promise<string> {
  return deps.totpSealer.seal(secret, totpSealingContext(email));
}

/** Opens one of the account's sealed secrets (the routes that check a code). */
export function openTotpSecret(deps: Pick<AppDeps, 'totpSealer'>, email: string, sealed: string): Promise<string> {
  return deps.totpSealer.open(sealed, totpSealingContext(email));
}

/** The account's secret to check a code against: opened, or the clear one of an account from before sealing. */
async function accountTotpSecret(
  deps: Pick<AppDeps, 'totpSealer'>,
  account: StaffAccount,
): Promise<string | undefined> {
  if (account.totpSecretSealed) return openTotpSecret(deps, account.email, account.totpSecretSealed);
  return account.totpSecret;
}

/** Whether every account must use two-factor: the policy an admin set, or the stage's default. */
export async function twoFactorRequired(deps: Pick<AppDeps, 'policies' | 'settings'>): Promise<boolean> {
  return (await deps.policies.get())?.requireTwoFactor ?? deps.settings.REQUIRE_TWO_FACTOR;
}

/**
 * Whether a session's start of enrolment asks for the account's password:
 * every session but an enrolment link's (ENROL_SCOPE), which its page gave
 * only for the password (or for a password just set, on an invitation's).
 */
export const startAsksPassword = (scope: TokenScope): boolean => scope !== ENROL_SCOPE;

/** A new secret: 160 random bits (RFC 4226's recommended length), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(email: string, secret: string): TOTP {
  const { algorithm, digits, period } = TOTP_PARAMETERS;
  return new TOTP({ issuer: TOTP_ISSUER, label: email, algorithm, digits, period, secret: Secret.fromBase32(secret) });
}

/** The `otpauth://` URI an authenticator app reads from the QR code. */
export function totpUri(email: string, secret: string): string {
  return totp(email, secret).toString();
}

/** The time step a code belongs to (within one step of now either way), or `undefined` when it is not a code of this secret now. */
export function matchingStep(email: string, secret: string, code: string, nowMs: number): number | undefined {
  if (!TOTP_CODE_PATTERN.test(code)) return undefined;
  const delta = totp(email, secret).validate({ token: code, timestamp: nowMs, window: TOTP_PARAMETERS.window });
  if (delta === null) return undefined;
  return Math.floor(nowMs / 1000 / TOTP_PARAMETERS.period) + delta;
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** New recovery codes, as shown to the staff member: `abcd-efgh-ijkl-mnop`. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(16);
    const letters = Array.from({ length: 16 }, (_, i) => BASE32[(bytes[i] ?? 0) % 32]).join('');
    return letters.match(/.{4}/g)?.join('-') ?? letters;
  });
}

/** The stored form of a recovery code: SHA-256 of it without hyphens, in lower case (80 random bits need no slow hash). */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(code.replace(/-/g, '').toLowerCase()).digest('hex');
}

export const isRecoveryCode = (code: string) => RECOVERY_CODE_PATTERN.test(code);

/**
 * Checks a sign-in's second factor: a code of the account's app (each time
 * step once) or one of its recovery codes (each once). `false` for anything
 * else, a code used already included.
 */
export async function acceptSecondFactor(
  deps: Pick<AppDeps, 'staff' | 'totpSealer'>,
  account: StaffAccount,
  code: string,
  nowMs: number,
): Promise<'totp' | 'recovery' | undefined> {
  if (!hasTwoFactor(account)) return undefined;
  if (isRecoveryCode(code))
    return (await deps.staff.useRecoveryCode(account.email, recoveryCodeHash(code))) ? 'recovery' : undefined;
  // Opened only for a code that looks like one: a malformed guess costs no KMS call.
  if (!TOTP_CODE_PATTERN.test(code)) return undefined;
  const secret = await accountTotpSecret(deps, account);
  if (!secret) return undefined;
  const step = matchingStep(account.email, secret, code, nowMs);
  if (step === undefined) return undefined;
  return (await deps.staff.useTotpStep(account.email, step)) ? 'totp' : undefined;
}

/** The account with two-factor off: secret, recovery codes and the count of wrong codes gone (an admin's reset, the operator's `reset-2fa`). */
export function withoutTwoFactor<Account extends Partial<StaffAccount>>(account: Account): Account {
  return {
    ...account,
    totpSecretSealed: undefined,
    totpSecret: undefined,
    totpLastStep: undefined,
    pendingTotpSecretSealed: undefined,
    recoveryCodeHashes: undefined,
    twoFactorSince: undefined,
    codeFailures: undefined,
  };
}
