/** The login payload of `POST /api/login`. */
import { codeField, currentPassword } from './accounts-schema';
import * as z from '../zod';

export const loginSchema = z.object({
  email: z
    .string({ error: 'Required' })
    .check(z.trim(), z.minLength(1, 'Required'), z.maxLength(254, 'At most 254 characters')),
  pass: currentPassword,
  /** For an account with two-factor on: the app's code or a recovery code (asked for after a right password). */
  code: z.optional(codeField),
});

export type LoginPayload = z.output<typeof loginSchema>;
