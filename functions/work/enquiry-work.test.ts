/**
 * Working an enquiry through its routes, with in-memory fakes: status and
 * owner with their history, the conflict when two staff members change the
 * same enquiry, the work-list filters and their counts, notes, replies
 * through the outbox (the reply templates: reply-templates.test.ts).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { EnquiryRecord } from '../../shared/enquiries/enquiry';
import {
  makeNoteHandler,
  makeOwnersHandler,
  makeReplyHandler,
  makeThreadHandler,
  makeWorkHandler,
} from './enquiry-work-handler';
import { makeSendmailHandler } from '../intake/sendmail-handler';
import { makeViewHandler } from '../enquiries/view-handler';
import { countCounter } from '../enquiries/enquiry-lists';
import { accountWithRole, tokenWithRole } from '../../tests/support/staff-accounts';
import { type FakeDeps, apiEvent, bodyOf, fakeDeps, jsonPost } from '../../tests/support/fakes';
import { sesRefused } from '../mail/fakes';
import { replyAddress, threadReference } from '../conversation/reply-address';
import { NOT_CHECKED_LOCALLY } from '../../shared/conversation/visitor-messages';

const ANNA = 'anna@centre.example';
const BORIS = 'boris@centre.example';

let deps: FakeDeps;
const tokens: Record<string, string> = {};

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

const as = (who: string) => ({ headers: { authorization: `Bearer ${tokens[who]}` } });
const work = (who: string, data: Record<string, unknown>) =>
  makeWorkHandler(deps)(jsonPost('/api/enquiry/work', data, as(who)));
const view = async (who: string, query: Record<string, unknown>) => {
  const response = await makeViewHandler(deps)(jsonPost('/api/view', query, as(who)));
  return {
    status: response.statusCode,
    records: response.statusCode === 200 ? (bodyOf(response) as EnquiryRecord[]) : [],
    total: Number(response.headers['X-Total-Count']),
    next: response.headers['X-Next-Cursor'],
  };
};

beforeEach(async () => {
  deps = fakeDeps();
  for (const email of [ANNA, BORIS]) tokens[email] = await tokenWithRole(deps, email, 'staff');
  const sendmail = makeSendmailHandler(deps);
  for (let i = 0; i < 3; i += 1) await sendmail(jsonPost('/api/sendmail', enquiry({ user_name: `Visitor ${i + 1}` })));
});

describe('status and owner', () => {
  it('starts new and unassigned, with its reference', async () => {
    const { records } = await view(ANNA, {});
    expect(
      records.map((record) => [record.REFERENCE, record.STATUS, record.OWNER, record.VERSION, record.LOCALE]),
    ).toEqual([
      ['MT-000003', 'new', '', 0, 'zh'],
      ['MT-000002', 'new', '', 0, 'zh'],
      ['MT-000001', 'new', '', 0, 'zh'],
    ]);
  });

  it('takes an enquiry, moves it on, and keeps every change in its history', async () => {
    const taken = await work(ANNA, { index: 2, version: 0, owner: ANNA, status: 'in_progress' });
    expect(taken.statusCode).toBe(200);
    expect(bodyOf(taken)).toMatchObject({ POST_INDEX: 2, STATUS: 'in_progress', OWNER: ANNA, VERSION: 1 });
    deps.clock.advance(60_000);
    const closed = await work(ANNA, { index: 2, version: 1, status: 'closed' });
    expect(bodyOf(closed)).toMatchObject({ STATUS: 'closed', OWNER: ANNA, VERSION: 2 });

    const thread = bodyOf(
      await makeThreadHandler(deps)(
        apiEvent({ method: 'GET', path: '/api/thread/2', params: { index: '2' }, ...as(BORIS) }),
      ),
    ) as { type: string; actor: string; from?: string; to?: string }[];
    expect(thread.map(({ type, actor, from, to }) => ({ type, actor, from, to }))).toEqual([
      { type: 'status', actor: ANNA, from: 'new', to: 'in_progress' },
      { type: 'owner', actor: ANNA, from: '', to: ANNA },
      { type: 'status', actor: ANNA, from: 'in_progress', to: 'closed' },
    ]);
    expect(deps.accessLog.entries.filter((entry) => entry.action === 'enquiry.work')).toHaveLength(2);
  });

  it('tells the later of two staff members about the earlier change instead of overwriting it', async () => {
    expect((await work(ANNA, { index: 1, version: 0, owner: ANNA })).statusCode).toBe(200);
    const late = await work(BORIS, { index: 1, version: 0, owner: BORIS });
    expect(late.statusCode).toBe(409);
    expect(bodyOf(late)).toMatchObject({ error: 'conflict', current: { POST_INDEX: 1, OWNER: ANNA, VERSION: 1 } });
    expect(deps.enquiries.items.get(1)).toMatchObject({ OWNER: ANNA, VERSION: 1 });
  });

  it('refuses an owner who is not an active staff account, spam, and an empty change', async () => {
    expect((await work(ANNA, { index: 1, version: 0, owner: 'stranger@example.test' })).statusCode).toBe(400);
    const account = deps.staff.items.get(BORIS);
    if (account) account.disabled = true;
    expect((await work(ANNA, { index: 1, version: 0, owner: BORIS })).statusCode).toBe(400);
    expect((await work(ANNA, { index: 1, version: 0 })).statusCode).toBe(400);
    expect((await work(ANNA, { index: 1, version: 0, status: 'lost' })).statusCode).toBe(400);
    await makeSendmailHandler(deps)(jsonPost('/api/sendmail', enquiry({ website: 'http://spam.example' })));
    expect((await work(ANNA, { index: 4, version: 0, status: 'closed' })).statusCode).toBe(400);
    expect((await work(ANNA, { index: 99, version: 0, status: 'closed' })).statusCode).toBe(404);
    expect(deps.enquiries.items.get(1)).toMatchObject({ STATUS: 'new', VERSION: 0 });
  });

  it('gives an enquiry only to an active staff member or admin: an editor, an invited, a disabled, a role-less or an unknown account is a clear 400 that changes nothing', async () => {
    const at = new Date(deps.clock.now()).toISOString();
    const accounts = {
      'eddie@centre.example': { role: 'editor' },
      'ina@centre.example': { passwordHash: '', invitationExpiresAt: deps.clock.now() + 86_400_000 },
      'dora@centre.example': { disabled: true },
    } as const;
    for (const [email, made] of Object.entries(accounts))
      await accountWithRole(deps.staff, email, 'role' in made ? made.role : 'staff', { createdAt: at, ...made });
    await accountWithRole(deps.staff, 'olga@centre.example', 'staff');
    delete deps.staff.items.get('olga@centre.example')?.role;
    const refusals: Record<string, string> = {
      'eddie@centre.example': 'Only staff members and admins own enquiries; this account is not one.',
      'olga@centre.example': 'Only staff members and admins own enquiries; this account is not one.',
      'ina@centre.example': 'This account has not taken up its invitation yet.',
      'dora@centre.example': 'This account is disabled.',
      'nobody@centre.example': 'There is no staff account with this address.',
    };
    for (const [owner, message] of Object.entries(refusals)) {
      const answer = await work(ANNA, { index: 1, version: 0, owner });
      expect(answer.statusCode).toBe(400);
      expect(bodyOf(answer)).toEqual({
        error: 'invalid_input',
        message,
        fields: { owner: 'An active staff member or admin' },
      });
    }
    expect(deps.enquiries.items.get(1)).toMatchObject({ OWNER: '', VERSION: 0 });
    expect(deps.events.items.filter((event) => event.type === 'owner')).toEqual([]);

    await accountWithRole(deps.staff, 'ada@centre.example', 'admin');
    expect((await work(ANNA, { index: 1, version: 0, owner: 'Ada@centre.example' })).statusCode).toBe(200);
    expect(deps.enquiries.items.get(1)).toMatchObject({ OWNER: 'ada@centre.example', VERSION: 1 });

    // The owner picker is offered exactly those who may own one.
    const owners = await makeOwnersHandler(deps)(apiEvent({ method: 'GET', path: '/api/owners', ...as(ANNA) }));
    expect(bodyOf(owners)).toEqual(['ada@centre.example', ANNA, BORIS]);
    expect(deps.accessLog.entries.at(-1)).toMatchObject({ actor: ANNA, action: 'enquiry.owners' });
    const editor = await tokenWithRole(deps, 'eddie@centre.example', 'editor');
    expect(
      (
        await makeOwnersHandler(deps)(
          apiEvent({ method: 'GET', path: '/api/owners', headers: { authorization: `Bearer ${editor}` } }),
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe('the message box by status and owner', () => {
  it('filters by status, by owner (mine, unassigned, an address) and both, with counts kept on write', async () => {
    await work(ANNA, { index: 1, version: 0, owner: ANNA, status: 'in_progress' });
    await work(BORIS, { index: 3, version: 0, owner: BORIS });
    const count = (key: string) => deps.counters.values.get(countCounter(key)) ?? 0;
    expect([count('status:new'), count('status:in_progress'), count('owner:-'), count(`owner:${ANNA}`)]).toEqual([
      2, 1, 1, 1,
    ]);

    expect((await view(ANNA, { status: 'new' })).records.map((record) => record.POST_INDEX)).toEqual([3, 2]);
    expect(await view(ANNA, { status: 'new' })).toMatchObject({ total: 2 });
    expect((await view(ANNA, { owner: 'mine' })).records.map((record) => record.POST_INDEX)).toEqual([1]);
    expect((await view(BORIS, { owner: 'mine' })).records.map((record) => record.POST_INDEX)).toEqual([3]);
    expect((await view(ANNA, { owner: 'unassigned' })).records.map((record) => record.POST_INDEX)).toEqual([2]);
    expect((await view(ANNA, { owner: BORIS, status: 'new' })).records.map((record) => record.POST_INDEX)).toEqual([3]);
    expect((await view(ANNA, { owner: 'mine', status: 'new' })).total).toBe(0);
  });

  it('pages a work list with the cursor', async () => {
    const first = await view(ANNA, { status: 'new', limit: 2 });
    expect(first.records.map((record) => record.POST_INDEX)).toEqual([3, 2]);
    expect(first.next).toBe('1');
    const second = await view(ANNA, { status: 'new', limit: 2, cursor: first.next });
    expect(second.records.map((record) => record.POST_INDEX)).toEqual([1]);
    expect(second.next).toBeUndefined();
  });

  it('finds one enquiry by its reference, and refuses status filters mixed with section ones', async () => {
    expect((await view(ANNA, { reference: 'MT-000002' })).records.map((record) => record.POST_INDEX)).toEqual([2]);
    expect((await view(ANNA, { reference: 'mt 2' })).records).toHaveLength(1);
    expect((await view(ANNA, { reference: 'MT-000099' })).records).toHaveLength(0);
    expect((await view(ANNA, { reference: 'hello' })).status).toBe(400);
    expect((await view(ANNA, { status: 'new', section: '병원예약' })).status).toBe(400);
  });
});

describe('notes', () => {
  it('adds an internal note with its author to the history, never mailing the visitor', async () => {
    const sent = deps.mailer.sent.length;
    const response = await makeNoteHandler(deps)(
      jsonPost('/api/enquiry/note', { index: 2, text: 'Called the clinic; waiting for a slot.' }, as(BORIS)),
    );
    expect(response.statusCode).toBe(200);
    expect(bodyOf(response)).toMatchObject({
      type: 'note',
      actor: BORIS,
      text: 'Called the clinic; waiting for a slot.',
    });
    expect(deps.mailer.sent).toHaveLength(sent);
    expect(
      (await makeNoteHandler(deps)(jsonPost('/api/enquiry/note', { index: 2, text: '   ' }, as(BORIS)))).statusCode,
    ).toBe(400);
  });
});

describe('replies', () => {
  const reply = (who: string, data: Record<string, unknown>) =>
    makeReplyHandler(deps)(jsonPost('/api/enquiry/reply', data, as(who)));

  it('mails the visitor with the reference in the subject, marks the enquiry answered, and shows the reply in the thread', async () => {
    const response = await reply(ANNA, {
      index: 2,
      version: 0,
      subject: '关于您的咨询',
      body: '您好！\n\n医院可以在12月10日为您看诊。',
    });
    expect(response.statusCode).toBe(200);
    expect(bodyOf(response)).toMatchObject({
      record: { STATUS: 'answered', VERSION: 1, FIRST_REPLY_AT: new Date(deps.clock.now()).toISOString() },
      mailStatus: 'sent',
    });
    const mail = deps.mailer.sent.at(-1);
    const addressing = { secret: deps.settings.REPLY_ADDRESS_SECRET, domain: deps.settings.INBOUND_DOMAIN };
    expect(mail).toMatchObject({
      to: 'li.wei@example.test',
      replyTo: replyAddress(addressing, 2),
      references: [threadReference(addressing, 2)],
      subject: '关于您的咨询 [MT-000002]',
    });
    expect(mail?.inReplyTo).toBeUndefined();
    expect(mail?.html).toContain('<html lang="zh-Hans">');
    expect(mail?.html).toContain('您好！</p>');
    const thread = bodyOf(
      await makeThreadHandler(deps)(
        apiEvent({ method: 'GET', path: '/api/thread/2', params: { index: '2' }, ...as(ANNA) }),
      ),
    ) as { type: string; mailStatus?: string }[];
    // The words too, for the visitor's page (the outbox is no public route's to read).
    expect(thread.find((event) => event.type === 'reply')).toMatchObject({
      text: '关于您的咨询',
      body: '您好！\n\n医院可以在12月10日为您看诊。',
      mailStatus: 'sent',
    });
  });

  it("answers the visitor's latest messages by mail: In-Reply-To the last, References the thread's then theirs", async () => {
    const visitor = (at: string, messageId: string) => ({
      postIndex: 2,
      at,
      type: 'visitorMessage' as const,
      actor: 'li.wei@example.test',
      text: '谢谢',
      visitor: {
        channel: 'mail' as const,
        subject: 'Re',
        receivedAt: at,
        verdicts: NOT_CHECKED_LOCALLY,
        attachments: [],
        fromEnquiryAddress: true,
        messageId,
      },
    });
    await deps.events.add(visitor('2026-11-22T09:00:00.000Z#m1', '<first@mail.example>'));
    await deps.events.add(visitor('2026-11-22T09:30:00.000Z#m2', '<second@mail.example>'));
    await reply(ANNA, { index: 2, version: 0, subject: '关于您的咨询', body: '您好' });
    const addressing = { secret: deps.settings.REPLY_ADDRESS_SECRET, domain: deps.settings.INBOUND_DOMAIN };
    expect(deps.mailer.sent.at(-1)).toMatchObject({
      inReplyTo: '<second@mail.example>',
      references: [threadReference(addressing, 2), '<first@mail.example>', '<second@mail.example>'],
    });
  });

  it('keeps a reply SES refused in the outbox for the retry job, and sends nothing written against a stale version', async () => {
    deps.mailer.failWith = sesRefused();
    const refused = await reply(ANNA, { index: 1, version: 0, subject: 'Your enquiry', body: 'Hello' });
    expect(bodyOf(refused)).toMatchObject({ mailStatus: 'pending' });
    deps.mailer.failWith = undefined;
    const stale = await reply(BORIS, { index: 1, version: 0, subject: 'Also hello', body: 'Hello again' });
    expect(stale.statusCode).toBe(409);
    expect([...deps.outbox.items.values()].filter((mail) => mail.kind === 'reply')).toHaveLength(1);
  });

  it('refuses a subject with a line break', async () => {
    expect((await reply(ANNA, { index: 1, version: 0, subject: 'Hi\r\nBcc: x@evil.test', body: 'x' })).statusCode).toBe(
      400,
    );
  });
});
