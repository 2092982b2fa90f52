/**
 * Tags on enquiries through the local server against the emulators (the real
 * tag index table): adding and removing with the detail, the history and the
 * access log following, one spelling per tag, the tags in use with their
 * counts, the message box's tag filter paged by cursor, the CSV of one tag,
 * bad input refused without a change, a role that may not tag, an erased
 * visitor leaving their tags, and two changes at once both kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnquiryRecord } from '../../../shared/enquiries/enquiry';
import { LIST_HEADERS } from '../../../shared/enquiries/pagination';
import { CSV_COLUMNS } from '../../../shared/exports/csv';
import { formatKoreaDate } from '../../../shared/korea-time';
import { TAG_MAX_LENGTH, TAGS_PER_ENQUIRY_MAX, type TagInUse } from '../../../shared/tags/tags';
import { hashPassword } from '../../../functions/accounts/passwords/passwords';
import { parseCsv } from '../../support/csv';
import { STAFF, type TestStack, enquiry, getWithToken, postJson, signIn, startTestStack } from '../../support/stack';

const EDITOR = { email: 'editor@example.test', password: 'an editor password' };
const SENT = 9;
const emailOf = (index: number) => `patient${index}@example.test`;
const REFERENCE_COLUMN = CSV_COLUMNS.indexOf('reference');
let stack: TestStack;
let token: string;
let editorToken: string;

beforeAll(async () => {
  stack = await startTestStack();
  const at = new Date().toISOString();
  await stack.deps.staff.put({
    email: EDITOR.email,
    passwordHash: await hashPassword(EDITOR.password),
    disabled: false,
    role: 'editor',
    createdAt: at,
    updatedAt: at,
  });
  [token, editorToken] = await Promise.all([signIn(stack), signIn(stack, EDITOR.email, EDITOR.password)]);
  for (let i = 1; i <= SENT; i += 1) {
    const response = await postJson(stack, '/api/sendmail', {
      data: enquiry({ user_name: `Patient ${i}`, user_email: emailOf(i) }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
  }
});
afterAll(() => stack?.dispose());

type TagAnswer = EnquiryRecord & { error?: string; fields?: Record<string, string> };
const tag = async (data: Record<string, unknown>, as = token) => {
  const response = await postJson(stack, '/api/enquiry/tags', { data }, as);
  return { status: response.status, body: (await response.json()) as TagAnswer };
};
const inUse = async () => {
  const response = await getWithToken(stack, '/api/tags', token);
  expect(response.status).toBe(200);
  return (await response.json()) as TagInUse[];
};
const detail = async (index: number) => {
  const response = await getWithToken(stack, `/api/detail/${index}`, token);
  expect(response.status).toBe(200);
  return ((await response.json()) as EnquiryRecord[])[0];
};
const thread = async (index: number) =>
  (await (await getWithToken(stack, `/api/thread/${index}`, token)).json()) as {
    type: string;
    actor: string;
    from?: string;
    to?: string;
  }[];
const tagChanges = async (index: number) =>
  (await thread(index)).filter((entry) => entry.type === 'tags').map(({ from, to, actor }) => ({ from, to, actor }));
const view = async (query: Record<string, unknown>) => {
  const response = await postJson(stack, '/api/view', query, token);
  expect(response.status).toBe(200);
  return {
    indexes: ((await response.json()) as EnquiryRecord[]).map((record) => record.POST_INDEX),
    total: Number(response.headers.get(LIST_HEADERS.totalCount)),
    next: response.headers.get(LIST_HEADERS.nextCursor) ?? undefined,
  };
};

describe('changing tags', () => {
  it('adds tags, answering the record; the detail, the history and the access log show the change', async () => {
    const added = await tag({ index: 1, add: ['  VIP ', 'follow   up'] });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ POST_INDEX: 1, TAGS: ['VIP', 'follow up'] });
    expect((await detail(1))?.TAGS).toEqual(['VIP', 'follow up']);
    expect(await tagChanges(1)).toEqual([{ from: '', to: 'VIP, follow up', actor: STAFF.email }]);

    const today = formatKoreaDate(Date.now());
    const log = await getWithToken(stack, `/api/access-log?from=${today}&to=${today}&action=enquiry.tags`, token);
    expect(log.status).toBe(200);
    const { entries } = (await log.json()) as { entries: { actor: string; action: string; target: string }[] };
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor: STAFF.email, action: 'enquiry.tags' });
    expect(entries[0]?.target).toContain('"index":1');
  });

  it('keeps one spelling per tag ("vip" becomes the "VIP" in use), counts each tag, and drops one nobody carries', async () => {
    expect((await tag({ index: 2, add: ['vip'] })).body.TAGS).toEqual(['VIP']);
    expect(await inUse()).toEqual([
      { tag: 'VIP', count: 2 },
      { tag: 'follow up', count: 1 },
    ]);
    const removed = await tag({ index: 1, remove: ['FOLLOW UP'] });
    expect(removed).toMatchObject({ status: 200, body: { TAGS: ['VIP'] } });
    expect(await tagChanges(1)).toEqual([
      { from: '', to: 'VIP, follow up', actor: STAFF.email },
      { from: 'VIP, follow up', to: 'VIP', actor: STAFF.email },
    ]);
    expect(await inUse()).toEqual([{ tag: 'VIP', count: 2 }]);
  });
});

describe('the tag filter and the export', () => {
  beforeAll(async () => {
    for (const [index, add] of [
      [3, ['VIP', 'insurance']],
      [4, ['insurance']],
      [5, ['vip']],
      [7, ['VIP']],
    ] as const) {
      expect((await tag({ index, add })).status).toBe(200);
    }
  });

  it('pages one tag newest first with the cursor, the total from the index, in any spelling', async () => {
    expect(await inUse()).toEqual([
      { tag: 'VIP', count: 5 },
      { tag: 'insurance', count: 2 },
    ]);
    const seen: number[][] = [];
    let cursor: string | undefined;
    do {
      const page = await view({ tag: 'VIP', limit: 2, ...(cursor ? { cursor } : {}) });
      expect(page.total).toBe(5);
      seen.push(page.indexes);
      cursor = page.next;
    } while (cursor && seen.length < 10);
    expect(seen).toEqual([[7, 5], [3, 2], [1]]);
    expect(await view({ tag: 'Insurance' })).toMatchObject({ indexes: [4, 3], total: 2, next: undefined });
    expect(await view({ tag: 'nobody uses this' })).toMatchObject({ indexes: [], total: 0 });
  });

  it('refuses a tag with a status with 400', async () => {
    const response = await postJson(stack, '/api/view', { tag: 'VIP', status: 'new' }, token);
    expect(response.status).toBe(400);
    expect(Object.keys(((await response.json()) as { fields: object }).fields)).toContain('tag');
  });

  it('exports exactly the enquiries of one tag, with their tags in the last column', async () => {
    const response = await getWithToken(stack, '/api/export.csv?tag=VIP', token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    const rows = parseCsv((await response.text()).replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows[0]?.at(-1)).toBe('tags');
    expect(rows.slice(1).map((row) => [row[0], row[REFERENCE_COLUMN], row.at(-1)])).toEqual([
      ['Patient 7', 'MT-000007', 'VIP'],
      ['Patient 5', 'MT-000005', 'VIP'],
      ['Patient 3', 'MT-000003', 'VIP, insurance'],
      ['Patient 2', 'MT-000002', 'VIP'],
      ['Patient 1', 'MT-000001', 'VIP'],
    ]);
    // The export of every enquiry (read by list sequence, not from the tag index) carries the same cell, empty where there is no tag.
    const all = parseCsv((await (await getWithToken(stack, '/api/export.csv', token)).text()).replace(/^\uFEFF/, ''));
    expect(new Map(all.slice(1).map((row) => [row[REFERENCE_COLUMN], row.at(-1)]))).toEqual(
      new Map([
        ['MT-000009', ''],
        ['MT-000008', ''],
        ['MT-000007', 'VIP'],
        ['MT-000006', ''],
        ['MT-000005', 'VIP'],
        ['MT-000004', 'insurance'],
        ['MT-000003', 'VIP, insurance'],
        ['MT-000002', 'VIP'],
        ['MT-000001', 'VIP'],
      ]),
    );
  });
});

describe('refusals', () => {
  it.each([
    [
      'eleven tags at once',
      { index: 6, add: Array.from({ length: TAGS_PER_ENQUIRY_MAX + 1 }, (_, i) => `t${i}`) },
      'add',
    ],
    [`a tag of ${TAG_MAX_LENGTH + 1} characters`, { index: 6, add: ['x'.repeat(TAG_MAX_LENGTH + 1)] }, 'add.0'],
    ['a tag with a comma', { index: 6, add: ['VIP, insurance'] }, 'add.0'],
  ])('refuses %s with a 400 naming the field, and changes nothing', async (_what, data, field) => {
    const [detailBefore, tagsBefore] = await Promise.all([detail(6), inUse()]);
    const answer = await tag(data);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('invalid_input');
    expect(Object.keys(answer.body.fields ?? {})).toContain(field);
    expect(await detail(6)).toEqual(detailBefore);
    expect(await inUse()).toEqual(tagsBefore);
    expect(await tagChanges(6)).toEqual([]);
  });

  it(`refuses an eleventh tag on an enquiry carrying ${TAGS_PER_ENQUIRY_MAX}, keeping them`, async () => {
    const ten = Array.from({ length: TAGS_PER_ENQUIRY_MAX }, (_, i) => `tag ${i}`);
    expect((await tag({ index: 6, add: ten })).status).toBe(200);
    const [detailBefore, tagsBefore] = await Promise.all([detail(6), inUse()]);
    const eleventh = await tag({ index: 6, add: ['one more'] });
    expect(eleventh.status).toBe(400);
    expect(Object.keys(eleventh.body.fields ?? {})).toEqual(['add']);
    expect(await detail(6)).toEqual(detailBefore);
    expect(await inUse()).toEqual(tagsBefore);
    expect(await tagChanges(6)).toHaveLength(1);
    // Taken off again, they leave the tags in use.
    expect((await tag({ index: 6, remove: ten })).body.TAGS).toBeUndefined();
    expect(await inUse()).toEqual([
      { tag: 'VIP', count: 5 },
      { tag: 'insurance', count: 2 },
    ]);
  });

  it('refuses an editor with 403, changing nothing', async () => {
    const detailBefore = await detail(4);
    expect(
      (await postJson(stack, '/api/enquiry/tags', { data: { index: 4, add: ['editor was here'] } }, editorToken))
        .status,
    ).toBe(403);
    expect((await getWithToken(stack, '/api/tags', editorToken)).status).toBe(403);
    expect(await detail(4)).toEqual(detailBefore);
    expect((await inUse()).map((used) => used.tag)).toEqual(['VIP', 'insurance']);
  });
});

describe('erasure', () => {
  it("takes an erased visitor's enquiry out of its tags: the filter, the export and the counts", async () => {
    const erased = await postJson(
      stack,
      '/api/subject/erase',
      { data: { email: emailOf(7), reason: 'Asked by e-mail' } },
      token,
    );
    expect(erased.status).toBe(200);
    expect(await erased.json()).toMatchObject({ erased: [7], held: [] });
    expect(await view({ tag: 'VIP' })).toMatchObject({ indexes: [5, 3, 2, 1], total: 4 });
    expect(await inUse()).toEqual([
      { tag: 'VIP', count: 4 },
      { tag: 'insurance', count: 2 },
    ]);
    const rows = parseCsv(
      (await (await getWithToken(stack, '/api/export.csv?tag=VIP', token)).text()).replace(/^\uFEFF/, ''),
    );
    expect(rows.slice(1).map((row) => row[REFERENCE_COLUMN])).toEqual([
      'MT-000005',
      'MT-000003',
      'MT-000002',
      'MT-000001',
    ]);
  });
});

describe('two changes at once', () => {
  it('keeps both when two staff tag one enquiry at the same moment', async () => {
    const [first, second] = await Promise.all([
      tag({ index: 8, add: ['urgent'] }),
      tag({ index: 8, add: ['callback'] }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([...((await detail(8))?.TAGS ?? [])].sort()).toEqual(['callback', 'urgent']);
    expect(await tagChanges(8)).toHaveLength(2);
    expect(await inUse()).toEqual([
      { tag: 'VIP', count: 4 },
      { tag: 'insurance', count: 2 },
      { tag: 'callback', count: 1 },
      { tag: 'urgent', count: 1 },
    ]);
    expect(await view({ tag: 'urgent' })).toMatchObject({ indexes: [8], total: 1 });
    expect(await view({ tag: 'callback' })).toMatchObject({ indexes: [8], total: 1 });
  });
});
