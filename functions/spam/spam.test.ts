/**
 * Suspected spam marked genuine, with in-memory fakes and enquiries sent
 * through intake: it leaves the suspected-spam list and joins the message box
 * at its top as a new enquiry received now (its date filter finds it today),
 * counted in its work lists and on the dashboard; the staff notice and the
 * visitor's acknowledgement go out; its history says who, when it first came
 * and why; the access log records it. Every refusal (no such enquiry, not
 * spam, a change meanwhile, a bad body or number) changes nothing, and a mark
 * whose mails failed is finished by its retry without doubling anything.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { EnquiryRecord } from '../../shared/enquiries/enquiry';
import { formatKoreaDate, formatKoreaDateTime } from '../../shared/korea-time';
import type { SpamWaiting } from '../../shared/spam/spam';
import { type FakeDeps, apiEvent, bodyOf, dynamoRefused, fakeDeps, jsonPost } from '../../tests/support/fakes';
import { tokenWithRole } from '../../tests/support/staff-accounts';
import { countCounter, workListKeys } from '../enquiries/enquiry-lists';
import { readEnquiryPage } from '../enquiries/enquiry-reading';
import { makeSendmailHandler } from '../intake/sendmail-handler';
import { makeMarkGenuineHandler, makeSpamWaitingHandler } from './spam-handlers';

const ANNA = 'anna@centre.example';
const VISITOR = 'mai.nguyen@example.vn';
let deps: FakeDeps;
let token = '';

const auth = () => ({ headers: { authorization: `Bearer ${token}` } });

/** Sends an enquiry through intake; its number. `website` filled is what the form's hidden field catches. */
async function send(fields: Record<string, unknown> = {}): Promise<number> {
  const response = await makeSendmailHandler(deps)(
    jsonPost('/api/sendmail', {
      user_name: 'Nguyễn Thị Mai',
      user_email: VISITOR,
      section: '컨시어지',
      destination: 'Sân bay Gimhae',
      consent_privacy: true,
      page_locale: 'vi',
      message: 'Tôi cần đón ở sân bay.',
      ...fields,
    }),
  );
  expect(response.statusCode, response.body).toBe(200);
  return Number((JSON.parse(response.body) as { reference: string }).reference.replace('MT-', ''));
}

async function mark(index: number | string, data: Record<string, unknown>) {
  const response = await makeMarkGenuineHandler(deps)(
    jsonPost(`/api/enquiries/${index}/genuine`, data, { ...auth(), params: { index: String(index) } }),
  );
  return {
    status: response.statusCode,
    body: bodyOf(response) as { record: EnquiryRecord } & { error?: string; fields?: Record<string, string> },
  };
}

async function waiting(): Promise<number> {
  const response = await makeSpamWaitingHandler(deps)(
    apiEvent({ method: 'GET', path: '/api/spam/waiting', ...auth() }),
  );
  expect(response.statusCode).toBe(200);
  return (bodyOf(response) as SpamWaiting).waiting;
}

const list = async (query: Record<string, unknown>) => {
  const page = await readEnquiryPage(deps, { page: 1, limit: 50, ...query } as never);
  return { indexes: page.records.map((record) => record.POST_INDEX), total: page.total };
};
const versionOf = async (index: number) => (await deps.enquiries.get(index))?.VERSION ?? 0;
const snapshot = () =>
  structuredClone({
    enquiries: [...deps.enquiries.items.entries()],
    counters: [...deps.counters.values.entries()],
    events: [...deps.events.items],
    outbox: [...deps.outbox.items.entries()],
    aggregates: [...deps.aggregates.items.entries()],
  });

beforeEach(async () => {
  deps = fakeDeps({ start: '2026-12-01T04:52:00Z' });
  token = await tokenWithRole(deps, ANNA, 'staff');
});

describe('how many wait in the suspected-spam list', () => {
  it('counts the list as it is: filed, marked genuine, none', async () => {
    expect(await waiting()).toBe(0);
    await send({ website: 'x' });
    await send({ website: 'x' });
    await send();
    expect(await waiting()).toBe(2);
    await mark(1, { version: await versionOf(1) });
    expect(await waiting()).toBe(1);
    expect(deps.accessLog.entries.filter((entry) => entry.action === 'enquiry.spamWaiting')).toHaveLength(3);
  });
});

describe('marking suspected spam genuine', () => {
  it('moves it into the message box as a new enquiry received now, mails staff and the visitor, and writes its history', async () => {
    const before = await send();
    const held = await send({ website: 'https://autofill.example' });
    const firstCame = (await deps.enquiries.get(held))?.RECEIVED_AT;
    expect(deps.mailer.sent.map((mail) => mail.to)).toEqual(['staff@example.com', VISITOR]);
    expect(await list({ spam: true })).toEqual({ indexes: [held], total: 1 });

    // Two days later a staff member (signed in then) finds it.
    deps.clock.advance(2 * 24 * 60 * 60 * 1000);
    token = await tokenWithRole(deps, ANNA, 'staff');
    const now = deps.clock.now();
    const answer = await mark(held, { version: await versionOf(held) });

    expect(answer.status).toBe(200);
    expect(answer.body.record).toMatchObject({
      POST_INDEX: held,
      REFERENCE: `MT-00000${held}`,
      SPAM: false,
      STATUS: 'new',
      OWNER: '',
      RECEIVED_AT: new Date(now).toISOString(),
      DATE: formatKoreaDateTime(now),
    });
    const stored = await deps.enquiries.get(held);
    expect(stored).toMatchObject({
      LIST: 'ALL',
      SECTION_LIST: 'ALL#컨시어지',
      LIST_SEQ: 2,
      SECTION_SEQ: 2,
      ...workListKeys('new', ''),
      SPAM_RECEIVED_AT: firstCame,
      MARKED_GENUINE_AT: new Date(now).toISOString(),
      MARKED_GENUINE_BY: ANNA,
    });
    // Out of the suspected-spam list; at the top of the message box, of its section and of today's dates.
    expect(await list({ spam: true })).toEqual({ indexes: [], total: 0 });
    expect(await list({})).toEqual({ indexes: [held, before], total: 2 });
    expect(await list({ section: '컨시어지' })).toEqual({ indexes: [held, before], total: 2 });
    const today = formatKoreaDate(now);
    expect(await list({ from: today, to: today })).toEqual({ indexes: [held], total: 1 });
    expect(await deps.counters.read(countCounter(workListKeys('new', '').STATUS_LIST))).toBe(2);
    // The staff notice and the acknowledgement it never had, as a new enquiry's.
    expect(deps.mailer.sent.map((mail) => mail.to)).toEqual([
      'staff@example.com',
      VISITOR,
      'staff@example.com',
      VISITOR,
    ]);
    expect(deps.mailer.sent.at(-1)?.subject).toContain(`MT-00000${held}`);
    expect(stored?.MAIL_STATUS).toBe('sent');
    // The history: who marked it, when it first came, why it was held.
    expect(
      (await deps.events.list(held)).map(({ type, actor, from, spamReason }) => ({ type, actor, from, spamReason })),
    ).toEqual([{ type: 'genuine', actor: ANNA, from: firstCame, spamReason: 'honeypot' }]);
    expect(deps.accessLog.entries.filter((entry) => entry.action === 'enquiry.genuine')).toMatchObject([
      { actor: ANNA, target: String(held) },
    ]);
    // The dashboard counts it on the day it joined the message box, open.
    const day = [...deps.aggregates.items.entries()].find(([key]) => key === `day:${today}`)?.[1].counters;
    expect(day).toMatchObject({ received: 1, 'section:컨시어지': 1, 'locale:vi': 1, open: 1 });
  });

  it('refuses what is no suspected spam, a number there is none of, and a bad body or number, and changes nothing', async () => {
    const kept = await send();
    const held = await send({ website: 'x' });
    const before = snapshot();
    const refusals = [
      [await mark(kept, { version: await versionOf(kept) }), 400, { index: 'A suspected-spam enquiry' }],
      [await mark(99, { version: 0 }), 404, undefined],
      [await mark(held, {}), 400, { version: "The enquiry's VERSION as read" }],
      [await mark(held, { version: 'soon' }), 400, { version: "The enquiry's VERSION as read" }],
      [await mark('0', { version: 0 }), 400, { index: 'A whole number from 1' }],
    ] as const;
    for (const [answer, status, fields] of refusals) {
      expect(answer.status).toBe(status);
      expect(answer.body.fields).toEqual(fields);
    }
    expect(snapshot()).toEqual(before);
  });

  it('refuses a mark at a version staff did not read (changed meanwhile) and changes nothing', async () => {
    const held = await send({ website: 'x' });
    const before = snapshot();
    const answer = await mark(held, { version: (await versionOf(held)) + 1 });
    expect(answer.status).toBe(409);
    expect(snapshot()).toEqual(before);
    expect(await waiting()).toBe(1);
  });

  it('keeps the totals right when the enquiry changed between the read and the write: the numbers drawn count as gone', async () => {
    await send();
    const held = await send({ website: 'x' });
    const version = await versionOf(held);
    const write = deps.enquiries.changeAtVersion.bind(deps.enquiries);
    deps.enquiries.changeAtVersion = async () => undefined;
    expect((await mark(held, { version })).status).toBe(409);
    deps.enquiries.changeAtVersion = write;
    expect((await list({})).total).toBe(1);
    expect((await list({ section: '컨시어지' })).total).toBe(1);
    expect(await waiting()).toBe(1);
    expect((await mark(held, { version })).status).toBe(200);
    expect((await list({})).total).toBe(2);
  });

  it('finishes on its retry when its mails could not be queued, without doubling the history, the counts or a mail', async () => {
    const held = await send({ website: 'x' });
    const version = await versionOf(held);
    const queue = deps.outbox.add.bind(deps.outbox);
    deps.outbox.add = async () => {
      throw dynamoRefused();
    };
    expect((await mark(held, { version })).status).toBe(503);
    expect((await deps.enquiries.get(held))?.SPAM).toBe(false);
    expect(deps.mailer.sent).toEqual([]);

    deps.outbox.add = queue;
    const retry = await mark(held, { version });
    expect(retry.status).toBe(200);
    expect(retry.body.record).toMatchObject({ SPAM: false, STATUS: 'new', MAIL_STATUS: 'sent' });
    expect(deps.mailer.sent.map((mail) => mail.to)).toEqual(['staff@example.com', VISITOR]);
    // A third call (a double click, an answer lost) changes nothing more.
    expect((await mark(held, { version })).status).toBe(200);
    expect(deps.mailer.sent).toHaveLength(2);
    expect((await deps.events.list(held)).map((event) => event.type)).toEqual(['genuine']);
    expect(await list({})).toEqual({ indexes: [held], total: 1 });
    expect(await deps.counters.read(countCounter(workListKeys('new', '').STATUS_LIST))).toBe(1);
    expect(await waiting()).toBe(0);
  });
});
