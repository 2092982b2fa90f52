/** Request bodies and queries of the admin routes for the access log, retention and visitors' rights. */
import * as z from 'zod';
import { ACCESS_LOG_MAX_DAYS, isAccessLogSpan } from './audit-actions';
import { MAX_ENQUIRY_INDEX } from './enquiry-work';
import { isKoreaDay } from './korea-time';
import { oneLine, wholeNumberField } from './field-schemas';

const day = z.string().refine(isKoreaDay, 'A day as YYYY-MM-DD');
const address = z
  .string({ error: 'An e-mail address' })
  .trim()
  .min(3, 'An e-mail address')
  .max(254, 'At most 254 characters')
  .refine((value) => /^[^\s@]+@[^\s@]+$/.test(value), 'An e-mail address');
const reason = z
  .string({ error: 'Why (it is recorded)' })
  .trim()
  .min(3, 'Why (it is recorded)')
  .max(500, 'At most 500 characters')
  .refine((value) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value), 'Without control characters');

export const accessLogQuerySchema = z
  .object({
    from: day,
    to: day,
    actor: oneLine(z.string().trim().max(254)).optional(),
    action: oneLine(z.string().trim().max(60)).optional(),
    target: oneLine(z.string().trim().max(200)).optional(),
  })
  .refine((query) => query.from <= query.to, { path: ['to'], message: 'Not before from' })
  .refine((query) => isAccessLogSpan(query.from, query.to), {
    path: ['to'],
    message: `At most ${ACCESS_LOG_MAX_DAYS} days`,
  });

export type AccessLogQuery = z.output<typeof accessLogQuerySchema>;

export const subjectQuerySchema = z.object({ email: address });

export const eraseSubjectSchema = z.object({ email: address, reason });

export const holdSchema = z.object({
  index: wholeNumberField(1, MAX_ENQUIRY_INDEX, 'An enquiry number'),
  /** A reason sets the hold; none lifts it. */
  reason: reason.optional(),
});
