/**
 * Visitors' rights and the retention job through the local server against
 * the emulators (the real DynamoDB indexes and S3 bucket): one visitor's data
 * found and exported, erased from the enquiries, history, outbox and export
 * bucket with the counts following; a legal hold kept; the daily retention
 * run with the stack's clock moved on years; the access log as admins read
 * it; and a staff member refused all of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnquiryRecord } from '../../../shared/enquiries/enquiry';
import type { ExportJobView } from '../../../shared/exports/export-jobs';
import { RETENTION } from '../../../shared/privacy/retention';
import { hashPassword } from '../../../functions/accounts/passwords/passwords';
import {
  STAFF,
  type TestStack,
  capturedMail,
  enquiry,
  finishedExport,
  getWithToken,
  postJson,
  signIn,
  startTestStack,
} from '../../support/stack';

const DAY = 24 * 60 * 60 * 1000;
/** The stack's clock, moved by the test across the retention periods. */
const clock = { at: Date.parse('2026-11-02T01:00:00Z'), now: () => clock.at };
const VISITOR = 'Mira.Kim@Example.test';
const COLLEAGUE = { email: 'colleague@example.test', password: 'another long password' };
let stack: TestStack;
let token: string;
let largeExport: ExportJobView;

async function send(overrides: Record<string, unknown>) {
  clock.at += 60_000;
  const response = await postJson(stack, '/api/sendmail', { data: enquiry(overrides) });
  expect(response.status, await response.clone().text()).toBe(200);
}

const total = async () => Number((await postJson(stack, '/api/view', {}, token)).headers.get('x-total-count'));
const json = async <T>(response: Response | Promise<Response>) => (await (await response).json()) as T;

beforeAll(async () => {
  stack = await startTestStack({ clock, env: { EXPORT_INLINE_MAX_BYTES: '200' } });
  await stack.deps.staff.put({
    email: COLLEAGUE.email,
    passwordHash: await hashPassword(COLLEAGUE.password),
    disabled: false,
    role: 'staff',
    createdAt: new Date(clock.at).toISOString(),
    updatedAt: new Date(clock.at).toISOString(),
  });
  await send({ user_email: VISITOR, user_name: 'Mira Kim' }); // 1
  await send({ user_email: 'someone@example.test', user_name: 'Someone Else' }); // 2
  await send({
    user_email: 'mira.kim@example.test',
    user_name: 'Mira Kim',
    section: '컨시어지',
    destination: 'Airport',
    consent_health: false,
  }); // 3
  token = await signIn(stack);
  const reply = await postJson(
    stack,
    '/api/enquiry/reply',
    { data: { index: 1, version: 0, subject: 'Your visit', body: 'Dr Park will see you on Tuesday.' } },
    token,
  );
  expect(reply.status).toBe(200);
  // A large export goes to the bucket: a file holding every visitor's rows.
  largeExport = (await finishedExport(stack, token)).view;
  expect(largeExport.status).toBe('ready');
});
afterAll(() => stack?.dispose());

describe("one visitor's data", () => {
  it('refuses a staff member (admins only), and logs the refusal', async () => {
    const staffToken = await signIn(stack, COLLEAGUE.email, COLLEAGUE.password);
    expect((await postJson(stack, '/api/subject', { data: { email: VISITOR } }, staffToken)).status).toBe(403);
    expect(
      (await postJson(stack, '/api/subject/erase', { data: { email: VISITOR, reason: 'Asked' } }, staffToken)).status,
    ).toBe(403);
    expect((await getWithToken(stack, '/api/access-log?from=2026-11-01&to=2026-11-02', staffToken)).status).toBe(403);
    expect((await getWithToken(stack, '/api/retention', staffToken)).status).toBe(200);
  });

  it('finds both enquiries of the address through the e-mail index, with the reply as sent', async () => {
    const data = await json<{
      enquiries: (EnquiryRecord & { mails: { kind: string; content?: { text: string } }[] })[];
    }>(postJson(stack, '/api/subject', { data: { email: 'mira.kim@example.test' } }, token));
    expect(data.enquiries.map((found) => found.POST_INDEX)).toEqual([1, 3]);
    expect(data.enquiries[0]?.mails.find((mail) => mail.kind === 'reply')?.content?.text).toContain(
      'Dr Park will see you on Tuesday.',
    );
    const download = await postJson(stack, '/api/subject/export', { data: { email: 'mira.kim@example.test' } }, token);
    expect(download.headers.get('content-disposition')).toContain('attachment; filename="personal-data.json"');
    expect(download.headers.get('cache-control')).toContain('no-store');
  });

  it('takes the address only in the body: a lookup by query string is not a route any more, so no address lands in a URL log', async () => {
    for (const path of [`/api/subject?email=${VISITOR}`, `/api/subject/export?email=${VISITOR}`]) {
      const response = await getWithToken(stack, path, token);
      expect(response.status, path).toBe(405);
      expect(await response.text()).not.toContain(VISITOR);
    }
  });

  it('erases them from every table and the export bucket, and the list counts one visitor fewer', async () => {
    expect(await total()).toBe(3);
    const mailIds = (await stack.deps.events.list(1)).flatMap((event) => (event.mailId ? [event.mailId] : []));
    expect(mailIds).toHaveLength(1);

    const response = await postJson(
      stack,
      '/api/subject/erase',
      { data: { email: VISITOR, reason: 'Asked by e-mail, ticket 42' } },
      token,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      erased: [1, 3],
      held: [],
      keptMailRemoved: 0,
      exportFilesRemoved: 1,
      backupDays: 35,
    });

    expect(await stack.deps.enquiries.get(1)).toBeUndefined();
    expect(await stack.deps.enquiries.get(3)).toBeUndefined();
    expect(await stack.deps.enquiries.get(2)).toBeDefined();
    expect(await stack.deps.events.list(1)).toEqual([]);
    for (const mailId of [...mailIds, '1:staff', '1:ack', '3:staff', '3:ack'])
      expect(await stack.deps.outbox.get(mailId)).toBeUndefined();
    expect(await stack.deps.exports.removeAll()).toBe(0);
    // The finished export that held the visitor has no file any more: its owner is told so, and gets no link.
    const after = await json<ExportJobView>(getWithToken(stack, `/api/export/${largeExport.jobId}`, token));
    expect(after).toMatchObject({ status: 'failed', failure: 'erased' });
    expect(after.url).toBeUndefined();
    expect(await stack.deps.enquiries.byEmail('mira.kim@example.test')).toEqual([]);
    expect(await total()).toBe(1);
    const found = await json<{ enquiries: unknown[] }>(
      postJson(stack, '/api/subject', { data: { email: VISITOR } }, token),
    );
    expect(found.enquiries).toEqual([]);
  });
});

describe('legal hold and retention', () => {
  it('removes what is past its period on the daily run, keeps a held enquiry, and counts what is due', async () => {
    await send({ user_email: 'held@example.test' }); // 4
    await send({ user_email: 'bot@example.test', website: 'https://spam.example' }); // 5: spam
    expect(
      (await postJson(stack, '/api/enquiry/hold', { data: { index: 4, reason: 'Complaint under review' } }, token))
        .status,
    ).toBe(200);
    const mails = (await capturedMail(stack)).length;

    clock.at += RETENTION.spamDays * DAY + DAY;
    token = await signIn(stack);
    expect(await json(getWithToken(stack, '/api/retention', token))).toMatchObject({ due: { enquiries: 0, spam: 1 } });
    expect(await stack.runRetention()).toEqual({ removed: 1 });
    expect(await stack.deps.enquiries.get(5)).toBeUndefined();

    clock.at += RETENTION.enquiryMonths * 31 * DAY;
    token = await signIn(stack);
    expect(await json(getWithToken(stack, '/api/retention', token))).toMatchObject({ due: { enquiries: 1, spam: 0 } });
    expect(await stack.runRetention()).toEqual({ removed: 1 });
    expect(await stack.deps.enquiries.get(2)).toBeUndefined();
    expect(await stack.deps.enquiries.get(4)).toMatchObject({ LEGAL_HOLD: 'Complaint under review' });
    expect(await total()).toBe(1);
    expect((await capturedMail(stack)).length).toBe(mails);
  });
});

describe('the access log', () => {
  it('shows admins who did what, filtered, and as CSV', async () => {
    const to = new Date(clock.at + DAY).toISOString().slice(0, 10);
    const from = new Date(clock.at - 20 * DAY).toISOString().slice(0, 10);
    const read = await json<{ entries: { actor: string; action: string; target: string }[] }>(
      getWithToken(stack, `/api/access-log?from=${from}&to=${to}&action=retention`, token),
    );
    expect(read.entries.length).toBeGreaterThan(0);
    expect(read.entries.every((entry) => entry.action === 'retention.read' && entry.actor === STAFF.email)).toBe(true);

    const early = await json<{ entries: { action: string; target: string }[] }>(
      getWithToken(stack, '/api/access-log?from=2026-11-01&to=2026-11-03', token),
    );
    expect(early.entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['subject.erase', 'subject.export', 'auth.forbidden']),
    );
    expect(early.entries.find((entry) => entry.action === 'subject.erase')?.target).toBe('Asked by e-mail, ticket 42');
    expect(JSON.stringify(early)).not.toMatch(/mira\.kim@/i);

    const csv = await getWithToken(stack, '/api/access-log.csv?from=2026-11-01&to=2026-11-03&action=subject.', token);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(await csv.text()).toContain('subject.erase');
  });
});
