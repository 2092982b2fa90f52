/**
 * Korea time (Asia/Seoul) helpers. Korea has kept UTC+9 without daylight
 * saving since 1988, so a fixed offset is exact for every date we handle and
 * avoids shipping time-zone data to the browser.
 */
const KOREA_OFFSET_MS = 9 * 60 * 60 * 1000;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** `YYYY-MM-DD HH:mm` in Korea time, the format of `DATE` and reservation times. */
export function formatKoreaDateTime(instant: Date | number): string {
  const shifted = new Date(new Date(instant).getTime() + KOREA_OFFSET_MS);
  return `${formatUtcDay(shifted)} ${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}`;
}

/** `YYYY-MM-DD` of the Korea-time calendar day the instant falls on. */
export function formatKoreaDate(instant: Date | number): string {
  return formatUtcDay(new Date(new Date(instant).getTime() + KOREA_OFFSET_MS));
}

function formatUtcDay(date: Date): string {
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

function validCalendarDate(year: number, month: number, day: number): boolean {
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

/**
 * Parses `YYYY-MM-DD HH:mm` or `YYYY-MM-DD` as Korea time and returns the
 * instant in epoch milliseconds, or `undefined` when the text is not a real
 * date (wrong shape, 2026-02-30, 24:00, ...). A date alone means its start.
 */
export function parseKoreaDateTime(text: string): number | undefined {
  const dateTime = DATE_TIME.exec(text);
  const dateOnly = dateTime ? undefined : DATE_ONLY.exec(text);
  const match = dateTime ?? dateOnly;
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const hours = dateTime ? Number(dateTime[4]) : 0;
  const minutes = dateTime ? Number(dateTime[5]) : 0;
  if (!validCalendarDate(year, month, day) || hours > 23 || minutes > 59) return undefined;
  return Date.UTC(year, month - 1, day, hours, minutes) - KOREA_OFFSET_MS;
}

/** Whether the text is a `YYYY-MM-DD` Korea-time day. */
export function isKoreaDay(text: string): boolean {
  return DATE_ONLY.test(text) && parseKoreaDateTime(text) !== undefined;
}

/** First instant (epoch ms) of a Korea-time day given as `YYYY-MM-DD`. */
export function startOfKoreaDay(day: string): number {
  const start = DATE_ONLY.test(day) ? parseKoreaDateTime(day) : undefined;
  if (start === undefined) throw new RangeError(`Not a day: ${day}`);
  return start;
}

/** First instant (epoch ms) after a Korea-time day given as `YYYY-MM-DD`. */
export function endOfKoreaDay(day: string): number {
  return startOfKoreaDay(day) + 24 * 60 * 60 * 1000;
}

/**
 * Whether a reservation time lies in the past in Korea, by more than
 * `graceMs`. `value` is `YYYY-MM-DD HH:mm` (or the date-time input's
 * `YYYY-MM-DDTHH:mm`): past once that minute is more than the grace ago; or
 * `YYYY-MM-DD` (a hotel date): past once that whole Korea-time day has ended
 * more than the grace ago, so today is never past. Text that is not a date
 * is not judged here (`false`): the format check says so.
 */
export function isPastKoreaTime(value: string, now: number, graceMs: number): boolean {
  const text = value.trim().replace(/^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/, '$1 $2');
  const instant = parseKoreaDateTime(text);
  if (instant === undefined) return false;
  const endsAt = DATE_ONLY.test(text) ? instant + 24 * 60 * 60 * 1000 : instant;
  return endsAt < now - graceMs;
}
