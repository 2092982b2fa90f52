/**
 * The dashboard through the local stack (the real handlers, dynalite): bulk
 * enquiries seeded with their figures, then enquiries sent from several page
 * languages through POST /api/sendmail (one of them spam), worked through
 * POST /api/enquiry/work and answered through POST /api/enquiry/reply. What
 * GET /api/dashboard and the monthly CSV answer must equal what counting every
 * stored enquiry (read back through POST /api/view) gives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DashboardData,
  MONTHLY_CSV_COLUMNS,
  OPEN_AGE_BUCKETS,
  addDays,
  daysBetween,
  daysEnding,
  median,
} from '../../../shared/dashboard/dashboard';
import type { EnquiryRecord } from '../../../shared/enquiries/enquiry';
import { SECTION_VALUES } from '../../../shared/enquiries/enums';
import { LIST_HEADERS } from '../../../shared/enquiries/pagination';
import { formatKoreaDate } from '../../../shared/korea-time';
import { LOCALE_CODES } from '../../../shared/locales';
import { documentClient } from '../../../functions/platform/wiring/dynamodb-client';
import { seedEnquiries } from '../../../local/seed/enquiries';
import { parseCsv } from '../../support/csv';
import { type TestStack, enquiry, getWithToken, postJson, signIn, startTestStack } from '../../support/stack';
import { accessLogDay } from '../../support/access-log';
import { textsOfEnquiry } from '../../../functions/translation/translation-queue';
import type { StoredEnquiry } from '../../../functions/enquiries/ports';

const kst = (text: string) => Date.parse(`${text.replace(' ', 'T')}:00+09:00`);
/** The stack's clock, moved by the test. */
const clock = { at: kst('2026-11-18 10:00'), now: () => clock.at };
const TODAY = '2026-11-20';
const SEEDED = 200;

let stack: TestStack;
let token: string;

async function send(overrides: Record<string, unknown>) {
  const response = await postJson(stack, '/api/sendmail', { data: enquiry(overrides) });
  expect(response.status, await response.clone().text()).toBe(200);
  await response.arrayBuffer();
}

/** Every enquiry (not spam), newest first, paged through the API. */
async function allRecords(): Promise<EnquiryRecord[]> {
  const records: EnquiryRecord[] = [];
  let cursor: string | undefined;
  do {
    const response = await postJson(stack, '/api/view', { limit: 100, ...(cursor ? { cursor } : {}) }, token);
    expect(response.status).toBe(200);
    records.push(...((await response.json()) as EnquiryRecord[]));
    cursor = response.headers.get(LIST_HEADERS.nextCursor) ?? undefined;
  } while (cursor);
  return records;
}

const byName = async (name: string) => {
  const record = (await allRecords()).find((candidate) => candidate.NAME === name);
  if (!record) throw new Error(`No enquiry from ${name}`);
  return record;
};

async function work(name: string, data: Record<string, unknown>, path = '/api/enquiry/work') {
  const record = await byName(name);
  const response = await postJson(
    stack,
    path,
    { data: { index: record.POST_INDEX, version: record.VERSION, ...data } },
    token,
  );
  expect(response.status, await response.clone().text()).toBe(200);
  await response.arrayBuffer();
}

async function signInAt(at: number) {
  clock.at = at;
  token = await signIn(stack);
}

beforeAll(async () => {
  stack = await startTestStack({ clock });
  // Bulk enquiries ending the day before the API's, worked on (answered, closed, some left open).
  const db = documentClient({
    region: stack.aws.region,
    credentials: stack.aws.credentials,
    endpoint: stack.aws.endpoints?.dynamodb,
  });
  try {
    await seedEnquiries(
      db,
      {
        enquiries: stack.tableNames.enquiries,
        counters: stack.tableNames.counters,
        aggregates: stack.tableNames.aggregates,
      },
      SEEDED,
      kst('2026-11-17 12:00'),
      30 * 60_000,
      {
        worked: true,
      },
    );
  } finally {
    db.destroy();
  }

  // Sent through the API on the 18th (one at 23:59 Korea time) and on the 20th, from every page language.
  for (const [i, locale] of ['en', 'ko', 'zh'].entries()) {
    clock.at = kst('2026-11-18 10:00') + i * 60_000;
    await send({ user_name: `Visitor ${locale}`, user_email: `${locale}@example.test`, page_locale: locale });
  }
  clock.at = kst('2026-11-18 23:59');
  await send({
    user_name: 'Visitor late',
    user_email: 'late@example.test',
    page_locale: 'ru',
    section: '컨시어지',
    destination: 'Airport',
  });
  for (const [i, locale] of ['ru', 'vi', 'ja'].entries()) {
    clock.at = kst('2026-11-20 09:00') + i * 60_000;
    await send({
      user_name: `Visitor ${locale} 2`,
      user_email: `${locale}2@example.test`,
      page_locale: locale,
      section: '통역예약',
      destination: 'Hotel',
    });
  }
  // Suspected spam (the honeypot filled): stored apart, never counted.
  await send({ user_name: 'Spam bot', website: 'http://spam.example', page_locale: 'en' });

  // Worked on the 19th and 20th: taken, closed, answered (first replies), reopened.
  await signInAt(kst('2026-11-19 09:00'));
  await work('Visitor en', { status: 'in_progress' });
  await work('Visitor ko', { status: 'closed' });
  clock.at = kst('2026-11-19 11:30');
  await work('Visitor zh', { subject: 'Your enquiry', body: 'Hello' }, '/api/enquiry/reply');
  await signInAt(kst('2026-11-20 10:00'));
  await work('Visitor late', { subject: 'Your enquiry', body: 'Hello' }, '/api/enquiry/reply');
  // A second reply to the same enquiry is not a first reply.
  await work('Visitor late', { subject: 'Again', body: 'Hello again' }, '/api/enquiry/reply');
  await work('Visitor ko', { status: 'new' });
  await signInAt(kst(`${TODAY} 18:00`));
}, 180_000);
afterAll(() => stack?.dispose());

/** What counting every stored enquiry gives, the way the dashboard defines its figures. */
function expectedFigures(records: EnquiryRecord[], days: number) {
  const window = daysEnding(TODAY, days);
  const dayOf = (iso: string) => formatKoreaDate(Date.parse(iso));
  const series = window.map((day) => {
    const received = records.filter((record) => dayOf(record.RECEIVED_AT) === day);
    return {
      day,
      received: received.length,
      sections: Object.fromEntries(
        SECTION_VALUES.map((section) => [
          section,
          received.filter((record) => record.MEDICAL_SECTION === section).length,
        ]),
      ),
      locales: Object.fromEntries(
        LOCALE_CODES.map((code) => [code, received.filter((record) => record.LOCALE === code).length]),
      ),
      firstReplies: records.filter((record) => record.FIRST_REPLY_AT && dayOf(record.FIRST_REPLY_AT) === day).length,
    };
  });
  const open = records.filter((record) => record.STATUS === 'new' || record.STATUS === 'in_progress');
  const buckets = OPEN_AGE_BUCKETS.map(({ key, from, to }) => ({
    key,
    count: open.filter((record) => {
      const age = daysBetween(dayOf(record.RECEIVED_AT), TODAY);
      return age >= from && (to === undefined || age < to);
    }).length,
  }));
  const replyWindow = daysEnding(TODAY, 30);
  const minutes = records
    .filter((record) => record.FIRST_REPLY_AT && replyWindow.includes(dayOf(record.FIRST_REPLY_AT)))
    .map((record) => Math.round((Date.parse(record.FIRST_REPLY_AT ?? '') - Date.parse(record.RECEIVED_AT)) / 60_000));
  return {
    series,
    open: { total: open.length, buckets },
    replyTime: { days: 30, medianMinutes: median(minutes), count: minutes.length },
  };
}

describe('GET /api/dashboard', () => {
  it('answers exactly what counting every stored enquiry gives, over 30 and 90 days', async () => {
    const records = await allRecords();
    expect(records).toHaveLength(SEEDED + 7);
    for (const days of [30, 90] as const) {
      const response = await getWithToken(stack, `/api/dashboard?days=${days}`, token);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const data = (await response.json()) as DashboardData;
      const expected = expectedFigures(records, days);
      expect(data.today).toBe(TODAY);
      expect(data.series).toEqual(expected.series);
      expect(data.open).toEqual(expected.open);
      expect(data.replyTime).toEqual(expected.replyTime);
      expect(data.totals.received).toBe(SEEDED + 7);
    }
  });

  it('counts the API-sent enquiries on their Korea-time day by page language, spam left out, and their work', async () => {
    const data = (await (await getWithToken(stack, '/api/dashboard?days=30', token)).json()) as DashboardData;
    const on = (day: string) => data.series.find((figures) => figures.day === day);
    expect(on('2026-11-18')).toMatchObject({
      received: 4,
      locales: { en: 1, ko: 1, zh: 1, ru: 1, vi: 0, ja: 0 },
      sections: { 병원예약: 3, 컨시어지: 1 },
      firstReplies: 0,
    });
    expect(on('2026-11-19')).toMatchObject({ received: 0, firstReplies: 1 });
    // The spam bot's enquiry of the 20th is not there.
    expect(on(TODAY)).toMatchObject({
      received: 3,
      locales: { en: 0, ru: 1, vi: 1, ja: 1 },
      sections: { 통역예약: 3 },
      firstReplies: 1,
    });
    // Open from the API: 'en' (in progress), 'ko' (reopened) from the 18th (2 days old), and the three of today.
    expect(data.open.buckets.find((bucket) => bucket.key === 'under1')?.count).toBe(3);
    expect(data.open.buckets.find((bucket) => bucket.key === 'from1to3')?.count).toBe(2);
    expect(data.months.current).toMatchObject({ month: '2026-11', received: SEEDED + 7 });
    expect(data.months.previous).toMatchObject({
      month: '2026-10',
      received: 0,
      firstReplies: 0,
      medianReplyMinutes: null,
    });
  });

  it("shows the day's machine-translation characters, the translation job's own count, against the cap", async () => {
    const read = async () =>
      ((await (await getWithToken(stack, '/api/dashboard?days=30', token)).json()) as DashboardData).translation;
    const before = await read();
    expect(before.cap).toBe(200_000);
    expect(await stack.runTranslations()).toMatchObject({ done: 7 });
    // The API-sent enquiries (their English text on the Korean page too; not the spam bot's, never queued), translated today.
    const translated = (await allRecords()).filter((record) => record.NAME.startsWith('Visitor '));
    const chars = translated
      .flatMap((record) => Object.values(textsOfEnquiry(record as unknown as StoredEnquiry)))
      .reduce((sum, text) => sum + text.length, 0);
    expect(chars).toBeGreaterThan(0);
    expect(await read()).toEqual({ chars: before.chars + chars, cap: 200_000 });
  });

  it('refuses a bad period with a clear 400, and answers 401 without a token', async () => {
    const bad = await getWithToken(stack, '/api/dashboard?days=60', token);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: 'invalid_input',
      message: 'Please check: days',
      fields: { days: 'Either 30 or 90 (days)' },
    });
    expect((await getWithToken(stack, '/api/dashboard')).status).toBe(401);
    expect((await getWithToken(stack, '/api/dashboard.csv?month=2026-11')).status).toBe(401);
  });
});

describe('GET /api/dashboard.csv', () => {
  it("answers the month's report, a row per day to today and the total, matching the enquiries", async () => {
    const response = await getWithToken(stack, '/api/dashboard.csv?month=2026-11', token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="dashboard_2026-11.csv"');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.toString('utf8').slice(1));
    expect(rows[0]).toEqual([...MONTHLY_CSV_COLUMNS]);
    expect(rows.slice(1, -1).map((row) => row[0])).toEqual(daysEnding(TODAY, 20));

    const records = await allRecords();
    const expected = expectedFigures(records, 20).series;
    for (const [i, figures] of expected.entries()) {
      const row = rows[i + 1] ?? [];
      expect(row.slice(1, 2 + SECTION_VALUES.length + LOCALE_CODES.length + 1).map(Number), figures.day).toEqual([
        figures.received,
        ...SECTION_VALUES.map((section) => figures.sections[section]),
        ...LOCALE_CODES.map((code) => figures.locales[code]),
        figures.firstReplies,
      ]);
    }
    const total = rows.at(-1) ?? [];
    expect(total[0]).toBe('total');
    expect(Number(total[1])).toBe(SEEDED + 7);
    const monthMinutes = records
      .filter((record) => record.FIRST_REPLY_AT && formatKoreaDate(Date.parse(record.FIRST_REPLY_AT)) >= '2026-11-01')
      .map((record) => Math.round((Date.parse(record.FIRST_REPLY_AT ?? '') - Date.parse(record.RECEIVED_AT)) / 60_000));
    expect(Number(total[MONTHLY_CSV_COLUMNS.indexOf('median_reply_minutes')])).toBe(median(monthMinutes));
  });

  it('refuses a missing, malformed or future month with a clear 400', async () => {
    for (const query of ['', '?month=2026-13', '?month=2026-1', `?month=${addDays(TODAY, 31).slice(0, 7)}`]) {
      const response = await getWithToken(stack, `/api/dashboard.csv${query}`, token);
      expect(response.status, query).toBe(400);
      const body = (await response.json()) as { error: string; fields: Record<string, string> };
      expect(body.error).toBe('invalid_input');
      expect(Object.keys(body.fields)).toEqual(['month']);
    }
  });

  it('writes an access-log record for every read and export', async () => {
    const entries = await accessLogDay(stack.deps.accessLog, TODAY);
    const actions = entries.map((entry) => entry.action);
    expect(actions).toContain('dashboard.read');
    expect(actions).toContain('dashboard.export');
    expect(entries.find((entry) => entry.action === 'dashboard.export')).toMatchObject({
      actor: 'staff@example.test',
      target: '2026-11',
    });
  });
});
