/**
 * The staff dashboard: what `GET /api/dashboard` answers and the monthly
 * report's CSV columns, with the small pure helpers both sides use (Korea-time
 * days and months, the median, open-by-age buckets). No schema library here
 * (the staff app imports this file); the query schemas are in dashboard-schema.ts.
 *
 * Every figure comes from aggregates kept on write (one item per Korea-time
 * day, plus running totals), so the dashboard reads a bounded number of items
 * whatever the number of enquiries.
 */
import { SECTION_VALUES, type Section } from '../enquiries/enums';
import { LOCALE_CODES, type LocaleCode } from '../locales';

/** The periods the charts show, in days ending today (Korea time). */
export const DASHBOARD_PERIODS = [30, 90] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = 30;

/**
 * The median reply time is over this many days, whatever period the charts
 * show. A reply time is the minutes from the visitor's latest message to the
 * staff reply that answered it (shared/work/enquiry-work.ts `waitingSince`):
 * from the enquiry itself for its first reply, from the visitor's next
 * message for a later one; a reply to nothing new is not timed.
 */
export const REPLY_TIME_WINDOW_DAYS = 30;

/**
 * Open enquiries by age, in whole Korea-time calendar days since the day
 * received (0 = received today): [from, to) in days; the last has no end.
 */
export const OPEN_AGE_BUCKETS = [
  { key: 'under1', from: 0, to: 1 },
  { key: 'from1to3', from: 1, to: 3 },
  { key: 'from3to7', from: 3, to: 7 },
  { key: 'from7to30', from: 7, to: 30 },
  { key: 'over30', from: 30, to: undefined },
] as const;
export type OpenAgeBucket = (typeof OPEN_AGE_BUCKETS)[number]['key'];

export type SectionCounts = Record<Section, number>;
export type LocaleCounts = Record<LocaleCode, number>;

/** One Korea-time day: enquiries received (not suspected spam), by section and page language, and first replies sent that day. */
export interface DayFigures {
  /** `YYYY-MM-DD`, Korea time. */
  day: string;
  received: number;
  sections: SectionCounts;
  locales: LocaleCounts;
  firstReplies: number;
}

/** A calendar month, or the part of it up to today. */
export interface MonthFigures {
  /** `YYYY-MM`. */
  month: string;
  received: number;
  sections: SectionCounts;
  locales: LocaleCounts;
  firstReplies: number;
  /** Median reply time in minutes, of the replies sent that month that answered the visitor (REPLY_TIME_WINDOW_DAYS); `null` with none. */
  medianReplyMinutes: number | null;
}

export interface DashboardData {
  /** Today, `YYYY-MM-DD` Korea time: the last day of the series. */
  today: string;
  days: DashboardPeriod;
  /** One entry per day, oldest first, `days` of them ending today. */
  series: DayFigures[];
  /** The series summed. */
  totals: Omit<DayFigures, 'day'>;
  open: { total: number; buckets: { key: OpenAgeBucket; count: number }[] };
  /** The median reply time over the last REPLY_TIME_WINDOW_DAYS, and how many replies it rests on. */
  replyTime: { days: typeof REPLY_TIME_WINDOW_DAYS; medianMinutes: number | null; count: number };
  /** This month so far, and last month. */
  months: { current: MonthFigures; previous: MonthFigures };
  /** Today's machine translation: characters sent to the engine against the daily cap (TRANSLATE_DAILY_CHARS). */
  translation: TranslationUse;
}

/** A Korea-time day's characters sent to machine translation, and the cap past which translations wait for the next day. */
export interface TranslationUse {
  chars: number;
  cap: number;
}

/** Whether the day's cap is reached: the job caps a translation that would go past it, so at the cap nothing more is sent today. */
export const translationCapReached = (use: TranslationUse): boolean => use.chars >= use.cap;

/** The monthly report: every day of the month and the month as a whole. */
export interface MonthlyReport {
  month: string;
  days: (DayFigures & { medianReplyMinutes: number | null })[];
  total: MonthFigures;
}

export const emptySections = (): SectionCounts =>
  Object.fromEntries(SECTION_VALUES.map((section) => [section, 0])) as SectionCounts;
export const emptyLocales = (): LocaleCounts =>
  Object.fromEntries(LOCALE_CODES.map((code) => [code, 0])) as LocaleCounts;

/** The median of the values (the mean of the two middle ones for an even count); `null` for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? null) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;

function dayToUtc(day: string): number {
  const match = DAY.exec(day);
  if (!match) throw new RangeError(`Not a day: ${day}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

const utcToDay = (utc: number) => new Date(utc).toISOString().slice(0, 10);

/** The calendar day `count` days after `day` (before, when negative). */
export function addDays(day: string, count: number): string {
  return utcToDay(dayToUtc(day) + count * DAY_MS);
}

/** Whole calendar days from `earlier` to `later`. */
export function daysBetween(earlier: string, later: string): number {
  return Math.round((dayToUtc(later) - dayToUtc(earlier)) / DAY_MS);
}

/** The `count` days ending with `lastDay`, oldest first. */
export function daysEnding(lastDay: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(lastDay, i - count + 1));
}

/** Whether the text is a real month `YYYY-MM`. */
export function isMonth(text: string): boolean {
  const match = MONTH.exec(text);
  return match !== null && Number(match[2]) >= 1 && Number(match[2]) <= 12;
}

/** Every day of a month `YYYY-MM`, first to last. */
export function daysOfMonth(month: string): string[] {
  const match = MONTH.exec(month);
  if (!match || !isMonth(month)) throw new RangeError(`Not a month: ${month}`);
  const [year, index] = [Number(match[1]), Number(match[2]) - 1];
  const length = new Date(Date.UTC(year, index + 1, 0)).getUTCDate();
  return Array.from({ length }, (_, i) => utcToDay(Date.UTC(year, index, i + 1)));
}

/** The month before `YYYY-MM`. */
export function previousMonth(month: string): string {
  const first = daysOfMonth(month)[0] ?? `${month}-01`;
  return addDays(first, -1).slice(0, 7);
}

/** `YYYY-MM` of a day `YYYY-MM-DD`. */
export const monthOf = (day: string): string => day.slice(0, 7);

/** The first month a monthly report may be asked for. */
export const FIRST_REPORT_MONTH = '2000-01';

/** The monthly report's file name. */
export const monthlyReportFileName = (month: string): string => `dashboard_${month}.csv`;

/** The monthly report's CSV columns: the day, what was received (by section, by page language), first replies, the median reply time. */
export const MONTHLY_CSV_COLUMNS = [
  'date',
  'received',
  ...SECTION_VALUES,
  ...LOCALE_CODES.map((code) => `locale_${code}`),
  'first_replies',
  'median_reply_minutes',
] as const;

/** The label of the monthly report's last row, the month as a whole. */
export const MONTHLY_CSV_TOTAL = 'total';
