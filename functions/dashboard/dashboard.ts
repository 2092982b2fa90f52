/**
 * The dashboard's figures, kept on write so that reading them never scans:
 * the dashboard reads at most about a hundred small items (BatchGetItem),
 * whether 1,000 or 100,000 enquiries are stored.
 *
 * The aggregates table (shared/tables.ts) holds:
 *
 * - `day:YYYY-MM-DD`, one item per Korea-time day:
 *   - `received`: enquiries received that day (suspected spam is never counted),
 *     and the same by section (`section:<wire value>`) and page language (`locale:<code>`);
 *   - `open`: how many of the enquiries received that day are open now (new or in
 *     progress): one more on receipt, one less when one leaves the open statuses,
 *     one more when one comes back to them;
 *   - `firstReplies`: first replies sent that day, and `replyMinutes`, the reply
 *     time of each reply sent that day that answered the visitor, in whole minutes
 *     from the visitor's latest message (the enquiry itself for a first reply;
 *     `waitingSince` in shared/work/enquiry-work.ts). A list is fine at this
 *     scale: a centre answers tens of enquiries a day, the benchmark's 288 a day
 *     make an item of about 1.5 KB, far below DynamoDB's 400 KB; a much busier
 *     site would keep a histogram of minutes instead. (Before visitors could
 *     write again, only first replies were timed, from receipt: the same rule
 *     for them, so older days read the same.)
 * - `totals`: `open`, every open enquiry whenever received. Open enquiries older
 *   than the last 30 days are `totals.open` less the last 30 days' `open`, so
 *   the age buckets read 30 day items and this one, never the enquiries.
 *
 * The hooks are called after the enquiry itself is written and never fail the
 * request: without transactions (the emulator has none) a failure between the
 * two leaves a figure one off, logged, never an enquiry lost or a change refused.
 */
import {
  type DashboardData,
  type DashboardPeriod,
  type DayFigures,
  REPLY_TIME_WINDOW_DAYS,
  type MonthFigures,
  type MonthlyReport,
  MONTHLY_CSV_COLUMNS,
  MONTHLY_CSV_TOTAL,
  OPEN_AGE_BUCKETS,
  daysEnding,
  daysOfMonth,
  emptyLocales,
  emptySections,
  median,
  monthOf,
  previousMonth,
} from '../../shared/dashboard/dashboard';
import { CSV_BOM, csvLine } from '../../shared/exports/csv';
import { OPEN_STATUSES, type EnquiryStatus } from '../../shared/work/enquiry-work';
import { SECTION_VALUES } from '../../shared/enquiries/enums';
import { formatKoreaDate } from '../../shared/korea-time';
import { LOCALE_CODES } from '../../shared/locales';
import type { AppDeps } from '../deps';
import { translatedCharsCounter } from '../translation/daily-chars';
import type { AggregateChange, AggregateItem } from './ports';
import type { StoredEnquiry } from '../enquiries/ports';

export type AggregateDeps = Pick<AppDeps, 'aggregates' | 'log'>;
export type DashboardReadDeps = Pick<AppDeps, 'aggregates' | 'clock'>;
/** The dashboard page reads the day's machine-translation counter too (one item), the very one the translation job caps on. */
export type DashboardPageDeps = DashboardReadDeps & Pick<AppDeps, 'counters' | 'settings'>;

/** Item keys and attribute names of the aggregates table. */
export const AGGREGATE = {
  dayKey: (day: string) => `day:${day}`,
  totalsKey: 'totals',
  received: 'received',
  section: (section: string) => `section:${section}`,
  locale: (locale: string) => `locale:${locale}`,
  open: 'open',
  firstReplies: 'firstReplies',
  replyMinutes: 'replyMinutes',
} as const;

/** Days whose open counts are read one by one (the start of the last, open-ended age bucket). */
const OPEN_AGE_RECENT_DAYS = OPEN_AGE_BUCKETS.at(-1)?.from ?? 30;

const isOpen = (status: EnquiryStatus | undefined) => OPEN_STATUSES.includes(status ?? 'new');
const koreaDayOf = (iso: string) => formatKoreaDate(Date.parse(iso));

async function applyAll(deps: AggregateDeps, what: string, changes: [string, AggregateChange][]): Promise<void> {
  try {
    await Promise.all(changes.map(([key, change]) => deps.aggregates.update(key, change)));
  } catch (error) {
    deps.log.warn('dashboard figures not updated', {
      what,
      errorName: error instanceof Error ? error.name : typeof error,
    });
  }
}

/**
 * Counts a stored enquiry on its Korea-time day (suspected spam is not
 * counted); `-1` takes one out again (merged into another: a pair counts once).
 */
export async function countReceived(
  deps: AggregateDeps,
  enquiry: Pick<StoredEnquiry, 'RECEIVED_AT' | 'MEDICAL_SECTION' | 'LOCALE' | 'SPAM' | 'STATUS'>,
  sign: 1 | -1 = 1,
): Promise<void> {
  if (enquiry.SPAM) return;
  const open = isOpen(enquiry.STATUS);
  const changes: [string, AggregateChange][] = [
    [
      AGGREGATE.dayKey(koreaDayOf(enquiry.RECEIVED_AT)),
      {
        add: {
          [AGGREGATE.received]: sign,
          [AGGREGATE.section(enquiry.MEDICAL_SECTION)]: sign,
          [AGGREGATE.locale(enquiry.LOCALE)]: sign,
          ...(open ? { [AGGREGATE.open]: sign } : {}),
        },
      },
    ],
  ];
  if (open) changes.push([AGGREGATE.totalsKey, { add: { [AGGREGATE.open]: sign } }]);
  await applyAll(deps, 'received', changes);
}

/** Moves an enquiry in or out of the open counts when its status crosses between open and not. */
export async function countStatusChange(
  deps: AggregateDeps,
  receivedAt: string,
  from: EnquiryStatus,
  to: EnquiryStatus,
): Promise<void> {
  const delta = (isOpen(to) ? 1 : 0) - (isOpen(from) ? 1 : 0);
  if (delta === 0) return;
  const change: AggregateChange = { add: { [AGGREGATE.open]: delta } };
  await applyAll(deps, 'status', [
    [AGGREGATE.dayKey(koreaDayOf(receivedAt)), change],
    [AGGREGATE.totalsKey, change],
  ]);
}

/**
 * An enquiry removed (by the retention job or an erasure) leaves the open
 * counts if it was open. What was received and replied stays counted: those
 * figures name no one, and a past month's report must not change because its
 * enquiries have since been removed.
 */
export async function countRemoved(
  deps: AggregateDeps,
  enquiry: Pick<StoredEnquiry, 'RECEIVED_AT' | 'SPAM' | 'STATUS'>,
): Promise<void> {
  if (enquiry.SPAM || !isOpen(enquiry.STATUS)) return;
  const change: AggregateChange = { add: { [AGGREGATE.open]: -1 } };
  await applyAll(deps, 'removed', [
    [AGGREGATE.dayKey(koreaDayOf(enquiry.RECEIVED_AT)), change],
    [AGGREGATE.totalsKey, change],
  ]);
}

/**
 * Records a reply that answered the visitor on the Korea-time day it was
 * sent, with its time from `waitingSince` (the visitor's latest message);
 * `first`: the enquiry's first reply, counted among the day's first replies too.
 */
export async function countReply(
  deps: AggregateDeps,
  waitingSince: string,
  repliedAt: number,
  first: boolean,
): Promise<void> {
  const minutes = Math.max(0, Math.round((repliedAt - Date.parse(waitingSince)) / 60_000));
  await applyAll(deps, 'reply', [
    [
      AGGREGATE.dayKey(formatKoreaDate(repliedAt)),
      { ...(first ? { add: { [AGGREGATE.firstReplies]: 1 } } : {}), append: { [AGGREGATE.replyMinutes]: [minutes] } },
    ],
  ]);
}

// --- Reading ---------------------------------------------------------------------------------

const counter = (item: AggregateItem | undefined, name: string) => item?.counters[name] ?? 0;

function dayFigures(day: string, item: AggregateItem | undefined): DayFigures {
  const sections = emptySections();
  for (const section of SECTION_VALUES) sections[section] = counter(item, AGGREGATE.section(section));
  const locales = emptyLocales();
  for (const code of LOCALE_CODES) locales[code] = counter(item, AGGREGATE.locale(code));
  return {
    day,
    received: counter(item, AGGREGATE.received),
    sections,
    locales,
    firstReplies: counter(item, AGGREGATE.firstReplies),
  };
}

const replyMinutesOf = (item: AggregateItem | undefined) => item?.lists[AGGREGATE.replyMinutes] ?? [];

function sum(days: readonly DayFigures[]): Omit<DayFigures, 'day'> {
  const total = { received: 0, sections: emptySections(), locales: emptyLocales(), firstReplies: 0 };
  for (const figures of days) {
    total.received += figures.received;
    total.firstReplies += figures.firstReplies;
    for (const section of SECTION_VALUES) total.sections[section] += figures.sections[section];
    for (const code of LOCALE_CODES) total.locales[code] += figures.locales[code];
  }
  return total;
}

function monthFigures(month: string, days: readonly string[], items: Map<string, AggregateItem>): MonthFigures {
  const figures = sum(days.map((day) => dayFigures(day, items.get(AGGREGATE.dayKey(day)))));
  const minutes = days.flatMap((day) => replyMinutesOf(items.get(AGGREGATE.dayKey(day))));
  return { month, ...figures, medianReplyMinutes: median(minutes) };
}

/** The days of a month up to `today` (all of them for a past month). */
const monthDaysUpTo = (month: string, today: string) => daysOfMonth(month).filter((day) => day <= today);

/**
 * Everything `GET /api/dashboard` shows, from at most `days` + 62 day items
 * and the totals item, and today's machine-translation counter.
 */
export async function readDashboard(deps: DashboardPageDeps, days: DashboardPeriod): Promise<DashboardData> {
  const today = formatKoreaDate(deps.clock.now());
  const window = daysEnding(today, days);
  // The open-age buckets end at 30 days: older ones are the total less the last 30 days'.
  const recent = daysEnding(today, OPEN_AGE_RECENT_DAYS);
  const thisMonth = monthOf(today);
  const lastMonth = previousMonth(thisMonth);
  const currentDays = monthDaysUpTo(thisMonth, today);
  const previousDays = daysOfMonth(lastMonth);
  const keys = [...new Set([...window, ...recent, ...currentDays, ...previousDays])].map(AGGREGATE.dayKey);
  const [items, translatedChars] = await Promise.all([
    deps.aggregates.getMany([...keys, AGGREGATE.totalsKey]),
    deps.counters.read(translatedCharsCounter(today)),
  ]);
  const itemOf = (day: string) => items.get(AGGREGATE.dayKey(day));

  const series = window.map((day) => dayFigures(day, itemOf(day)));

  // Open by age: `recent` is the last 30 days, today last; anything older is the total less these.
  const openTotal = Math.max(0, counter(items.get(AGGREGATE.totalsKey), AGGREGATE.open));
  const openByAge = recent.map((day) => Math.max(0, counter(itemOf(day), AGGREGATE.open))).reverse();
  const buckets = OPEN_AGE_BUCKETS.map(({ key, from, to }) => ({
    key,
    count:
      to === undefined
        ? Math.max(0, openTotal - openByAge.reduce((a, b) => a + b, 0))
        : openByAge.slice(from, to).reduce((a, b) => a + b, 0),
  }));

  const replyDays = daysEnding(today, REPLY_TIME_WINDOW_DAYS);
  const minutes = replyDays.flatMap((day) => replyMinutesOf(itemOf(day)));

  return {
    today,
    days,
    series,
    totals: sum(series),
    open: { total: openTotal, buckets },
    replyTime: { days: REPLY_TIME_WINDOW_DAYS, medianMinutes: median(minutes), count: minutes.length },
    months: {
      current: monthFigures(thisMonth, currentDays, items),
      previous: monthFigures(lastMonth, previousDays, items),
    },
    translation: { chars: translatedChars, cap: deps.settings.TRANSLATE_DAILY_CHARS },
  };
}

/** A month's report (the current month up to today), from at most 31 day items. */
export async function readMonthlyReport(deps: DashboardReadDeps, month: string): Promise<MonthlyReport> {
  const days = monthDaysUpTo(month, formatKoreaDate(deps.clock.now()));
  const items = await deps.aggregates.getMany(days.map(AGGREGATE.dayKey));
  return {
    month,
    days: days.map((day) => ({
      ...dayFigures(day, items.get(AGGREGATE.dayKey(day))),
      medianReplyMinutes: median(replyMinutesOf(items.get(AGGREGATE.dayKey(day)))),
    })),
    total: monthFigures(month, days, items),
  };
}

/** The monthly report as CSV (shared/exports/csv.ts: UTF-8 with BOM, CRLF, formula-safe): a row per day, then the month. */
export function monthlyReportCsv(report: MonthlyReport): string {
  const row = (label: string, figures: Omit<DayFigures, 'day'> & { medianReplyMinutes: number | null }) =>
    csvLine([
      label,
      figures.received,
      ...SECTION_VALUES.map((section) => figures.sections[section]),
      ...LOCALE_CODES.map((code) => figures.locales[code]),
      figures.firstReplies,
      figures.medianReplyMinutes ?? '',
    ]);
  return [
    CSV_BOM + csvLine(MONTHLY_CSV_COLUMNS),
    ...report.days.map((day) => row(day.day, day)),
    row(MONTHLY_CSV_TOTAL, report.total),
  ].join('');
}
