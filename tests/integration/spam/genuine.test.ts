/**
 * Suspected spam marked genuine through the local server and the DynamoDB
 * emulator: the list indexes move it (out of the suspected-spam list, to the
 * top of the message box and of its section, found by today's dates), the
 * count of what waits follows, a stale version is refused and changes
 * nothing, and a second mark answers the same enquiry and mails nothing more.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnquiryRecord } from '../../../shared/enquiries/enquiry';
import { formatKoreaDate } from '../../../shared/korea-time';
import {
  type TestStack,
  capturedMail,
  enquiry,
  getWithToken,
  postJson,
  signIn,
  startTestStack,
} from '../../support/stack';

let stack: TestStack;
let token: string;

beforeAll(async () => {
  stack = await startTestStack();
  token = await signIn(stack);
});
afterAll(() => stack?.dispose());

async function send(fields: Record<string, unknown>): Promise<number> {
  const response = await postJson(stack, '/api/sendmail', { data: enquiry(fields) });
  expect(response.status).toBe(200);
  return Number(((await response.json()) as { reference: string }).reference.replace('MT-', ''));
}

async function list(query: Record<string, unknown>): Promise<{ indexes: number[]; total: number }> {
  const response = await postJson(stack, '/api/view', { limit: 50, ...query }, token);
  expect(response.status).toBe(200);
  const records = (await response.json()) as EnquiryRecord[];
  return { indexes: records.map((record) => record.POST_INDEX), total: Number(response.headers.get('x-total-count')) };
}

const waiting = async () =>
  ((await (await getWithToken(stack, '/api/spam/waiting', token)).json()) as { waiting: number }).waiting;
const versionOf = async (index: number) => (await stack.deps.enquiries.get(index))?.VERSION ?? 0;
const mark = (index: number, version: number) =>
  postJson(stack, `/api/enquiries/${index}/genuine`, { data: { version } }, token);

describe('POST /api/enquiries/{index}/genuine', () => {
  it('moves a suspected-spam enquiry into the message box, at its top, found by today, and the count follows', async () => {
    const first = await send({ user_email: 'first@example.test', section: '컨시어지', destination: 'Airport' });
    const held = await send({
      user_email: 'held@example.test',
      section: '컨시어지',
      destination: 'Airport',
      website: 'x',
    });
    const after = await send({ user_email: 'after@example.test', section: '컨시어지', destination: 'Airport' });
    expect(await waiting()).toBe(1);
    expect((await list({ spam: true })).indexes).toEqual([held]);

    // A stale version is refused and moves nothing.
    const stale = await mark(held, (await versionOf(held)) + 1);
    expect(stale.status).toBe(409);
    expect((await list({ spam: true })).indexes).toEqual([held]);

    const marked = await mark(held, await versionOf(held));
    expect(marked.status).toBe(200);
    expect(((await marked.json()) as { record: EnquiryRecord }).record).toMatchObject({ SPAM: false, STATUS: 'new' });
    const today = formatKoreaDate(Date.now());
    expect(await list({ spam: true })).toEqual({ indexes: [], total: 0 });
    expect(await list({})).toEqual({ indexes: [held, after, first], total: 3 });
    expect(await list({ section: '컨시어지' })).toEqual({ indexes: [held, after, first], total: 3 });
    expect(await list({ from: today, to: today })).toEqual({ indexes: [held, after, first], total: 3 });
    expect((await list({ status: 'new' })).indexes).toEqual([after, held, first]);
    expect(await waiting()).toBe(0);

    const mails = (await capturedMail(stack)).filter((mail) => mail.destination.to.includes('held@example.test'));
    expect(mails).toHaveLength(1);
    // Marked again (an answer lost on the way): the same enquiry, no second mail.
    const again = await mark(held, await versionOf(held));
    expect(again.status).toBe(200);
    expect(
      (await capturedMail(stack)).filter((mail) => mail.destination.to.includes('held@example.test')),
    ).toHaveLength(1);
    expect((await list({})).total).toBe(3);
  });

  it('refuses an enquiry that is no suspected spam, naming the index', async () => {
    const kept = await send({ user_email: 'kept@example.test' });
    const answer = await mark(kept, await versionOf(kept));
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { fields: Record<string, string> }).fields).toEqual({
      index: 'A suspected-spam enquiry',
    });
  });
});
