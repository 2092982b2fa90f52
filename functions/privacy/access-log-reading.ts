/**
 * The access log as admins read it: every staff read, export and change, and
 * every failed sign-in and refused call, for a span of days (one query per
 * day and kind of row: never a scan), narrowed by person, action and target,
 * newest first, a page at a time. A page ends at its size, or once it has
 * read ACCESS_LOG_EXAMINE_MAX rows whatever they matched, so a narrow filter
 * over a busy month answers as quickly as any other page; either way its
 * cursor says where the next one goes on.
 */
import type { AccessLogEntry } from '../../shared/audit-actions';
import { writeAccessLogCursor } from '../../shared/privacy/access-log-cursor';
import type { AccessLogPage, AccessLogQuery } from '../../shared/privacy/privacy-schema';
import type { AppDeps } from '../deps';

/** The most rows one page reads from the table, matching or not. */
export const ACCESS_LOG_EXAMINE_MAX = 5_000;

/** The days from `to` back to `from`. */
function daysBack(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${to}T00:00:00Z`); at >= Date.parse(`${from}T00:00:00Z`); at -= 86_400_000)
    days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

const matches = (entry: AccessLogEntry, query: AccessLogQuery) =>
  (!query.actor || entry.actor.toLowerCase().includes(query.actor.toLowerCase())) &&
  (!query.action || entry.action.startsWith(query.action)) &&
  (!query.target || entry.target.includes(query.target));

/** One page of matching rows, newest first, from the query's cursor (or the end of `to`) back to the start of `from`. */
export async function readAccessLogPage(
  deps: Pick<AppDeps, 'accessLog'>,
  query: AccessLogQuery,
  pageSize: number,
): Promise<AccessLogPage> {
  const entries: AccessLogEntry[] = [];
  let examined = 0;
  const start = query.cursor ?? { day: query.to, place: undefined };
  for (const day of daysBack(query.from, start.day)) {
    let before = day === start.day ? start.place : undefined;
    for (;;) {
      const limit = Math.min(pageSize, ACCESS_LOG_EXAMINE_MAX - examined);
      const rows = await deps.accessLog.readDay(day, { ...(before === undefined ? {} : { before }), limit });
      for (const { entry, place } of rows) {
        examined += 1;
        if (matches(entry, query)) entries.push(entry);
        if (entries.length === pageSize || examined === ACCESS_LOG_EXAMINE_MAX)
          return { entries, next: writeAccessLogCursor({ day, place }) };
      }
      if (rows.length < limit) break;
      before = rows.at(-1)?.place;
    }
  }
  return { entries };
}
