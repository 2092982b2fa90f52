/**
 * Tags through their routes, with in-memory fakes: adding and removing with
 * the history and the access log, one spelling per tag, the limits refused
 * with a clear 400 that changes nothing, two staff tagging at once, the tag
 * filter of the message box (cursor pages, totals from the index), the CSV,
 * and an erased enquiry leaving its tags.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { EnquiryRecord } from '../../shared/enquiries/enquiry';
import { TAGS_PER_ENQUIRY_MAX } from '../../shared/tags/tags';
import { parseCsv } from '../../tests/support/csv';
import { type FakeDeps, apiEvent, bodyOf, fakeDeps, jsonPost } from '../../tests/support/fakes';
import { makeViewHandler } from '../enquiries/view-handler';
import { makeExportCsvHandler } from '../exports/export-csv-handler';
import { tokenWithRole } from '../../tests/support/staff-accounts';
import { makeSendmailHandler } from '../intake/sendmail-handler';
import { eraseSubject } from '../privacy/erasure';
import { makeThreadHandler } from '../work/enquiry-work-handler';
import { makeTagsHandler, makeTagsInUseHandler } from './tags-handler';

const ANNA = 'anna@centre.example';
let deps: FakeDeps;
let token = '';

const auth = () => ({ headers: { authorization: `Bearer ${token}` } });
async function tag(data: Record<string, unknown>) {
  const response = await makeTagsHandler(deps)(jsonPost('/api/enquiry/tags', data, auth()));
  return {
    status: response.statusCode,
    body: bodyOf(response) as EnquiryRecord & { error?: string; fields?: Record<string, string> },
  };
}
async function view(query: Record<string, unknown>) {
  const response = await makeViewHandler(deps)(jsonPost('/api/view', query, auth()));
  const records = response.statusCode === 200 ? (bodyOf(response) as EnquiryRecord[]) : [];
  return {
    status: response.statusCode,
    indexes: records.map((record) => record.POST_INDEX),
    total: Number(response.headers['X-Total-Count']),
    next: response.headers['X-Next-Cursor'],
  };
}
async function inUse() {
  return bodyOf(await makeTagsInUseHandler(deps)(apiEvent({ method: 'GET', path: '/api/tags', ...auth() })));
}

beforeEach(async () => {
  deps = fakeDeps();
  token = await tokenWithRole(deps, ANNA, 'staff');
  const sendmail = makeSendmailHandler(deps);
  for (let i = 1; i <= 5; i += 1) {
    await sendmail(
      jsonPost('/api/sendmail', {
        user_name: `Visitor ${i}`,
        user_email: `v${i}@example.test`,
        section: '병원예약',
        consent_privacy: true,
        consent_health: true,
        page_locale: 'ru',
      }),
    );
  }
});

describe('changing tags', () => {
  it('adds and removes, in the order added, and records each change in the history and the access log', async () => {
    const added = await tag({ index: 2, add: ['  VIP ', 'follow   up'] });
    expect(added.status).toBe(200);
    expect(added.body.TAGS).toEqual(['VIP', 'follow up']);
    deps.clock.advance(60_000);
    const removed = await tag({ index: 2, add: ['보험'], remove: ['vip'] });
    expect(removed.body.TAGS).toEqual(['follow up', '보험']);
    expect((await deps.enquiries.get(2))?.TAGS).toEqual(['follow up', '보험']);

    const thread = bodyOf(
      await makeThreadHandler(deps)(
        apiEvent({ method: 'GET', path: '/api/thread/2', params: { index: '2' }, ...auth() }),
      ),
    ) as { type: string; from?: string; to?: string; actor: string }[];
    expect(thread.filter((entry) => entry.type === 'tags').map(({ from, to, actor }) => ({ from, to, actor }))).toEqual(
      [
        { from: '', to: 'VIP, follow up', actor: ANNA },
        { from: 'VIP, follow up', to: 'follow up, 보험', actor: ANNA },
      ],
    );
    expect(deps.accessLog.entries.filter((entry) => entry.action === 'enquiry.tags')).toHaveLength(2);
  });

  it('keeps one spelling per tag: "vip" on another enquiry becomes the "VIP" in use', async () => {
    await tag({ index: 1, add: ['VIP'] });
    expect((await tag({ index: 3, add: ['vip'] })).body.TAGS).toEqual(['VIP']);
    expect(await inUse()).toEqual([{ tag: 'VIP', count: 2 }]);
  });

  it('changes nothing and writes no history when the tags stay as they are', async () => {
    await tag({ index: 1, add: ['VIP'] });
    const again = await tag({ index: 1, add: ['vip'], remove: ['never-there'] });
    expect(again.status).toBe(200);
    expect(again.body.TAGS).toEqual(['VIP']);
    expect((await deps.events.list(1)).filter((event) => event.type === 'tags')).toHaveLength(1);
  });

  it.each([
    [{ index: 1 }, 'add'],
    [{ index: 1, add: [] }, 'add'],
    [{ index: 1, add: ['x'.repeat(31)] }, 'add.0'],
    [{ index: 1, add: ['a, b'] }, 'add.0'],
    [{ index: 1, add: ['\u0000bell'] }, 'add.0'],
    [{ index: 1, add: ['two\nlines'] }, 'add.0'],
    [{ index: 1, remove: ['VIP', 'line\u2028separator'] }, 'remove.1'],
    [{ index: 1, add: ['   '] }, 'add.0'],
    [{ index: 1, add: [42] }, 'add.0'],
    [{ index: 1, add: 'VIP' }, 'add'],
    [{ index: 1, add: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'add'],
    [{ index: 0, add: ['VIP'] }, 'index'],
  ])('refuses %j with a 400 naming %s, and changes nothing', async (data, field) => {
    const answer = await tag(data);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('invalid_input');
    expect(Object.keys(answer.body.fields ?? {})).toContain(field);
    expect((await deps.enquiries.get(1))?.TAGS).toBeUndefined();
    expect(await inUse()).toEqual([]);
  });

  it(`refuses an eleventh tag on one enquiry (at most ${TAGS_PER_ENQUIRY_MAX}), keeping the ten`, async () => {
    const ten = Array.from({ length: TAGS_PER_ENQUIRY_MAX }, (_, i) => `tag ${i}`);
    expect((await tag({ index: 1, add: ten })).status).toBe(200);
    const eleventh = await tag({ index: 1, add: ['one more'] });
    expect(eleventh.status).toBe(400);
    expect(eleventh.body.fields).toEqual({ add: `At most ${TAGS_PER_ENQUIRY_MAX} tags on one enquiry` });
    expect((await deps.enquiries.get(1))?.TAGS).toEqual(ten);
    // Swapping one for another stays within the limit.
    expect((await tag({ index: 1, add: ['one more'], remove: ['tag 0'] })).body.TAGS).toHaveLength(
      TAGS_PER_ENQUIRY_MAX,
    );
  });

  it('answers 404 for an enquiry that does not exist', async () => {
    expect((await tag({ index: 99, add: ['VIP'] })).status).toBe(404);
  });

  it('keeps both changes when two staff tag one enquiry at the same moment', async () => {
    const [first, second] = await Promise.all([tag({ index: 4, add: ['VIP'] }), tag({ index: 4, add: ['insurance'] })]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([...((await deps.enquiries.get(4))?.TAGS ?? [])].sort()).toEqual(['VIP', 'insurance']);
    expect(await inUse()).toEqual([
      { tag: 'insurance', count: 1 },
      { tag: 'VIP', count: 1 },
    ]);
    expect((await deps.events.list(4)).filter((event) => event.type === 'tags')).toHaveLength(2);
  });

  it('records the change in the access log before making it', async () => {
    const before = deps.accessLog.entries.length;
    await tag({ index: 1, add: ['VIP'] });
    expect(deps.accessLog.entries.slice(before).map((entry) => entry.action)).toEqual(['enquiry.tags']);
  });
});

describe('the tag filter', () => {
  beforeEach(async () => {
    for (const index of [1, 2, 4, 5]) await tag({ index, add: ['VIP'] });
    await tag({ index: 3, add: ['insurance'] });
  });

  it('lists the enquiries of one tag, newest first, a cursor page at a time, with the total from the index', async () => {
    const first = await view({ tag: 'VIP', limit: 3 });
    expect(first).toMatchObject({ status: 200, indexes: [5, 4, 2], total: 4 });
    const second = await view({ tag: 'vip', limit: 3, cursor: first.next });
    expect(second).toMatchObject({ indexes: [1], total: 4, next: undefined });
    expect(await view({ tag: 'nobody uses this' })).toMatchObject({ status: 200, indexes: [], total: 0 });
  });

  it('follows a tag taken off and an enquiry erased', async () => {
    await tag({ index: 4, remove: ['VIP'] });
    await eraseSubject(deps, ANNA, 'v5@example.test', 'visitor asked');
    expect(await view({ tag: 'VIP' })).toMatchObject({ indexes: [2, 1], total: 2 });
    expect(await inUse()).toEqual([
      { tag: 'VIP', count: 2 },
      { tag: 'insurance', count: 1 },
    ]);
    await eraseSubject(deps, ANNA, 'v3@example.test', 'visitor asked');
    expect(await inUse()).toEqual([{ tag: 'VIP', count: 2 }]);
  });

  it('stands alone: with a status, section or dates it is a 400; a page number past 1 too', async () => {
    for (const query of [
      { tag: 'VIP', status: 'new' },
      { tag: 'VIP', section: '병원예약' },
      { tag: 'VIP', from: '2026-11-01' },
      { tag: 'VIP', page: 2 },
    ]) {
      expect((await view(query)).status).toBe(400);
    }
  });

  it('exports one tag with its tags in the last column', async () => {
    const response = await makeExportCsvHandler(deps)(
      apiEvent({ method: 'GET', path: '/api/export.csv', query: { tag: 'insurance' }, ...auth() }),
    );
    expect(response.statusCode).toBe(200);
    const rows = parseCsv(String(response.body).replace(/^\uFEFF/, ''));
    expect(rows).toHaveLength(2);
    expect(rows[0]?.at(-1)).toBe('tags');
    expect([rows[1]?.[0], rows[1]?.at(-1)]).toEqual(['Visitor 3', 'insurance']);
  });
});
