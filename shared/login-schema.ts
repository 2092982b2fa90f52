/** The login payload of `POST /api/login`. */
import * as z from 'zod';

export const loginSchema = z.object({
  email: z.string({ error: 'Required' }).trim().min(1, 'Required').max(254, 'At most 254 characters'),
  pass: z.string({ error: 'Required' }).min(1, 'Required').max(1_024, 'At most 1024 characters'),
});

export type LoginPayload = z.output<typeof loginSchema>;
