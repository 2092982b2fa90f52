/**
 * The dashboard's aggregates with in-memory fakes and a clock moved by hand:
 * enquiries counted on their Korea-time day (never suspected spam), open
 * counts moved by status changes, first replies and their median, the bounded
 * read behind `GET /api/dashboard`, the monthly report and its CSV, and the
 * routes' validation and access log.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  MONTHLY_CSV_COLUMNS,
  type DashboardData,
  addDays,
  daysBetween,
  daysEnding,
  daysOfMonth,
  median,
  previousMonth,
} from '../../shared/dashboard/dashboard';
import { HONEYPOT_FIELD } from '../../shared/intake/form-fields';
import { makeDashboardCsvHandler, makeDashboardHandler } from './dashboard-handler';
import { makeReplyHandler, makeWorkHandler } from '../work/enquiry-work-handler';
import { makeSendmailHandler } from '../intake/sendmail-handler';
import { AGGREGATE, countReceived, countStatusChange, readDashboard } from './dashboard';
import { eraseSubject } from '../privacy/erasure';
import { translateDue } from '../translation/translation-work';
import { tokenWithRole } from '../../tests/support/staff-accounts';
import { parseCsv } from '../../tests/support/csv';
import { type FakeDeps, apiEvent, bodyOf, fakeDeps, jsonPost } from '../../tests/support/fakes';

const STAFF = 'anna@centre.example';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let deps: FakeDeps;
let token: string;
let sent = 0;

/** Korea time is UTC+9: `kst('2026-11-23 00:00')` is 2026-11-22 15:00 UTC. */
const kst = (text: string) => Date.parse(`${text.replace(' ', 'T')}:00+09:00`);

function enquiry(overrides: Record<string, unknown> = {}) {
  return {
    user_name: 'Li Wei',
    user_email: 'li.wei@example.test',
    section: '병원예약',
    consent_privacy: true,
    consent_health: true,
    page_locale: 'zh',
    ...overrides,
  };
}

async function send(overrides: Record<string, unknown> = {}): Promise<number> {
  sent += 1;
  const response = await makeSendmailHandler(deps)(
    jsonPost('/api/sendmail', enquiry({ user_email: `visitor${sent}@example.test`, ...overrides })),
  );
  expect(response.statusCode).toBe(200);
  return Math.max(...deps.enquiries.items.keys());
}

const staffHeaders = () => ({ headers: { authorization: `Bearer ${token}` } });
const versionOf = async (index: number) => (await deps.enquiries.get(index))?.VERSION ?? 0;
async function work(index: number, status: string) {
  const response = await makeWorkHandler(deps)(
    jsonPost('/api/enquiry/work', { index, version: await versionOf(index), status }, staffHeaders()),
  );
  expect(response.statusCode).toBe(200);
}
async function reply(index: number) {
  const response = await makeReplyHandler(deps)(
    jsonPost(
      '/api/enquiry/reply',
      { index, version: await versionOf(index), subject: 'Your enquiry', body: 'Hello' },
      staffHeaders(),
    ),
  );
  expect(response.statusCode).toBe(200);
}

const day = (date: string) => deps.aggregates.items.get(AGGREGATE.dayKey(date));
const counters = (date: string) => day(date)?.counters ?? {};
const totalsOpen = () => deps.aggregates.items.get(AGGREGATE.totalsKey)?.counters[AGGREGATE.open] ?? 0;

async function dashboard(query: Record<string, string> = {}) {
  return makeDashboardHandler(deps)(apiEvent({ method: 'GET', path: '/api/dashboard', query, ...staffHeaders() }));
}
async function dashboardData(days: 30 | 90 = 30): Promise<DashboardData> {
  const response = await dashboard({ days: String(days) });
  expect(response.statusCode).toBe(200);
  return bodyOf(response) as DashboardData;
}

/** Signs a fresh token at the clock's time (tokens live 8 hours; tests move the clock by days). */
async function freshToken() {
  token = await tokenWithRole(deps, STAFF, 'staff');
}

beforeEach(async () => {
  deps = fakeDeps({
    start: kst('2026-11-20 10:00'),
    settings: { SEND_LIMIT_PER_MINUTE: 10_000, SEND_LIMIT_PER_DAY: 10_000 },
  });
  sent = 0;
  await freshToken();
});

describe('days and months in Korea time', () => {
  it('steps over month and year ends and leap days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(daysBetween('2026-11-01', '2026-12-01')).toBe(30);
    expect(daysEnding('2026-03-02', 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
    expect(daysOfMonth('2028-02')).toHaveLength(29);
    expect(daysOfMonth('2026-11').at(-1)).toBe('2026-11-30');
    expect(previousMonth('2027-01')).toBe('2026-12');
  });
});

describe('median', () => {
  it('takes the middle of an odd count and the mean of the two middles of an even count, in any order', () => {
    expect(median([30, 5, 12])).toBe(12);
    expect(median([40, 10, 20, 30])).toBe(25);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNull();
  });
});

describe('counting on receipt', () => {
  it('counts each enquiry on its Korea-time day, by section and page language, across midnight in Korea', async () => {
    // 23:59 in Korea on the 22nd is still the 22nd; one minute later it is the 23rd (15:00 UTC on the 22nd).
    deps.clock.set(kst('2026-11-22 23:59'));
    await send({ section: '컨시어지', destination: 'Airport', page_locale: 'ru' });
    deps.clock.set(kst('2026-11-23 00:00'));
    expect(new Date(deps.clock.now()).toISOString()).toBe('2026-11-22T15:00:00.000Z');
    await send({ page_locale: 'en' });
    await send({ page_locale: 'en' });
    expect(counters('2026-11-22')).toEqual({ received: 1, 'section:컨시어지': 1, 'locale:ru': 1, open: 1 });
    expect(counters('2026-11-23')).toEqual({ received: 2, 'section:병원예약': 2, 'locale:en': 2, open: 2 });
    expect(totalsOpen()).toBe(3);
  });

  it('never counts suspected spam', async () => {
    await send({ [HONEYPOT_FIELD]: 'http://spam.example' });
    await send({ [HONEYPOT_FIELD]: 'http://spam.example', form_fill_ms: 10 });
    const stored = [...deps.enquiries.items.values()];
    expect(stored.map((item) => item.SPAM)).toEqual([true, true]);
    expect(deps.aggregates.items.size).toBe(0);
    await countReceived(deps, { ...(stored[0] as NonNullable<(typeof stored)[number]>) });
    expect(deps.aggregates.items.size).toBe(0);
  });

  it('counts a resent submission once', async () => {
    const submission = { submission_id: '6f1c7c43-8f5e-4b9a-9d7c-0f4c6b8d2a11' };
    await send(submission);
    await send(submission);
    expect(deps.enquiries.items.size).toBe(1);
    expect(counters('2026-11-20')['received']).toBe(1);
  });

  it('still stores and mails the enquiry when the figures cannot be written, and logs it', async () => {
    deps.aggregates.failWith = new Error('throttled');
    await send();
    expect(deps.enquiries.items.size).toBe(1);
    expect(deps.mailer.sent.map((mail) => mail.to)).toContain(deps.settings.MAIL_TO);
    expect(deps.log.lines).toContainEqual(
      expect.objectContaining({ level: 'warn', message: 'dashboard figures not updated' }),
    );
  });
});

describe('open counts follow status changes', () => {
  it('moves an enquiry out of and back into the open counts of its received day', async () => {
    deps.clock.set(kst('2026-11-18 09:00'));
    const older = await send();
    deps.clock.set(kst('2026-11-20 09:00'));
    const newer = await send();
    await freshToken();
    expect([counters('2026-11-18')['open'], counters('2026-11-20')['open'], totalsOpen()]).toEqual([1, 1, 2]);

    // new -> in progress: still open.
    await work(older, 'in_progress');
    expect([counters('2026-11-18')['open'], totalsOpen()]).toEqual([1, 2]);
    // in progress -> closed: leaves the open counts of the 18th (where it was received), not of today.
    await work(older, 'closed');
    expect([counters('2026-11-18')['open'], counters('2026-11-20')['open'], totalsOpen()]).toEqual([0, 1, 1]);
    // closed -> new: back in.
    await work(older, 'new');
    expect([counters('2026-11-18')['open'], totalsOpen()]).toEqual([1, 2]);
    // answered by a reply: out again.
    await reply(newer);
    expect([counters('2026-11-20')['open'], totalsOpen()]).toEqual([0, 1]);
    // Nothing else was touched: what was received stays as it was.
    expect(counters('2026-11-18')['received']).toBe(1);
  });

  it('changes nothing when the status stays open or stays closed', async () => {
    await countStatusChange(deps, new Date(deps.clock.now()).toISOString(), 'new', 'in_progress');
    await countStatusChange(deps, new Date(deps.clock.now()).toISOString(), 'answered', 'closed');
    expect(deps.aggregates.items.size).toBe(0);
  });
});

describe('removed enquiries', () => {
  it('leave the open counts when erased, while what was received and answered stays counted', async () => {
    deps.clock.set(kst('2026-11-18 09:00'));
    await send({ user_email: 'leaving@example.test' });
    const answered = await send({ user_email: 'leaving@example.test' });
    await send({ user_email: 'staying@example.test' });
    deps.clock.set(kst('2026-11-18 10:00'));
    await freshToken();
    await reply(answered);
    expect([counters('2026-11-18')['open'], totalsOpen()]).toEqual([2, 2]);
    const outcome = await eraseSubject(deps, STAFF, 'leaving@example.test', 'visitor asked');
    expect(outcome.erased).toHaveLength(2);
    // One open and one answered enquiry erased: one fewer open; the day still received three and sent one first reply.
    expect(counters('2026-11-18')).toMatchObject({ received: 3, open: 1, firstReplies: 1 });
    expect(totalsOpen()).toBe(1);
  });
});

describe('first replies', () => {
  it('records the first reply on its Korea-time day with its minutes from receipt, once per enquiry', async () => {
    deps.clock.set(kst('2026-11-19 23:00'));
    const index = await send();
    // Replied 90 minutes later, after midnight in Korea: on the 20th.
    deps.clock.advance(90 * MINUTE);
    await freshToken();
    await reply(index);
    expect(counters('2026-11-20')).toEqual({ firstReplies: 1 });
    expect(day('2026-11-20')?.lists).toEqual({ replyMinutes: [90] });
    // A second reply to the same enquiry is not a first reply.
    deps.clock.advance(10 * MINUTE);
    await reply(index);
    expect(day('2026-11-20')?.lists).toEqual({ replyMinutes: [90] });
    expect(counters('2026-11-20')['firstReplies']).toBe(1);
  });
});

describe('GET /api/dashboard', () => {
  it('answers per-day series by section and language, totals, open by age, the 30-day median and this and last month', async () => {
    // Received: 40 days ago (Oct), 10 days ago, 5 days ago, 2 days ago and today (Korea time, today is 2026-11-20).
    const at = (daysAgo: number, time = '10:00') => kst(`${addDays('2026-11-20', -daysAgo)} ${time}`);
    const plan = [
      { daysAgo: 40, section: '호텔예약', extra: { hotel: 'Grand', finish: '2026-12-20' }, locale: 'ja' },
      { daysAgo: 10, section: '병원예약', extra: {}, locale: 'en' },
      { daysAgo: 5, section: '통역예약', extra: { destination: 'Airport' }, locale: 'vi' },
      { daysAgo: 2, section: '병원예약', extra: {}, locale: 'zh' },
      { daysAgo: 0, section: '병원예약', extra: {}, locale: 'ko' },
      { daysAgo: 0, section: '컨시어지', extra: { destination: 'Airport' }, locale: 'ko' },
    ];
    const indexes: number[] = [];
    for (const { daysAgo, section, extra, locale } of plan) {
      deps.clock.set(at(daysAgo));
      indexes.push(await send({ section, page_locale: locale, ...extra }));
    }
    // First replies: to the one of 40 days ago after 60 minutes (sent 40 days ago: outside the 30 days), to the one of
    // 10 days ago after 3 hours and to the one of 5 days ago after 30 minutes (both inside).
    deps.clock.set(at(40) + 60 * MINUTE);
    await freshToken();
    await reply(indexes[0] ?? 0);
    deps.clock.set(at(10) + 3 * HOUR);
    await freshToken();
    await reply(indexes[1] ?? 0);
    deps.clock.set(at(5) + 30 * MINUTE);
    await freshToken();
    await reply(indexes[2] ?? 0);
    deps.clock.set(kst('2026-11-20 18:00'));
    await freshToken();

    const data = await dashboardData(30);
    expect(data.today).toBe('2026-11-20');
    expect(data.days).toBe(30);
    expect(data.series).toHaveLength(30);
    expect(data.series[0]?.day).toBe('2026-10-22');
    expect(data.series.at(-1)).toMatchObject({
      day: '2026-11-20',
      received: 2,
      sections: { 병원예약: 1, 컨시어지: 1, 호텔예약: 0, 통역예약: 0 },
      locales: { ko: 2, en: 0 },
    });
    // The enquiry of 40 days ago is outside the 30 days.
    expect(data.totals).toMatchObject({
      received: 5,
      sections: { 병원예약: 3, 컨시어지: 1, 호텔예약: 0, 통역예약: 1 },
      locales: { en: 1, ko: 2, zh: 1, ru: 0, vi: 1, ja: 0 },
      firstReplies: 2,
    });
    // Open: today's two (under a day), 2 days ago (1-3); the 10- and 5-day-old ones and the 40-day-old one were answered.
    expect(data.open).toEqual({
      total: 3,
      buckets: [
        { key: 'under1', count: 2 },
        { key: 'from1to3', count: 1 },
        { key: 'from3to7', count: 0 },
        { key: 'from7to30', count: 0 },
        { key: 'over30', count: 0 },
      ],
    });
    // Two first replies in the last 30 days: 180 and 30 minutes.
    expect(data.replyTime).toEqual({ days: 30, medianMinutes: 105, count: 2 });
    expect(data.months.current).toMatchObject({
      month: '2026-11',
      received: 5,
      firstReplies: 2,
      medianReplyMinutes: 105,
    });
    expect(data.months.previous).toMatchObject({
      month: '2026-10',
      received: 1,
      sections: { 호텔예약: 1 },
      locales: { ja: 1 },
      firstReplies: 1,
      medianReplyMinutes: 60,
    });

    const ninety = await dashboardData(90);
    expect(ninety.series).toHaveLength(90);
    expect(ninety.totals.received).toBe(6);
    expect(ninety.replyTime.count).toBe(2);
  });

  it('puts enquiries left open for more than 30 days in the last bucket, from the running total', async () => {
    deps.clock.set(kst('2026-09-01 10:00'));
    await send();
    deps.clock.set(kst('2026-11-12 10:00'));
    await send();
    deps.clock.set(kst('2026-11-20 10:00'));
    await freshToken();
    const { open } = await dashboardData();
    expect(open.total).toBe(2);
    expect(Object.fromEntries(open.buckets.map((bucket) => [bucket.key, bucket.count]))).toEqual({
      under1: 0,
      from1to3: 0,
      from3to7: 0,
      from7to30: 1,
      over30: 1,
    });
  });

  it("shows the Korea-time day's machine-translation characters, counted by the translation job, against TRANSLATE_DAILY_CHARS", async () => {
    deps.settings.TRANSLATE_DAILY_CHARS = 5_000;
    // Translated yesterday evening in Korea: another day's count.
    deps.clock.set(kst('2026-11-19 23:00'));
    await send({ message: 'Здравствуйте, мне нужна консультация кардиолога.', page_locale: 'ru' });
    await translateDue(deps);
    deps.clock.set(kst('2026-11-20 00:30'));
    await send({ message: '你好，我想预约体检。', page_locale: 'zh' });
    await translateDue(deps);
    await freshToken();
    const { translation } = await dashboardData();
    expect(translation).toEqual({ chars: '你好，我想预约体检。'.length, cap: 5_000 });
  });

  it('reads one batch of at most about a hundred items, however many enquiries there are', async () => {
    const asked: number[] = [];
    const getMany = deps.aggregates.getMany.bind(deps.aggregates);
    deps.aggregates.getMany = async (keys) => {
      asked.push(keys.length);
      return getMany(keys);
    };
    await readDashboard(deps, 30);
    await readDashboard(deps, 90);
    // Month ends are the worst case for the 30 days: this month and all of last month fall partly outside them.
    deps.clock.set(kst('2026-12-31 12:00'));
    await readDashboard(deps, 30);
    expect(asked.length).toBe(3);
    expect(Math.max(...asked)).toBeLessThanOrEqual(100);
    expect(asked[1]).toBe(91);
  });

  it('refuses a period other than 30 or 90 days with a 400 naming the field', async () => {
    for (const days of ['7', '30.0', 'abc', '-30']) {
      const response = await dashboard({ days });
      expect(response.statusCode, days).toBe(400);
      expect(bodyOf(response)).toMatchObject({ error: 'invalid_input', fields: { days: 'Either 30 or 90 (days)' } });
    }
    expect((await dashboard()).statusCode).toBe(200);
    expect((await dashboard({ days: '' })).statusCode).toBe(200);
  });

  it('is for staff and admins: an editor (BEST 3 only) gets 403, logged', async () => {
    const as = async (email: string, role: 'staff' | 'editor', path: string, query: Record<string, string>) =>
      (
        await (path.endsWith('.csv') ? makeDashboardCsvHandler : makeDashboardHandler)(deps)(
          apiEvent({
            method: 'GET',
            path,
            query,
            headers: { authorization: `Bearer ${await tokenWithRole(deps, email, role)}` },
          }),
        )
      ).statusCode;
    expect(await as('sam@centre.example', 'staff', '/api/dashboard', {})).toBe(200);
    expect(await as('sam@centre.example', 'staff', '/api/dashboard.csv', { month: '2026-11' })).toBe(200);
    expect(await as('eddie@centre.example', 'editor', '/api/dashboard', {})).toBe(403);
    expect(await as('eddie@centre.example', 'editor', '/api/dashboard.csv', { month: '2026-11' })).toBe(403);
    expect(
      deps.accessLog.entries.filter((entry) => entry.action === 'auth.forbidden').map((entry) => entry.target),
    ).toEqual(['GET /api/dashboard', 'GET /api/dashboard.csv']);
  });

  it('answers 401 without a token and writes the access log on every read', async () => {
    const anonymous = await makeDashboardHandler(deps)(apiEvent({ method: 'GET', path: '/api/dashboard' }));
    expect(anonymous.statusCode).toBe(401);
    await dashboard({ days: '90' });
    expect(deps.accessLog.entries.map((entry) => [entry.actor, entry.action, entry.target])).toEqual([
      ['-', 'auth.refused', 'GET /api/dashboard'],
      [STAFF, 'dashboard.read', '{"days":90}'],
    ]);
  });
});

describe('GET /api/dashboard.csv', () => {
  const csv = (query: Record<string, string>, headers = staffHeaders()) =>
    makeDashboardCsvHandler(deps)(apiEvent({ method: 'GET', path: '/api/dashboard.csv', query, ...headers }));

  it('answers the month as CSV with a BOM: a row per day up to today, then the total', async () => {
    deps.clock.set(kst('2026-11-02 09:00'));
    const first = await send({ page_locale: 'ru' });
    deps.clock.set(kst('2026-11-02 09:30'));
    await send({ section: '호텔예약', hotel: '=cmd|"/c calc"!A0', finish: '2026-12-01', page_locale: 'en' });
    deps.clock.set(kst('2026-11-03 09:00'));
    await freshToken();
    await reply(first);
    deps.clock.set(kst('2026-11-05 12:00'));
    await freshToken();

    const response = await csv({ month: '2026-11' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['Content-Type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['Content-Disposition']).toBe('attachment; filename="dashboard_2026-11.csv"');
    expect(response.headers['Cache-Control']).toBe('no-store');
    const body = response.body ?? '';
    expect(body.startsWith('\uFEFF"date","received","병원예약"')).toBe(true);
    const rows = parseCsv(body.slice(1));
    expect(rows[0]).toEqual([...MONTHLY_CSV_COLUMNS]);
    // Five days up to today (the 5th), then the total.
    expect(rows.slice(1).map((row) => row[0])).toEqual([
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      'total',
    ]);
    const column = (name: string) => MONTHLY_CSV_COLUMNS.indexOf(name as never);
    const second = rows[2] ?? [];
    expect([
      second[column('received')],
      second[column('병원예약')],
      second[column('호텔예약')],
      second[column('locale_ru')],
      second[column('locale_en')],
    ]).toEqual(['2', '1', '1', '1', '1']);
    // The reply 24 hours after receipt is counted on the 3rd.
    const third = rows[3] ?? [];
    expect([third[column('first_replies')], third[column('median_reply_minutes')]]).toEqual(['1', '1440']);
    expect(rows[1]?.[column('median_reply_minutes')]).toBe('');
    expect(rows.at(-1)?.slice(0, 2)).toEqual(['total', '2']);
    expect(deps.accessLog.entries.at(-1)).toMatchObject({
      actor: STAFF,
      action: 'dashboard.export',
      target: '2026-11',
    });
  });

  it('answers a past month in full', async () => {
    deps.clock.set(kst('2026-11-20 10:00'));
    const rows = parseCsv(((await csv({ month: '2026-02' })).body ?? '').slice(1));
    expect(rows).toHaveLength(1 + 28 + 1);
  });

  it('refuses a missing, malformed or future month with a 400 naming the field', async () => {
    const queries: Record<string, string>[] = [
      {},
      { month: '2026-13' },
      { month: '2026-1' },
      { month: '26-11' },
      { month: '2026-12' },
      { month: '1999-12' },
    ];
    for (const query of queries) {
      const response = await csv(query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(bodyOf(response)).toMatchObject({ error: 'invalid_input', fields: { month: expect.any(String) } });
    }
    expect((await csv({ month: '2026-11' })).statusCode).toBe(200);
    expect((await csv({ month: '2026-11' }, { headers: { authorization: 'Bearer nope' } })).statusCode).toBe(401);
  });
});

describe('aggregates kept on write stay small', () => {
  it('keeps one item per day touched and the totals, whatever the enquiries', async () => {
    for (let i = 0; i < 50; i += 1) {
      deps.clock.set(kst('2026-11-20 10:00') + i * 5 * MINUTE - 2 * DAY);
      await send({ page_locale: ['en', 'ko', 'zh', 'ru', 'vi', 'ja'][i % 6] });
    }
    expect([...deps.aggregates.items.keys()].sort()).toEqual(['day:2026-11-18', 'totals']);
    expect(counters('2026-11-18')['received']).toBe(50);
  });
});
