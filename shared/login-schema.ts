/** The login payload of `POST /api/login`. */
import * as z from 'zod';
import { codeField } from './accounts-schema';

export const loginSchema = z.object({
  email: z.string({ error: 'Required' }).trim().min(1, 'Required').max(254, 'At most 254 characters'),
  pass: z.string({ error: 'Required' }).min(1, 'Required').max(1_024, 'At most 1024 characters'),
  /** For an account with two-factor on: the app's code or a recovery code (asked for after a right password). */
  code: codeField.optional(),
});

export type LoginPayload = z.output<typeof loginSchema>;
