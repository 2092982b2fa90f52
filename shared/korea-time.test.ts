import { describe, expect, it } from 'vitest';
import {
  endOfKoreaDay,
  formatKoreaDate,
  formatKoreaDateTime,
  isPastKoreaTime,
  isKoreaDay,
  parseKoreaDateTime,
  startOfKoreaDay,
} from './korea-time';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const utc = (iso: string) => Date.parse(iso);

describe('formatKoreaDateTime and formatKoreaDate', () => {
  it('moves an instant after 15:00 UTC to the next Korean day', () => {
    expect(formatKoreaDateTime(utc('2026-11-22T15:30:00Z'))).toBe('2026-11-23 00:30');
    expect(formatKoreaDate(utc('2026-11-22T15:30:00Z'))).toBe('2026-11-23');
  });

  it('keeps an instant before 15:00 UTC on the same day', () => {
    expect(formatKoreaDateTime(utc('2026-11-22T14:59:00Z'))).toBe('2026-11-22 23:59');
    expect(formatKoreaDate(utc('2026-11-22T14:59:59.999Z'))).toBe('2026-11-22');
  });

  it('is exactly at Korean midnight at 15:00 UTC', () => {
    expect(formatKoreaDateTime(utc('2026-11-22T15:00:00Z'))).toBe('2026-11-23 00:00');
    expect(formatKoreaDate(utc('2026-11-22T15:00:00Z'))).toBe('2026-11-23');
  });

  it('shows UTC midnight as 09:00 the same day', () => {
    expect(formatKoreaDateTime(utc('2026-11-22T00:00:00Z'))).toBe('2026-11-22 09:00');
  });

  it('crosses month and year ends', () => {
    expect(formatKoreaDateTime(utc('2026-12-31T15:00:00Z'))).toBe('2027-01-01 00:00');
    expect(formatKoreaDateTime(utc('2028-02-28T15:01:00Z'))).toBe('2028-02-29 00:01');
    expect(formatKoreaDateTime(utc('2026-02-28T15:01:00Z'))).toBe('2026-03-01 00:01');
  });

  it('accepts a Date as well as epoch milliseconds, and drops seconds', () => {
    expect(formatKoreaDateTime(new Date('2026-06-01T03:04:59Z'))).toBe('2026-06-01 12:04');
    expect(formatKoreaDate(new Date('2026-06-01T03:04:59Z'))).toBe('2026-06-01');
  });

  it('pads single digits and the year', () => {
    expect(formatKoreaDateTime(utc('2026-01-01T00:05:00Z'))).toBe('2026-01-01 09:05');
    expect(formatKoreaDate(Date.UTC(999, 0, 1, 0, 0))).toBe('0999-01-01');
  });

  it('does not depend on the machine time zone (no daylight saving in Korea)', () => {
    // A summer and a winter instant are both UTC+9.
    expect(formatKoreaDateTime(utc('2026-07-01T00:00:00Z'))).toBe('2026-07-01 09:00');
    expect(formatKoreaDateTime(utc('2026-01-01T00:00:00Z'))).toBe('2026-01-01 09:00');
  });
});

describe('parseKoreaDateTime', () => {
  it('reads a date-time as Korea time', () => {
    expect(parseKoreaDateTime('2026-11-23 00:30')).toBe(utc('2026-11-22T15:30:00Z'));
    expect(parseKoreaDateTime('2026-11-23 09:00')).toBe(utc('2026-11-23T00:00:00Z'));
  });

  it('reads a date alone as the start of that Korean day', () => {
    expect(parseKoreaDateTime('2026-11-23')).toBe(utc('2026-11-22T15:00:00Z'));
  });

  it('round-trips with formatKoreaDateTime and formatKoreaDate', () => {
    for (const text of ['2026-11-23 00:30', '2026-01-01 00:00', '2026-12-31 23:59', '2028-02-29 12:00']) {
      const instant = parseKoreaDateTime(text);
      expect(instant).toBeDefined();
      expect(formatKoreaDateTime(instant ?? Number.NaN)).toBe(text);
    }
    for (const day of ['2026-11-23', '2027-01-01', '2028-02-29']) {
      expect(formatKoreaDate(parseKoreaDateTime(day) ?? Number.NaN)).toBe(day);
    }
    const instant = utc('2026-05-05T05:05:00Z');
    expect(parseKoreaDateTime(formatKoreaDateTime(instant))).toBe(instant);
  });

  it('applies the leap-day rules', () => {
    expect(parseKoreaDateTime('2028-02-29')).toBeDefined();
    expect(parseKoreaDateTime('2028-02-29 23:59')).toBeDefined();
    expect(parseKoreaDateTime('2000-02-29')).toBeDefined();
    expect(parseKoreaDateTime('2026-02-29')).toBeUndefined();
    expect(parseKoreaDateTime('2100-02-29')).toBeUndefined();
    expect(parseKoreaDateTime('2028-02-30')).toBeUndefined();
  });

  it.each([
    '2026-02-30',
    '2026-04-31',
    '2026-00-10',
    '2026-13-01',
    '2026-01-00',
    '2026-01-32',
    '2026-01-01 24:00',
    '2026-01-01 12:60',
    '2026-01-01 99:99',
    '2026/01/01',
    '2026-1-01',
    '26-01-01',
    '2026-01-01T10:00',
    '2026-01-01 10:00:00',
    '2026-01-01 10:00Z',
    ' 2026-01-01',
    '2026-01-01 ',
    '2026-01-01  10:00',
    '',
    'not a date',
  ])('refuses %j', (text) => {
    expect(parseKoreaDateTime(text)).toBeUndefined();
  });

  it('accepts the edges of the clock', () => {
    expect(parseKoreaDateTime('2026-01-01 00:00')).toBe(utc('2025-12-31T15:00:00Z'));
    expect(parseKoreaDateTime('2026-01-01 23:59')).toBe(utc('2026-01-01T14:59:00Z'));
  });
});

describe('isKoreaDay', () => {
  it('accepts real days only, without a time', () => {
    expect(isKoreaDay('2026-11-23')).toBe(true);
    expect(isKoreaDay('2028-02-29')).toBe(true);
    expect(isKoreaDay('2026-02-29')).toBe(false);
    expect(isKoreaDay('2026-11-23 10:00')).toBe(false);
    expect(isKoreaDay('2026/11/23')).toBe(false);
  });
});

describe('startOfKoreaDay and endOfKoreaDay', () => {
  it('spans the Korean day: [15:00 UTC the day before, 15:00 UTC the day itself)', () => {
    expect(startOfKoreaDay('2026-11-23')).toBe(utc('2026-11-22T15:00:00Z'));
    expect(endOfKoreaDay('2026-11-23')).toBe(utc('2026-11-23T15:00:00Z'));
    expect(endOfKoreaDay('2026-11-23') - startOfKoreaDay('2026-11-23')).toBe(DAY);
  });

  it('agrees with formatKoreaDate at both edges', () => {
    const start = startOfKoreaDay('2026-03-01');
    const end = endOfKoreaDay('2026-03-01');
    expect(formatKoreaDate(start)).toBe('2026-03-01');
    expect(formatKoreaDate(start - 1)).toBe('2026-02-28');
    expect(formatKoreaDate(end - 1)).toBe('2026-03-01');
    expect(formatKoreaDate(end)).toBe('2026-03-02');
  });

  it('covers a leap day', () => {
    expect(endOfKoreaDay('2028-02-29')).toBe(startOfKoreaDay('2028-03-01'));
  });

  it.each(['2026-02-29', '2026-11-23 10:00', '2026/11/23', '', 'today'])('throws a RangeError for %j', (text) => {
    expect(() => startOfKoreaDay(text)).toThrow(RangeError);
    expect(() => endOfKoreaDay(text)).toThrow(RangeError);
  });
});

describe('isPastKoreaTime', () => {
  const GRACE = 5 * 60 * 1000;
  // 2026-11-23 10:00 in Korea.
  const now = utc('2026-11-23T01:00:00Z');

  it('refuses a reservation time days in the past (2026-11-20 10:00, three days ago)', () => {
    expect(isPastKoreaTime('2026-11-20 10:00', now, GRACE)).toBe(true);
  });

  it('takes a time within the grace, and refuses one just beyond it', () => {
    expect(isPastKoreaTime('2026-11-23 09:55', now, GRACE)).toBe(false);
    expect(isPastKoreaTime('2026-11-23 09:54', now, GRACE)).toBe(true);
    expect(isPastKoreaTime('2026-11-23 10:00', now, GRACE)).toBe(false);
    expect(isPastKoreaTime('2026-11-23 10:01', now, GRACE)).toBe(false);
    expect(isPastKoreaTime('2026-11-23 09:59', now, 0)).toBe(true);
  });

  it('reads the date-time input form with a T as well', () => {
    expect(isPastKoreaTime('2026-11-20T10:00', now, GRACE)).toBe(true);
    expect(isPastKoreaTime('2026-12-01T10:00', now, GRACE)).toBe(false);
  });

  it('judges a date alone by the Korea-time day: today is never past, yesterday is', () => {
    expect(isPastKoreaTime('2026-11-23', now, GRACE)).toBe(false);
    expect(isPastKoreaTime('2026-11-22', now, GRACE)).toBe(true);
    expect(isPastKoreaTime('2026-11-24', now, GRACE)).toBe(false);
  });

  it('keeps yesterday for the grace after Korean midnight, measured in Korea and not on the visitor clock', () => {
    // 00:03 in Korea is still 15:03 UTC of the day before.
    const justAfterMidnight = utc('2026-11-22T15:03:00Z');
    expect(isPastKoreaTime('2026-11-22', justAfterMidnight, GRACE)).toBe(false);
    expect(isPastKoreaTime('2026-11-22', justAfterMidnight + GRACE, GRACE)).toBe(true);
    expect(isPastKoreaTime('2026-11-23', justAfterMidnight, GRACE)).toBe(false);
  });

  it('leaves text that is not a date to the format check', () => {
    for (const text of ['', 'tomorrow', '2026-02-30', '2026-11-20 24:00', '20/11/2026'])
      expect(isPastKoreaTime(text, now, GRACE), text).toBe(false);
  });
});
