/** Request bodies and queries of the admin routes for the access log, retention and visitors' rights. */
import { ACCESS_LOG_MAX_DAYS, isAccessLogSpan } from '../audit-actions';
import { MAX_ENQUIRY_INDEX } from '../work/enquiry-work';
import { oneLine, wholeNumberField } from '../intake/field-schemas';
import { isKoreaDay } from '../korea-time';
import * as z from '../zod';

const day = z.string().check(z.refine(isKoreaDay, 'A day as YYYY-MM-DD'));
const address = z
  .string({ error: 'An e-mail address' })
  .check(
    z.trim(),
    z.minLength(3, 'An e-mail address'),
    z.maxLength(254, 'At most 254 characters'),
    z.refine((value) => /^[^\s@]+@[^\s@]+$/.test(value), 'An e-mail address'),
  );
const reason = z
  .string({ error: 'Why (it is recorded)' })
  .check(
    z.trim(),
    z.minLength(3, 'Why (it is recorded)'),
    z.maxLength(500, 'At most 500 characters'),
    z.refine((value) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value), 'Without control characters'),
  );

export const accessLogQuerySchema = z
  .object({
    from: day,
    to: day,
    actor: z.optional(z.string().check(z.trim(), z.maxLength(254), oneLine())),
    action: z.optional(z.string().check(z.trim(), z.maxLength(60), oneLine())),
    target: z.optional(z.string().check(z.trim(), z.maxLength(200), oneLine())),
  })
  .check(
    z.refine((query) => query.from <= query.to, { path: ['to'], message: 'Not before from' }),
    z.refine((query) => isAccessLogSpan(query.from, query.to), {
      path: ['to'],
      message: `At most ${ACCESS_LOG_MAX_DAYS} days`,
    }),
  );

export type AccessLogQuery = z.output<typeof accessLogQuerySchema>;

export const subjectQuerySchema = z.object({ email: address });

export const eraseSubjectSchema = z.object({ email: address, reason });

export const holdSchema = z.object({
  index: wholeNumberField(1, MAX_ENQUIRY_INDEX, 'An enquiry number'),
  /** A reason sets the hold; none lifts it. */
  reason: z.optional(reason),
});
