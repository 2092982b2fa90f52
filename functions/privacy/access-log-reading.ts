/**
 * The access log as admins read it: every staff read, export and change, and
 * every failed sign-in and refused call, for a span of days (one query per
 * day: never a scan), narrowed by person, action and target, newest first.
 */
import type { AccessLogQuery } from '../../shared/privacy/privacy-schema';
import type { AppDeps } from '../deps';
import type { AccessLogEntry } from '../../shared/audit-actions';

/** A day-by-day read stops here, so one answer stays small; the CSV export has no such cap. */
export const ACCESS_LOG_PAGE_MAX = 1_000;

function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${to}T00:00:00Z`); at >= Date.parse(`${from}T00:00:00Z`); at -= 86_400_000) days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

const matches = (entry: AccessLogEntry, query: AccessLogQuery) =>
  (!query.actor || entry.actor.toLowerCase().includes(query.actor.toLowerCase())) &&
  (!query.action || entry.action.startsWith(query.action)) &&
  (!query.target || entry.target.includes(query.target));

/** Matching entries, newest first, day by day from `to` back to `from`, at most `limit`. */
export async function readAccessLog(deps: Pick<AppDeps, 'accessLog'>, query: AccessLogQuery, limit = ACCESS_LOG_PAGE_MAX): Promise<{ entries: AccessLogEntry[]; truncated: boolean }> {
  const entries: AccessLogEntry[] = [];
  for (const day of daysOf(query.from, query.to)) {
    const ofDay = (await deps.accessLog.day(day)).filter((entry) => matches(entry, query)).sort((a, b) => b.at - a.at);
    entries.push(...ofDay);
    if (entries.length > limit) return { entries: entries.slice(0, limit), truncated: true };
  }
  return { entries, truncated: false };
}
