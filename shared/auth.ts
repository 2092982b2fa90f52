/**
 * Staff sign-in: the login payload and the token facts the browser relies on.
 */
import * as z from 'zod';

/** localStorage key of the staff token (SPEC.md section 9). */
export const TOKEN_STORAGE_KEY = 'login_T';

/** How long a staff token is valid. */
export const TOKEN_LIFETIME_SECONDS = 8 * 60 * 60;

export const STAFF_PASSWORD_MIN_LENGTH = 12;

export const loginSchema = z.object({
  email: z.string({ error: 'Required' }).trim().min(1, 'Required').max(254, 'At most 254 characters'),
  pass: z.string({ error: 'Required' }).min(1, 'Required').max(1_024, 'At most 1024 characters'),
});

export type LoginPayload = z.output<typeof loginSchema>;

/** Staff e-mail addresses are compared case-insensitively. */
export function normaliseStaffEmail(email: string): string {
  return email.trim().toLowerCase();
}
