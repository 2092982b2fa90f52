/** Reading the access log in tests: every row of a day, page by page as the store answers them, newest first. */
import type { AccessLogStore } from '../../functions/audit/ports';
import type { AccessLogEntry } from '../../shared/audit-actions';

export async function accessLogDay(store: AccessLogStore, day: string): Promise<AccessLogEntry[]> {
  const entries: AccessLogEntry[] = [];
  let before: string | undefined;
  for (;;) {
    const rows = await store.readDay(day, { ...(before === undefined ? {} : { before }), limit: 500 });
    entries.push(...rows.map((row) => row.entry));
    if (rows.length < 500) return entries;
    before = rows.at(-1)?.place;
  }
}
