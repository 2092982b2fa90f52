/**
 * The privacy rights and records through their handlers, with in-memory
 * fakes and a clock the test moves: one visitor's data found and exported,
 * erased everywhere it is kept (history, mails, submission claim, exports,
 * counters) with a tombstone that keeps no address, legal holds, the daily
 * retention job, and the access log read by admins.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { EnquiryRecord } from '../../shared/enquiries/enquiry';
import { HONEYPOT_FIELD } from '../../shared/intake/form-fields';
import { RETENTION, accessLogRetentionSeconds, withRetentionPeriods } from '../../shared/privacy/retention';
import { createHash } from 'node:crypto';
import { makeNoteHandler, makeReplyHandler, makeWorkHandler } from '../work/enquiry-work-handler';
import {
  makeAccessLogCsvHandler,
  makeAccessLogHandler,
  makeHoldHandler,
  makeRetentionHandler,
  makeSubjectEraseHandler,
  makeSubjectExportHandler,
  makeSubjectHandler,
} from './privacy-handler';
import { makeSendmailHandler } from '../intake/sendmail-handler';
import { makeViewHandler } from '../enquiries/view-handler';
import { countCounter } from '../enquiries/enquiry-lists';
import { runRetention, subjectHash } from './erasure';
import { signStaffToken } from '../accounts/staff-auth/staff-tokens';
import { parseCsv } from '../../tests/support/csv';
import {
  ACCESS_LOG_CSV_PAGE_ROWS,
  ACCESS_LOG_NEXT_HEADER,
  ACCESS_LOG_PAGE_MAX,
  type AccessLogEntry,
} from '../../shared/audit-actions';
import { formatKoreaDate, formatKoreaDateTime } from '../../shared/korea-time';
import { writeAccessLogCursor } from '../../shared/privacy/access-log-cursor';
import type { AccessLogPage } from '../../shared/privacy/privacy-schema';
import { ACCESS_LOG_EXAMINE_MAX } from './access-log-reading';
import { type FakeDeps, apiEvent, bodyOf, fakeDeps, jsonPost } from '../../tests/support/fakes';

const ADMIN = 'admin@centre.example';
const DAY = 24 * 60 * 60 * 1000;
const MONTH = 30.436875 * DAY;

let deps: FakeDeps;
/** A token signed at the clock's time, as the clock moves years in these tests. */
const auth = async () => ({
  headers: { authorization: `Bearer ${await signStaffToken(deps.settings, ADMIN, 0, deps.clock.now(), 'admin')}` },
});

const enquiry = (overrides: Record<string, unknown> = {}) => ({
  user_name: 'Li Wei',
  user_email: 'Li.Wei@Example.test',
  section: '병원예약',
  consent_privacy: true,
  consent_health: true,
  page_locale: 'zh',
  ...overrides,
});

async function send(overrides: Record<string, unknown> = {}) {
  const response = await makeSendmailHandler(deps)(
    jsonPost('/api/sendmail', enquiry(overrides), { sourceIp: `203.0.113.${deps.enquiries.items.size + 1}` }),
  );
  expect(response.statusCode).toBe(200);
}

type Handler = (
  deps: FakeDeps,
) => (
  event: ReturnType<typeof apiEvent>,
) => Promise<{ statusCode: number; body?: string; headers?: Record<string, unknown> }>;
const get = async (handler: Handler, path: string, query: Record<string, string>) =>
  handler(deps)(apiEvent({ method: 'GET', path, query, ...(await auth()) }));
const post = async (handler: Handler, path: string, data: unknown) => handler(deps)(jsonPost(path, data, await auth()));

async function listTotal(query: Record<string, unknown> = {}) {
  const response = await post(makeViewHandler, '/api/view', query);
  return {
    total: Number(response.headers?.['X-Total-Count']),
    indexes: (bodyOf(response) as EnquiryRecord[]).map((record) => record.POST_INDEX),
  };
}

beforeEach(async () => {
  deps = fakeDeps();
  const at = new Date(deps.clock.now()).toISOString();
  deps.staff.items.set(ADMIN, {
    email: ADMIN,
    passwordHash: 'unused',
    disabled: false,
    role: 'admin',
    createdAt: at,
    updatedAt: at,
  });
});

describe("one visitor's data", () => {
  beforeEach(async () => {
    await send();
    await send({ user_email: 'someone.else@example.test', user_name: 'Someone Else' });
    await send({ user_email: 'li.wei@example.test', section: '호텔예약' });
    await post(makeNoteHandler, '/api/enquiry/note', { index: 1, text: 'Called back, prefers mornings' });
    const reply = await post(makeReplyHandler, '/api/enquiry/reply', {
      index: 1,
      version: 0,
      subject: 'Your appointment',
      body: 'Dear Li Wei, we booked Tuesday.',
    });
    expect(reply.statusCode).toBe(200);
  });

  it('finds every enquiry of the address whatever its case, with history and mails, and no one else', async () => {
    const response = await post(makeSubjectHandler, '/api/subject', { email: ' LI.WEI@example.TEST ' });
    expect(response.statusCode).toBe(200);
    const data = bodyOf(response) as {
      email: string;
      enquiries: (EnquiryRecord & {
        history: { type: string; text?: string }[];
        mails: { kind: string; content?: { subject: string; text: string } }[];
      })[];
    };
    expect(data.email).toBe('li.wei@example.test');
    expect(data.enquiries.map((found) => found.POST_INDEX)).toEqual([1, 3]);
    const first = data.enquiries[0];
    expect(first?.history.map((event) => event.type)).toEqual(expect.arrayContaining(['note', 'reply']));
    expect(first?.mails.map((mail) => mail.kind).sort()).toEqual(['ack', 'reply', 'staff']);
    expect(first?.mails.find((mail) => mail.kind === 'reply')?.content).toMatchObject({
      subject: 'Your appointment [MT-000001]',
      text: expect.stringContaining('we booked Tuesday'),
    });
    expect(JSON.stringify(data)).not.toContain('Someone Else');
    expect(deps.accessLog.entries.at(-1)).toMatchObject({ actor: ADMIN, action: 'subject.read', target: '1,3' });
  });

  it('finds and erases an address with a Unicode domain, as intake stored it (its ASCII form)', async () => {
    await send({ user_email: 'Mira@예시.한국', user_name: 'Mira' });
    const asciiDomain = new URL('http://예시.한국').hostname;
    expect(asciiDomain).toMatch(/^xn--/);
    expect((await deps.enquiries.get(4))?.EMAIL).toBe(`Mira@${asciiDomain}`);
    const found = bodyOf(await post(makeSubjectHandler, '/api/subject', { email: 'mira@예시.한국' })) as {
      email: string;
      enquiries: EnquiryRecord[];
    };
    expect(found.email).toBe(`mira@${asciiDomain}`);
    expect(found.enquiries.map((record) => record.POST_INDEX)).toEqual([4]);
    const erased = await post(makeSubjectEraseHandler, '/api/subject/erase', {
      email: 'MIRA@예시.한국',
      reason: 'Asked by phone',
    });
    expect(bodyOf(erased)).toMatchObject({ erased: [4] });
    expect(await deps.enquiries.get(4)).toBeUndefined();
  });

  it('refuses what is not an address, naming the field', async () => {
    for (const email of ['nobody', 'a@', '@b', 'x'.repeat(250) + '@example.test']) {
      const response = await post(makeSubjectHandler, '/api/subject', { email });
      expect(response.statusCode, email).toBe(400);
      expect(bodyOf(response)).toMatchObject({ error: 'invalid_input', fields: { email: expect.any(String) } });
    }
  });

  it('exports the same as a file to hand over', async () => {
    const response = await post(makeSubjectExportHandler, '/api/subject/export', { email: 'li.wei@example.test' });
    expect(response.headers?.['Content-Disposition']).toContain('personal-data.json');
    const data = bodyOf(response) as { exportedAt: string; enquiries: unknown[] };
    expect(data.enquiries).toHaveLength(2);
    expect(data.exportedAt).toBe(new Date(deps.clock.now()).toISOString());
    expect(deps.accessLog.entries.at(-1)).toMatchObject({ action: 'subject.export', target: '1,3' });
  });

  it('erases every enquiry of the address everywhere it is kept, and the lists count them out', async () => {
    deps.exports.files.set('exports/a.csv', { body: 'rows of many visitors', fileName: 'a.csv' });
    deps.submissions.items.set('kept-claim', {
      postIndex: 2,
      claimedAt: deps.clock.now(),
      expiresAt: Number.MAX_SAFE_INTEGER,
    });
    const before = await listTotal();
    expect(before.total).toBe(3);
    const newBefore = deps.counters.values.get(countCounter('STATUS#new'));

    const response = await post(makeSubjectEraseHandler, '/api/subject/erase', {
      email: 'li.wei@example.test',
      reason: 'Asked by e-mail on 20 Nov',
    });
    expect(response.statusCode).toBe(200);
    expect(bodyOf(response)).toEqual({
      erased: [1, 3],
      held: [],
      keptMailRemoved: 0,
      exportFilesRemoved: 1,
      backupDays: RETENTION.backupDays,
    });

    expect([...deps.enquiries.items.keys()]).toEqual([2]);
    expect(deps.events.items.filter((event) => event.postIndex !== 2)).toEqual([]);
    expect([...deps.outbox.items.values()].filter((mail) => !mail.mailId.startsWith('2:'))).toEqual([]);
    expect(JSON.stringify([...deps.outbox.items.values()])).not.toMatch(/li\.wei|booked Tuesday/i);
    expect([...deps.submissions.items.values()].map((claim) => claim.postIndex)).toEqual([2]);
    expect(deps.exports.files.size).toBe(0);
    expect(await listTotal()).toEqual({ total: 1, indexes: [2] });
    expect((await listTotal({ section: '호텔예약' })).total).toBe(0);
    if (newBefore !== undefined) expect(deps.counters.values.get(countCounter('STATUS#new'))).toBe(newBefore - 1);

    expect(deps.erasures.items).toEqual([
      expect.objectContaining({
        actor: ADMIN,
        kind: 'request',
        count: 2,
        reason: 'Asked by e-mail on 20 Nov',
        subjectHash: subjectHash(deps.settings.TOKEN_SECRET, 'li.wei@example.test'),
      }),
    ]);
    expect(JSON.stringify(deps.erasures.items)).not.toContain('li.wei');
    const logged = deps.accessLog.entries.find((entry) => entry.action === 'subject.erase');
    expect(logged).toMatchObject({ action: 'subject.erase', target: 'Asked by e-mail on 20 Nov' });
    expect(JSON.stringify(deps.accessLog.entries)).not.toContain('li.wei@');
  });

  it('keeps an enquiry under a legal hold and names it; lifting the hold lets it go', async () => {
    const held = await post(makeHoldHandler, '/api/enquiry/hold', {
      index: 3,
      reason: 'Insurance dispute, case 2026-118',
    });
    expect(bodyOf(held)).toMatchObject({
      POST_INDEX: 3,
      REFERENCE: 'MT-000003',
      LEGAL_HOLD: 'Insurance dispute, case 2026-118',
    });
    const first = bodyOf(
      await post(makeSubjectEraseHandler, '/api/subject/erase', {
        email: 'li.wei@example.test',
        reason: 'Asked by phone',
      }),
    );
    expect(first).toEqual({
      erased: [1],
      held: [3],
      keptMailRemoved: 0,
      exportFilesRemoved: 0,
      backupDays: RETENTION.backupDays,
    });
    expect(deps.enquiries.items.get(3)?.LEGAL_HOLD).toBe('Insurance dispute, case 2026-118');

    const lifted = bodyOf(await post(makeHoldHandler, '/api/enquiry/hold', { index: 3 })) as EnquiryRecord;
    expect(lifted.POST_INDEX).toBe(3);
    expect(lifted).not.toHaveProperty('LEGAL_HOLD');
    expect(deps.accessLog.entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['enquiry.hold', 'enquiry.release']),
    );
    expect(
      bodyOf(
        await post(makeSubjectEraseHandler, '/api/subject/erase', {
          email: 'li.wei@example.test',
          reason: 'Asked by phone',
        }),
      ),
    ).toEqual({ erased: [3], held: [], keptMailRemoved: 0, exportFilesRemoved: 0, backupDays: RETENTION.backupDays });
  });

  it('refuses bad requests and changes nothing', async () => {
    const cases: [Handler, string, unknown][] = [
      [makeSubjectEraseHandler, '/api/subject/erase', { email: 'li.wei@example.test' }],
      [makeSubjectEraseHandler, '/api/subject/erase', { email: 'li.wei@example.test', reason: 'x' }],
      [makeSubjectEraseHandler, '/api/subject/erase', { email: 'not an address', reason: 'Asked by phone' }],
      [makeSubjectEraseHandler, '/api/subject/erase', { email: 'li.wei@example.test', reason: 'bell\u0007' }],
      [makeHoldHandler, '/api/enquiry/hold', { index: 0, reason: 'Insurance dispute' }],
      [makeHoldHandler, '/api/enquiry/hold', { index: 'one', reason: 'Insurance dispute' }],
    ];
    for (const [handler, path, data] of cases)
      expect((await post(handler, path, data)).statusCode, JSON.stringify(data)).toBe(400);
    expect(
      (await post(makeHoldHandler, '/api/enquiry/hold', { index: 99, reason: 'Insurance dispute' })).statusCode,
    ).toBe(404);
    expect((await post(makeSubjectHandler, '/api/subject', {})).statusCode).toBe(400);
    expect(deps.enquiries.items.size).toBe(3);
    expect(deps.erasures.items).toEqual([]);
  });

  it('erases nothing for an address it does not know, and still records the request', async () => {
    expect(
      bodyOf(
        await post(makeSubjectEraseHandler, '/api/subject/erase', {
          email: 'nobody@example.test',
          reason: 'Asked by phone',
        }),
      ),
    ).toEqual({ erased: [], held: [], keptMailRemoved: 0, exportFilesRemoved: 0, backupDays: RETENTION.backupDays });
    expect(deps.enquiries.items.size).toBe(3);
    expect(deps.erasures.items).toEqual([
      expect.objectContaining({
        count: 0,
        subjectHash: subjectHash(deps.settings.TOKEN_SECRET, 'nobody@example.test'),
      }),
    ]);
  });

  it("keys the tombstone's hash of the address with a secret, so the table alone cannot be tested against a list of addresses, and lets it go with the access log", async () => {
    await post(makeSubjectEraseHandler, '/api/subject/erase', {
      email: 'Nobody@Example.test',
      reason: 'Asked by phone',
    });
    const [tombstone] = deps.erasures.items;
    const plain = createHash('sha256').update('nobody@example.test').digest('hex');
    expect(tombstone?.subjectHash).toMatch(/^[0-9a-f]{64}$/);
    expect(tombstone?.subjectHash).not.toBe(plain);
    expect(tombstone?.subjectHash).toBe(subjectHash(deps.settings.TOKEN_SECRET, ' nobody@EXAMPLE.test'));
    expect(tombstone?.subjectHash).not.toBe(
      subjectHash(`${deps.settings.TOKEN_SECRET}-another`, 'nobody@example.test'),
    );
    expect(JSON.stringify(tombstone)).not.toContain('nobody');
    expect(tombstone?.expiresAt).toBe(Math.floor(deps.clock.now() / 1000) + accessLogRetentionSeconds());
  });
});

describe('retention', () => {
  it(`removes an enquiry ${RETENTION.enquiryMonths} months after its last activity, spam after ${RETENTION.spamDays} days, never one on hold`, async () => {
    await send(); // 1: left alone
    await send({ user_email: 'worked@example.test' }); // 2: worked on later
    await send({ user_email: 'held@example.test' }); // 3: held
    await send({ [HONEYPOT_FIELD]: 'https://spam.example', user_email: 'bot@example.test' }); // 4: spam
    await post(makeHoldHandler, '/api/enquiry/hold', { index: 3, reason: 'Complaint under review' });

    deps.clock.advance(RETENTION.spamDays * DAY - 60_000);
    expect((await runRetention(deps)).removed).toBe(0);
    deps.clock.advance(120_000);
    expect(bodyOf(await get(makeRetentionHandler, '/api/retention', {}))).toMatchObject({
      due: { enquiries: 0, spam: 1 },
    });
    expect(await runRetention(deps)).toEqual({ removed: 1 });
    expect(deps.enquiries.items.has(4)).toBe(false);

    // Half-way through, enquiry 2 gets a new status: its period starts again.
    deps.clock.advance(18 * MONTH);
    const worked = await post(makeWorkHandler, '/api/enquiry/work', { index: 2, version: 0, status: 'in_progress' });
    expect(worked.statusCode).toBe(200);

    deps.clock.advance(RETENTION.enquiryMonths * MONTH - 18 * MONTH - RETENTION.spamDays * DAY);
    expect(bodyOf(await get(makeRetentionHandler, '/api/retention', {}))).toMatchObject({
      due: { enquiries: 1, spam: 0 },
      periods: RETENTION,
    });
    expect(await runRetention(deps)).toEqual({ removed: 1 });
    expect([...deps.enquiries.items.keys()].sort()).toEqual([2, 3]);
    expect(deps.events.items.some((event) => event.postIndex === 1)).toBe(false);
    expect([...deps.outbox.items.keys()].some((mailId) => mailId.startsWith('1:'))).toBe(false);

    deps.clock.advance(18 * MONTH + RETENTION.spamDays * DAY + DAY);
    expect(await runRetention(deps)).toEqual({ removed: 1 });
    expect([...deps.enquiries.items.keys()]).toEqual([3]);
    expect((await listTotal()).total).toBe(1);

    expect(deps.erasures.items.map(({ kind, count, actor }) => ({ kind, count, actor }))).toEqual([
      { kind: 'retention', count: 1, actor: 'retention' },
      { kind: 'retention', count: 1, actor: 'retention' },
      { kind: 'retention', count: 1, actor: 'retention' },
    ]);
  });

  it('works through a backlog a batch at a time', async () => {
    for (let i = 0; i < 7; i += 1) await send({ user_email: `visitor${i}@example.test` });
    deps.clock.advance(RETENTION.enquiryMonths * MONTH + DAY);
    expect(await runRetention(deps, 3)).toEqual({ removed: 3 });
    expect(await runRetention(deps, 3)).toEqual({ removed: 3 });
    expect(await runRetention(deps, 3)).toEqual({ removed: 1 });
    expect(deps.enquiries.items.size).toBe(0);
    expect(await listTotal()).toEqual({ total: 0, indexes: [] });
  });

  it('states the periods the job keeps in the page copy', () => {
    expect(withRetentionPeriods('kept {enquiryPeriod}, log {accessLogPeriod}', 'en')).toBe('kept 3 years, log 2 years');
    expect(withRetentionPeriods('{enquiryPeriod}', 'ko')).toBe('3년');
    expect(withRetentionPeriods('{enquiryPeriod}', 'ja')).toBe('3年');
    expect(withRetentionPeriods('{accessLogPeriod}', 'ru')).toBe('2 года');
    expect(withRetentionPeriods('{backupPeriod}', 'en')).toBe('35 days');
    expect(withRetentionPeriods('{backupPeriod}', 'ru')).toBe('35 дней');
    expect(withRetentionPeriods('{backupPeriod}', 'ja')).toBe('35日');
  });
});

describe('the access log', () => {
  it('reads a span of days newest first, narrowed by person, action and target, and as CSV', async () => {
    await send();
    deps.clock.advance(DAY);
    await post(makeViewHandler, '/api/view', {});
    deps.clock.advance(60_000);
    await post(makeNoteHandler, '/api/enquiry/note', { index: 1, text: 'Phoned' });
    const from = new Date(deps.clock.now() - 2 * DAY).toISOString().slice(0, 10);
    const to = new Date(deps.clock.now() + DAY).toISOString().slice(0, 10);

    deps.clock.advance(60_000);
    const all = bodyOf(await get(makeAccessLogHandler, '/api/access-log', { from, to })) as AccessLogPage;
    expect(all.next).toBeUndefined();
    expect(all.entries.map((entry) => entry.action).slice(0, 3)).toEqual([
      'accesslog.read',
      'enquiry.note',
      'enquiry.list',
    ]);
    const times = all.entries.map((entry) => entry.at);
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const notes = bodyOf(
      await get(makeAccessLogHandler, '/api/access-log', { from, to, action: 'enquiry.note', actor: 'ADMIN@' }),
    ) as { entries: { target: string }[] };
    expect(notes.entries).toHaveLength(1);
    expect(notes.entries[0]?.target).toContain('1');
    expect(
      (
        bodyOf(await get(makeAccessLogHandler, '/api/access-log', { from, to, actor: 'boris' })) as {
          entries: unknown[];
        }
      ).entries,
    ).toEqual([]);

    const csv = await get(makeAccessLogCsvHandler, '/api/access-log.csv', { from, to, action: 'enquiry.' });
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(String(csv.body).replace(/^\uFEFF/, ''));
    expect(header).toEqual([
      'at_korea_time',
      'actor',
      'action',
      'target',
      'client_address',
      'request_id',
      'count',
      'last_at_korea_time',
    ]);
    expect(rows.map((row) => row[2])).toEqual(['enquiry.note', 'enquiry.list']);
    expect(rows[0]?.[1]).toBe(ADMIN);
    expect(deps.accessLog.entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['accesslog.read', 'accesslog.export']),
    );
  });

  it('answers a page at a time on the server, and the next page from its cursor, across days, until none is left', async () => {
    for (let i = 0; i < 7; i += 1) {
      await post(makeViewHandler, '/api/view', {});
      deps.clock.advance(DAY / 4);
    }
    const from = new Date(deps.clock.now() - 3 * DAY).toISOString().slice(0, 10);
    const to = new Date(deps.clock.now()).toISOString().slice(0, 10);
    const seen: AccessLogEntry[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = bodyOf(
        await get(makeAccessLogHandler, '/api/access-log', {
          from,
          to,
          action: 'enquiry.list',
          limit: '3',
          ...(cursor ? { cursor } : {}),
        }),
      ) as AccessLogPage;
      expect(page.entries.length).toBeLessThanOrEqual(3);
      seen.push(...page.entries);
      cursor = page.next;
      pages += 1;
    } while (cursor);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(seen).toHaveLength(7);
    expect(seen.map((entry) => entry.at)).toEqual(seen.map((entry) => entry.at).sort((a, b) => b - a));
    expect(new Set(seen.map((entry) => entry.requestId)).size).toBe(7);
  });

  it('reads at most a bounded number of rows for one page, so a narrow filter over a flooded span still answers, with a cursor to go on', async () => {
    const at = deps.clock.now();
    for (let i = 0; i < ACCESS_LOG_EXAMINE_MAX + 10; i += 1)
      await deps.accessLog.record({
        actor: 'noise@centre.example',
        action: 'enquiry.read',
        target: String(i),
        clientAddress: '192.0.2.1',
        requestId: `r${i}`,
        at: at - i,
      });
    const today = formatKoreaDate(at);
    const first = bodyOf(
      await get(makeAccessLogHandler, '/api/access-log', { from: today, to: today, actor: 'nobody-at-all' }),
    ) as AccessLogPage;
    expect(first.entries).toEqual([]);
    expect(first.next).toEqual(expect.any(String));
    const rest = bodyOf(
      await get(makeAccessLogHandler, '/api/access-log', {
        from: today,
        to: today,
        actor: 'nobody-at-all',
        cursor: first.next ?? '',
      }),
    ) as AccessLogPage;
    expect(rest).toEqual({ entries: [] });
  });

  it('shows a counted row with its count, first and last time, in the JSON and the CSV', async () => {
    const at = deps.clock.now();
    const refused = (offset: number) => ({
      actor: '-',
      action: 'auth.refused' as const,
      target: 'POST /api/view',
      clientAddress: '192.0.2.7',
      requestId: `q${offset}`,
      at: at + offset,
    });
    for (const offset of [0, 1_000, 2_000]) await deps.accessLog.count(refused(offset));
    const today = formatKoreaDate(at);
    deps.clock.advance(5_000);
    const page = bodyOf(
      await get(makeAccessLogHandler, '/api/access-log', { from: today, to: today, action: 'auth.refused' }),
    ) as AccessLogPage;
    expect(page.entries).toEqual([{ ...refused(0), count: 3, lastAt: at + 2_000 }]);
    const [, row] = parseCsv(
      String(
        (await get(makeAccessLogCsvHandler, '/api/access-log.csv', { from: today, to: today, action: 'auth.refused' }))
          .body,
      ).replace(/^\uFEFF/, ''),
    );
    expect(row?.slice(-2)).toEqual(['3', formatKoreaDateTime(at + 2_000)]);
  });

  it('answers the CSV a page at a time: the header on the first, the next page in a header, the rows once', async () => {
    const at = deps.clock.now();
    const rows = ACCESS_LOG_CSV_PAGE_ROWS + 5;
    for (let i = 0; i < rows; i += 1)
      await deps.accessLog.record({
        actor: 'csv@centre.example',
        action: 'enquiry.read',
        target: String(i),
        clientAddress: '192.0.2.1',
        requestId: `c${i}`,
        at: at - i,
      });
    const today = formatKoreaDate(at);
    const query = { from: today, to: today, actor: 'csv@' };
    const first = await get(makeAccessLogCsvHandler, '/api/access-log.csv', query);
    const next = String(first.headers?.[ACCESS_LOG_NEXT_HEADER] ?? '');
    expect(next).not.toBe('');
    const second = await get(makeAccessLogCsvHandler, '/api/access-log.csv', { ...query, cursor: next });
    expect(second.headers?.[ACCESS_LOG_NEXT_HEADER]).toBeUndefined();
    const [header, ...firstRows] = parseCsv(String(first.body).replace(/^\uFEFF/, ''));
    const secondRows = parseCsv(String(second.body));
    expect(header?.[0]).toBe('at_korea_time');
    expect(firstRows).toHaveLength(ACCESS_LOG_CSV_PAGE_ROWS);
    expect(secondRows).toHaveLength(5);
    expect(new Set([...firstRows, ...secondRows].map((row) => row[3])).size).toBe(rows);
  });

  it('refuses a cursor it did not make, one for other days, and a page larger than its bound', async () => {
    const today = formatKoreaDate(deps.clock.now());
    const elsewhere = writeAccessLogCursor({ day: '2020-01-01', place: '2020-01-01T00:00:00.000Z#x' });
    const queries: Record<string, string>[] = [
      { cursor: 'not a cursor' },
      { cursor: 'bm90IGpzb24' },
      { cursor: elsewhere },
      { limit: String(ACCESS_LOG_PAGE_MAX + 1) },
      { limit: '0' },
    ];
    for (const query of queries) {
      const answer = await get(makeAccessLogHandler, '/api/access-log', { from: today, to: today, ...query });
      expect(answer.statusCode, JSON.stringify(query)).toBe(400);
      expect(Object.keys((bodyOf(answer) as { fields: Record<string, string> }).fields)).toEqual([
        Object.keys(query)[0],
      ]);
    }
  });

  it('refuses a span backwards or longer than a month, and days that are not days', async () => {
    for (const query of [
      { from: '2026-11-10', to: '2026-11-01' },
      { from: '2026-10-01', to: '2026-11-22' },
      { from: '2026-02-30', to: '2026-03-01' },
      { from: 'yesterday', to: '2026-11-22' },
      {},
    ]) {
      expect(
        (await get(makeAccessLogHandler, '/api/access-log', query as Record<string, string>)).statusCode,
        JSON.stringify(query),
      ).toBe(400);
    }
  });
});
