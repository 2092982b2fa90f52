/** Request bodies and queries of the admin routes for the access log, retention and visitors' rights. */
import { ACCESS_LOG_MAX_DAYS, ACCESS_LOG_PAGE_MAX, type AccessLogEntry, isAccessLogSpan } from '../audit-actions';
import { readAccessLogCursor } from './access-log-cursor';
import { MAX_ENQUIRY_INDEX } from '../work/enquiry-work';
import { oneLine, wholeNumberField } from '../intake/field-schemas';
import { normaliseEmail } from '../intake/form-fields';
import { isKoreaDay } from '../korea-time';
import * as z from '../zod';

const day = z.string().check(z.refine(isKoreaDay, 'A day as YYYY-MM-DD'));
/**
 * A visitor's address as intake keeps it (a Unicode domain in its ASCII
 * form), in lower case as the enquiries are keyed by it, so a lookup or an
 * erasure typed as the visitor writes it finds their enquiries.
 */
const address = z.pipe(
  z
    .string({ error: 'An e-mail address' })
    .check(z.trim(), z.minLength(3, 'An e-mail address'), z.maxLength(254, 'At most 254 characters')),
  z.transform((value: string, context) => {
    const normalised = normaliseEmail(value);
    if (normalised) return normalised.toLowerCase();
    context.issues.push({ code: 'custom', message: 'An e-mail address', input: value });
    return z.NEVER;
  }),
);
const reason = z.string({ error: 'Why (it is recorded)' }).check(
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
    /** Where the page starts: the `next` of the page before (for the CSV, its `x-next-cursor` header). */
    cursor: z.optional(
      z.pipe(
        z.string(),
        z.transform((word: string, context) => {
          const cursor = readAccessLogCursor(word);
          if (cursor) return cursor;
          context.issues.push({ code: 'custom', message: 'The next of an earlier page', input: word });
          return z.NEVER;
        }),
      ),
    ),
    /** Rows on one page (the JSON route; the CSV's pages are of a fixed size). */
    limit: z.optional(wholeNumberField(1, ACCESS_LOG_PAGE_MAX, `1 to ${ACCESS_LOG_PAGE_MAX}`)),
  })
  .check(
    z.refine((query) => query.from <= query.to, { path: ['to'], message: 'Not before from' }),
    z.refine((query) => isAccessLogSpan(query.from, query.to), {
      path: ['to'],
      message: `At most ${ACCESS_LOG_MAX_DAYS} days`,
    }),
    z.refine((query) => !query.cursor || (query.from <= query.cursor.day && query.cursor.day <= query.to), {
      path: ['cursor'],
      message: 'The next of an earlier page of these days',
    }),
  );

export type AccessLogQuery = z.output<typeof accessLogQuerySchema>;

/** The days and narrowing of a read, as the back office keeps them in its address. */
export type AccessLogFilter = Pick<AccessLogQuery, 'from' | 'to' | 'actor' | 'action' | 'target'>;

/** One page of `GET /api/access-log`: its rows, newest first, and where the next page starts (absent on the last). */
export interface AccessLogPage {
  entries: AccessLogEntry[];
  next?: string;
}

/** A visitor's rights (access, erasure): the address in the body, never in the address bar, where CloudFront's logs would keep it. */
export const subjectSchema = z.object({ email: address });

export const eraseSubjectSchema = z.object({ email: address, reason });

export const holdSchema = z.object({
  index: wholeNumberField(1, MAX_ENQUIRY_INDEX, 'An enquiry number'),
  /** A reason sets the hold; none lifts it. */
  reason: z.optional(reason),
});

/** What `POST /api/subject/erase` answers. */
export interface ErasureAnswer {
  erased: number[];
  /** Under a legal hold: kept, and named so the admin can tell the visitor why. */
  held: number[];
  /** Received mail from the address kept apart from the threads (unmatched, quarantined, auto-replies, refused), removed with its raw message. */
  keptMailRemoved: number;
  exportFilesRemoved: number;
  /** How many more days the tables' backups can restore what was erased (RETENTION.backupDays), to tell the visitor. */
  backupDays: number;
}
