import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_BOM, CSV_COLUMNS } from '../../../shared/exports/csv';
import { LIST_HEADERS } from '../../../shared/enquiries/enquiry';
import { SECTION_VALUES } from '../../../shared/enquiries/enums';
import {
  type TestStack,
  enquiry,
  finishedExport,
  getWithToken,
  postJson,
  signIn,
  startTestStack,
} from '../../support/stack';
import { parseCsv } from '../../support/csv';

/** The stack's clock, moved by the test to receive enquiries on chosen days. */
const clock = { at: Date.parse('2026-11-01T03:00:00Z'), now: () => clock.at };
let stack: TestStack;
let token: string;
const DAYS = ['2026-11-01', '2026-11-02', '2026-11-03'];
/** POST_INDEX -> [day, section] of what was sent. */
const sent = new Map<number, { day: string; section: string }>();

beforeAll(async () => {
  stack = await startTestStack({ clock, env: { EXPORT_INLINE_MAX_BYTES: '4000' } });
  let index = 0;
  for (const [dayIndex, day] of DAYS.entries()) {
    // 10:00 in Korea is 01:00 UTC; send 14 enquiries a day, sections in turn.
    for (let i = 0; i < 14; i += 1) {
      clock.at = Date.parse(`${day}T01:00:00Z`) + i * 60_000;
      const section = SECTION_VALUES[(dayIndex + i) % 4] ?? '병원예약';
      const extra =
        section === '호텔예약'
          ? { hotel: 'Grand', finish: '2036-12-12' }
          : section === '병원예약'
            ? {}
            : { destination: 'Airport' };
      const name =
        i === 0 && dayIndex === 0 ? '=HYPERLINK("http://evil.example","click")' : `Гость ${dayIndex}-${i} 손님`;
      const response = await postJson(stack, '/api/sendmail', {
        data: enquiry({
          section,
          user_name: name,
          start: '2036-12-10',
          ...extra,
          consent_health: section === '병원예약',
        }),
      });
      if (response.status !== 200) throw new Error(`seed failed: ${await response.text()}`);
      index += 1;
      sent.set(index, { day, section });
    }
  }
  // Sign in at the stack's "now", after the clock stops moving (tokens live 8 hours).
  clock.at = Date.parse('2026-11-04T03:00:00Z');
  token = await signIn(stack);
});
afterAll(() => stack.dispose());

async function view(body: Record<string, unknown>) {
  const response = await postJson(stack, '/api/view', body, token);
  expect(response.status).toBe(200);
  return {
    records: (await response.json()) as { POST_INDEX: number; MEDICAL_SECTION: string; DATE: string }[],
    total: Number(response.headers.get(LIST_HEADERS.totalCount)),
    next: response.headers.get(LIST_HEADERS.nextCursor) ?? undefined,
  };
}

describe('POST /api/view', () => {
  it('answers the newest page of 13 by default, newest first, with the total and a cursor', async () => {
    const page = await view({});
    expect(page.total).toBe(42);
    expect(page.records.map((record) => record.POST_INDEX)).toEqual([
      42, 41, 40, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30,
    ]);
    expect(page.next).toEqual(expect.any(String));
  });

  it('also answers without any body, as the old client sent', async () => {
    const response = await fetch(`${stack.url}/api/view`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as unknown[]).length).toBe(13);
  });

  it('pages through everything with the cursor, each enquiry once', async () => {
    const seen: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await view({ limit: 10, ...(cursor ? { cursor } : {}) });
      seen.push(...page.records.map((record) => record.POST_INDEX));
      cursor = page.next;
    } while (cursor);
    expect(seen).toEqual([...sent.keys()].sort((a, b) => b - a));
  });

  it('jumps straight to a page by number', async () => {
    const page = await view({ page: 3, limit: 13 });
    expect(page.records.map((record) => record.POST_INDEX)).toEqual([16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4]);
    const last = await view({ page: 4, limit: 13 });
    expect(last.records.map((record) => record.POST_INDEX)).toEqual([3, 2, 1]);
    expect(last.next).toBeUndefined();
  });

  it('filters by section on the server, with the section total', async () => {
    for (const section of SECTION_VALUES) {
      const expected = [...sent]
        .filter(([, what]) => what.section === section)
        .map(([index]) => index)
        .sort((a, b) => b - a);
      const page = await view({ section, limit: 100 });
      expect(page.total).toBe(expected.length);
      expect(page.records.map((record) => record.POST_INDEX)).toEqual(expected);
      expect(page.records.every((record) => record.MEDICAL_SECTION === section)).toBe(true);
    }
    expect((await view({ section: 'ALL' })).total).toBe(42);
  });

  it('filters by Korea-time day range, alone and with a section', async () => {
    const day2 = await view({ from: '2026-11-02', to: '2026-11-02', limit: 100 });
    expect(day2.total).toBe(14);
    expect(day2.records.every((record) => record.DATE.startsWith('2026-11-02'))).toBe(true);
    const fromDay2 = await view({ from: '2026-11-02', limit: 100 });
    expect(fromDay2.total).toBe(28);
    const untilDay1 = await view({ to: '2026-11-01', limit: 5 });
    expect(untilDay1.total).toBe(14);
    expect(untilDay1.records.map((record) => record.POST_INDEX)).toEqual([14, 13, 12, 11, 10]);
    const both = await view({ from: '2026-11-03', to: '2026-11-03', section: '호텔예약', limit: 100 });
    const expected = [...sent]
      .filter(([, what]) => what.day === '2026-11-03' && what.section === '호텔예약')
      .map(([index]) => index);
    expect(both.records.map((record) => record.POST_INDEX).sort((a, b) => a - b)).toEqual(expected);
    expect(both.total).toBe(expected.length);
    const none = await view({ from: '2026-10-01', to: '2026-10-31' });
    expect(none).toMatchObject({ total: 0, records: [] });
  });

  it.each([
    ['section', { section: 'hotel' }],
    ['from', { from: '2026-11-31' }],
    ['to', { from: '2026-11-03', to: '2026-11-01' }],
    ['limit', { limit: 0 }],
    ['limit', { limit: 1000 }],
    ['cursor', { cursor: 'abc' }],
  ])('refuses a bad %s with 400', async (field, body) => {
    const response = await postJson(stack, '/api/view', body, token);
    expect(response.status).toBe(400);
    expect(Object.keys(((await response.json()) as { fields: object }).fields)).toContain(field);
  });
});

describe('GET /api/detail/{index}', () => {
  it('answers an array holding the record', async () => {
    const response = await getWithToken(stack, '/api/detail/5', token);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { POST_INDEX: number; DATE: string }[];
    expect(body).toHaveLength(1);
    expect(body[0]?.POST_INDEX).toBe(5);
    expect(body[0]?.DATE).toBe('2026-11-01 10:04');
  });

  it('answers 404 for an unknown index and 400 for one that is not a number', async () => {
    expect((await getWithToken(stack, '/api/detail/9999', token)).status).toBe(404);
    expect((await getWithToken(stack, '/api/detail/abc', token)).status).toBe(400);
    expect((await getWithToken(stack, '/api/detail/0', token)).status).toBe(400);
  });
});

describe('GET /api/export.csv', () => {
  it('answers a small export directly: BOM, header, one row per enquiry, formula-safe, Korean and Cyrillic intact', async () => {
    const response = await getWithToken(
      stack,
      `/api/export.csv?from=2026-11-01&to=2026-11-01&section=${encodeURIComponent('병원예약')}`,
      token,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="data_\d{12}\.csv"/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith(CSV_BOM)).toBe(true);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    const expected = [...sent].filter(([, what]) => what.day === '2026-11-01' && what.section === '병원예약');
    expect(rows.length - 1).toBe(expected.length);
    expect(rows[rows.length - 1]?.[0]).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(rows[1]?.[0]).toMatch(/^Гость 0-\d+ 손님$/);
    expect(rows[1]?.[4]).toBe('병원예약');
  });

  it('makes a large export in the background: the file lands in the private bucket, whole, behind a short-lived link', async () => {
    const { view, seen } = await finishedExport(stack, token);
    expect(seen[0]).toMatchObject({ status: 'queued', rowsWritten: 0, rowsTotal: 42 });
    expect(view).toMatchObject({
      status: 'ready',
      rowsWritten: 42,
      rowsTotal: 42,
      fileName: expect.stringMatching(/^data_\d{12}\.csv$/),
    });
    expect(view.url).toMatch(/X-Amz-Expires=300/);
    expect(view.url).toContain(`exports/${view.jobId}/`);
    const download = await fetch(view.url ?? '');
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${view.fileName}"`);
    const rows = parseCsv((await download.text()).replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows).toHaveLength(43);
    expect(new Set(rows.slice(1).map((row) => row[0])).size).toBe(42);
  });

  it('refuses a bad filter with 400', async () => {
    expect((await getWithToken(stack, '/api/export.csv?from=yesterday', token)).status).toBe(400);
  });
});
