/**
 * The enquiry reacting to a visitor's message, with in-memory fakes: the
 * status from each starting state, the "waiting for us" list and its counts,
 * the unread mark and who takes it off, the owner's notice, the reply timed
 * from the message; and the caller's retries: twice is once, a failing step
 * throws and the retry completes, an erased enquiry is left alone.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EnquiryRecord } from '../../shared/enquiries/enquiry';
import type { EnquiryStatus } from '../../shared/work/enquiry-work';
import { makeReplyHandler, makeSeenHandler, makeWorkHandler } from './enquiry-work-handler';
import { PREVIEW_MAX } from '../mail/html-text';
import { type VisitorMessage, visitorWrote } from './visitor-wrote';
import { visitorNoticeId } from '../mail/visitor-notice/notice-ids';
import { makeSendmailHandler } from '../intake/sendmail-handler';
import { makeViewHandler } from '../enquiries/view-handler';
import { countCounter, workListKeys } from '../enquiries/enquiry-lists';
import { AGGREGATE } from '../dashboard/dashboard';
import { eraseSubject } from '../privacy/erasure';
import { retryDueMail } from '../mail/outbox/mail-delivery';
import { sesRefused } from '../mail/fakes';
import { tokenWithRole } from '../../tests/support/staff-accounts';
import { type FakeDeps, bodyOf, dynamoRefused, fakeDeps, jsonPost } from '../../tests/support/fakes';

const ANNA = 'anna@centre.example';
const BORIS = 'boris@centre.example';

let deps: FakeDeps;
const tokens: Record<string, string> = {};

const as = (who: string) => ({ headers: { authorization: `Bearer ${tokens[who]}` } });
const work = (who: string, data: Record<string, unknown>) =>
  makeWorkHandler(deps)(jsonPost('/api/enquiry/work', data, as(who)));
const reply = (who: string, data: Record<string, unknown>) =>
  makeReplyHandler(deps)(jsonPost('/api/enquiry/reply', data, as(who)));
const seen = (who: string, data: Record<string, unknown>) =>
  makeSeenHandler(deps)(jsonPost('/api/enquiry/seen', data, as(who)));
const view = async (who: string, query: Record<string, unknown>) => {
  const response = await makeViewHandler(deps)(jsonPost('/api/view', query, as(who)));
  return { records: bodyOf(response) as EnquiryRecord[], total: Number(response.headers['X-Total-Count']) };
};
const stored = (index: number) => deps.enquiries.items.get(index);
const notices = () => [...deps.outbox.items.values()].filter((mail) => mail.kind === 'visitor');
const message = (overrides: Partial<VisitorMessage> = {}): VisitorMessage => ({
  postIndex: 1,
  at: deps.clock.now(),
  channel: 'mail',
  preview: 'Thank you! Can I come on the 12th instead?',
  ...overrides,
});

beforeEach(async () => {
  deps = fakeDeps();
  for (const email of [ANNA, BORIS]) tokens[email] = await tokenWithRole(deps, email, 'staff');
  const sendmail = makeSendmailHandler(deps);
  for (let i = 0; i < 3; i += 1) {
    await sendmail(
      jsonPost('/api/sendmail', {
        user_name: `Visitor ${i + 1}`,
        user_email: `visitor${i + 1}@example.test`,
        section: '병원예약',
        consent_privacy: true,
        consent_health: true,
        page_locale: 'ru',
      }),
    );
  }
  deps.mailer.sent.length = 0;
  deps.clock.advance(60 * 60_000);
});

describe('the status a message leaves', () => {
  /** Enquiry 1 in `status`, owned by Anna (a new one by nobody: taking it moves it on). */
  async function inStatus(status: EnquiryStatus) {
    if (status === 'new') return;
    expect((await work(ANNA, { index: 1, version: 0, owner: ANNA, status })).statusCode).toBe(200);
  }

  it.each([
    ['new', 'new'],
    ['in_progress', 'visitor_replied'],
    ['visitor_replied', 'visitor_replied'],
    ['answered', 'visitor_replied'],
    ['closed', 'visitor_replied'],
  ] as const)('%s becomes %s, with its work lists and open counts moved', async (from, to) => {
    await inStatus(from);
    const owner = from === 'new' ? '' : ANNA;
    const version = stored(1)?.VERSION ?? 0;
    const openBefore = deps.aggregates.items.get(AGGREGATE.totalsKey)?.counters['open'];
    const outcome = await visitorWrote(deps, message());
    expect(outcome).toMatchObject({ enquiry: 'changed', status: to, mailStatus: 'sent' });
    const at = new Date(message().at).toISOString();
    expect(stored(1)).toMatchObject({
      STATUS: to,
      OWNER: owner,
      VERSION: version + 1,
      LAST_VISITOR_AT: at,
      UNREAD_VISITOR_AT: at,
      LAST_VISITOR_CHANNEL: 'mail',
      ...workListKeys(to, owner),
    });
    if (from !== to) {
      expect(deps.counters.values.get(countCounter(workListKeys(from, owner).STATUS_LIST))).toBe(0);
      expect(deps.counters.values.get(countCounter(workListKeys(to, owner).STATUS_LIST))).toBe(1);
    }
    // Answered and closed enquiries are open again; the others were open already.
    const reopened = from === 'answered' || from === 'closed' ? 1 : 0;
    expect(deps.aggregates.items.get(AGGREGATE.totalsKey)?.counters['open']).toBe((openBefore ?? 0) + reopened);
  });

  it('writes nothing in the history: the message is there by its caller', async () => {
    await inStatus('answered');
    const events = deps.events.items.length;
    await visitorWrote(deps, message());
    expect(deps.events.items).toHaveLength(events);
  });

  it('leaves suspected spam and an enquiry that is gone alone, without an error', async () => {
    const spam = stored(3);
    if (spam) Object.assign(spam, { SPAM: true });
    const before = structuredClone(stored(3));
    expect(await visitorWrote(deps, message({ postIndex: 3 }))).toEqual({ enquiry: 'spam' });
    expect(stored(3)).toEqual(before);
    await eraseSubject(deps, ANNA, 'visitor2@example.test', 'asked to be forgotten');
    expect(await visitorWrote(deps, message({ postIndex: 2 }))).toEqual({ enquiry: 'removed' });
    expect(await visitorWrote(deps, message({ postIndex: 99 }))).toEqual({ enquiry: 'removed' });
    expect(notices()).toEqual([]);
    expect(deps.mailer.sent).toEqual([]);
  });

  it('refuses a message it cannot read, changing nothing', async () => {
    const before = structuredClone(stored(1));
    for (const bad of [
      { postIndex: 0 },
      { postIndex: 1.5 },
      { at: Number.NaN },
      { at: -1 },
      { channel: 'fax' as 'mail' },
      { preview: undefined as unknown as string },
    ]) {
      await expect(visitorWrote(deps, message(bad))).rejects.toThrow(TypeError);
    }
    expect(stored(1)).toEqual(before);
    expect(notices()).toEqual([]);
  });
});

describe("the caller's retries", () => {
  it('handles the same message twice as once: one version, one notice, one mail', async () => {
    await work(ANNA, { index: 1, version: 0, owner: ANNA, status: 'answered' });
    const once = message();
    expect(await visitorWrote(deps, once)).toMatchObject({ enquiry: 'changed' });
    deps.clock.advance(5 * 60_000);
    expect(await visitorWrote(deps, once)).toMatchObject({
      enquiry: 'unchanged',
      status: 'visitor_replied',
      mailStatus: 'sent',
    });
    expect(stored(1)?.VERSION).toBe(2);
    expect(notices()).toHaveLength(1);
    expect(deps.mailer.sent).toHaveLength(1);
    expect(deps.counters.values.get(countCounter(workListKeys('visitor_replied', ANNA).STATUS_LIST))).toBe(1);
  });

  it('throws when the table refuses the change, and the retry completes it once', async () => {
    const at = message().at;
    vi.spyOn(deps.enquiries, 'changeWork').mockRejectedValueOnce(dynamoRefused());
    await expect(visitorWrote(deps, message({ at }))).rejects.toThrow('DynamoDB refused the call');
    expect(stored(1)).toMatchObject({ VERSION: 0 });
    expect(notices()).toEqual([]);
    expect(await visitorWrote(deps, message({ at }))).toMatchObject({ enquiry: 'changed', mailStatus: 'sent' });
    expect(stored(1)).toMatchObject({ VERSION: 1, LAST_VISITOR_AT: new Date(at).toISOString() });
    expect(deps.mailer.sent).toHaveLength(1);
  });

  it('throws when the outbox refuses the notice after the change, and the retry queues and sends it once', async () => {
    const at = message().at;
    vi.spyOn(deps.outbox, 'add').mockRejectedValueOnce(dynamoRefused());
    await expect(visitorWrote(deps, message({ at }))).rejects.toThrow();
    expect(stored(1)?.VERSION).toBe(1);
    expect(await visitorWrote(deps, message({ at }))).toMatchObject({ enquiry: 'unchanged', mailStatus: 'sent' });
    expect(stored(1)?.VERSION).toBe(1);
    expect(deps.mailer.sent).toHaveLength(1);
    await visitorWrote(deps, message({ at }));
    expect(deps.mailer.sent).toHaveLength(1);
  });

  it('leaves a notice SES refused to the retry job, which sends it once whatever the caller retries', async () => {
    deps.mailer.failWith = sesRefused();
    const at = message().at;
    expect(await visitorWrote(deps, message({ at }))).toMatchObject({ enquiry: 'changed', mailStatus: 'pending' });
    deps.mailer.failWith = undefined;
    deps.clock.advance(10 * 60_000);
    await retryDueMail(deps);
    await visitorWrote(deps, message({ at }));
    await retryDueMail(deps);
    expect(deps.mailer.sent).toHaveLength(1);
    expect(stored(1)?.VERSION).toBe(1);
  });

  it("writes over no staff change made meanwhile: it reads the enquiry again and keeps the colleague's owner", async () => {
    const realChange = deps.enquiries.changeWork.bind(deps.enquiries);
    let raced = false;
    vi.spyOn(deps.enquiries, 'changeWork').mockImplementation(async (index, version, change) => {
      if (!raced) {
        raced = true;
        // Boris takes the enquiry between the visitor's read and write.
        expect((await work(BORIS, { index: 1, version: 0, owner: BORIS, status: 'in_progress' })).statusCode).toBe(200);
      }
      return realChange(index, version, change);
    });
    expect(await visitorWrote(deps, message())).toMatchObject({ enquiry: 'changed', status: 'visitor_replied' });
    expect(stored(1)).toMatchObject({ OWNER: BORIS, STATUS: 'visitor_replied', VERSION: 2 });
    expect(deps.mailer.sent.at(-1)?.to).toBe(BORIS);
  });

  it('keeps the later of two messages when an earlier one is retried after it, and tells the owner of both', async () => {
    const earlier = message().at;
    deps.clock.advance(60_000);
    const later = message({ preview: 'And my husband comes too.' }).at;
    await visitorWrote(deps, message({ at: later, preview: 'And my husband comes too.' }));
    expect(await visitorWrote(deps, message({ at: earlier }))).toMatchObject({ enquiry: 'unchanged' });
    expect(stored(1)).toMatchObject({ LAST_VISITOR_AT: new Date(later).toISOString(), VERSION: 1 });
    expect(
      notices()
        .map((mail) => mail.mailId)
        .sort(),
    ).toEqual([visitorNoticeId(1, earlier), visitorNoticeId(1, later)].sort());
  });

  it('skips a queued notice whose enquiry was erased before it went out', async () => {
    deps.mailer.failWith = sesRefused();
    await visitorWrote(deps, message());
    deps.mailer.failWith = undefined;
    await eraseSubject(deps, ANNA, 'visitor1@example.test', 'asked to be forgotten');
    deps.clock.advance(10 * 60_000);
    await retryDueMail(deps);
    expect(deps.mailer.sent).toEqual([]);
    expect(notices().map((mail) => [mail.status, mail.queue])).toEqual([['skipped', undefined]]);
  });
});

describe("the owner's notice", () => {
  it('tells the owner in Korean: reference, section, when and how, the first words and a link; nothing else of the visitor', async () => {
    await work(ANNA, { index: 1, version: 0, owner: ANNA, status: 'answered' });
    await visitorWrote(
      deps,
      message({ channel: 'page', preview: `Dear centre,\n\nplease move my visit.  ${'x'.repeat(400)}` }),
    );
    const mail = deps.mailer.sent[0];
    expect(mail).toMatchObject({ to: ANNA, subject: '[의료관광 문의 MT-000001] 방문자의 새 메시지' });
    expect(mail?.replyTo).toBeUndefined();
    expect(mail?.text).toContain('방문자가 문의 MT-000001에 새 메시지를 보냈습니다');
    expect(mail?.text).toContain('관리자 화면: https://site.example/detail/1');
    expect(mail?.text).toContain('받은 곳: 방문자 페이지');
    expect(mail?.text).toContain('받은 일시 (한국 시간): 2026-11-22 20:00');
    const preview = /메시지 미리 보기: (.*)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(preview.startsWith('Dear centre, please move my visit. xxx')).toBe(true);
    expect(Array.from(preview)).toHaveLength(PREVIEW_MAX);
    for (const text of [mail?.text, mail?.html]) {
      expect(text).not.toContain('Visitor 1');
      expect(text).not.toContain('visitor1@example.test');
    }
    expect(mail?.html).toContain('<a href="https://site.example/detail/1">');
  });

  it('goes to the staff inbox while nobody owns the enquiry', async () => {
    await visitorWrote(deps, message());
    expect(deps.mailer.sent.map((mail) => mail.to)).toEqual([deps.settings.MAIL_TO]);
  });
});

describe('unread, and waiting for us', () => {
  it('lists the enquiries waiting for us, for everyone and for their owner, from their index and counter', async () => {
    await work(ANNA, { index: 1, version: 0, owner: ANNA, status: 'answered' });
    await work(BORIS, { index: 2, version: 0, owner: BORIS, status: 'closed' });
    await visitorWrote(deps, message({ postIndex: 1 }));
    await visitorWrote(deps, message({ postIndex: 2 }));
    await visitorWrote(deps, message({ postIndex: 3 }));
    expect(await view(ANNA, { status: 'visitor_replied' })).toMatchObject({ total: 2 });
    expect((await view(ANNA, { status: 'visitor_replied' })).records.map((record) => record.POST_INDEX)).toEqual([
      2, 1,
    ]);
    expect(
      (await view(ANNA, { status: 'visitor_replied', owner: 'mine' })).records.map((record) => record.POST_INDEX),
    ).toEqual([1]);
    // A new one stays in the new list, unread too.
    expect(
      (await view(ANNA, { status: 'new' })).records.map((record) => [
        record.POST_INDEX,
        record.UNREAD_VISITOR_AT !== undefined,
      ]),
    ).toEqual([[3, true]]);
  });

  it("is read once its owner opens it, not when a colleague does; a message newer than the owner's page stays unread", async () => {
    await work(ANNA, { index: 1, version: 0, owner: ANNA, status: 'answered' });
    await visitorWrote(deps, message());
    const unreadAt = stored(1)?.UNREAD_VISITOR_AT;
    expect(bodyOf(await seen(BORIS, { index: 1, unreadAt }))).toEqual({ cleared: false });
    expect(stored(1)?.UNREAD_VISITOR_AT).toBe(unreadAt);
    deps.clock.advance(60_000);
    await visitorWrote(deps, message({ at: deps.clock.now() }));
    expect(bodyOf(await seen(ANNA, { index: 1, unreadAt }))).toEqual({ cleared: false });
    const newest = stored(1)?.UNREAD_VISITOR_AT;
    expect(bodyOf(await seen(ANNA, { index: 1, unreadAt: newest }))).toEqual({ cleared: true });
    expect(stored(1)?.UNREAD_VISITOR_AT).toBeUndefined();
    // Reading is no work change: the version stays, a colleague's page stays current.
    expect(stored(1)?.VERSION).toBe(3);
    expect(
      deps.accessLog.entries.filter((entry) => entry.action === 'enquiry.seen').map((entry) => entry.actor),
    ).toEqual([BORIS, ANNA, ANNA]);
  });

  it('is read by whoever opens it while nobody owns it; refuses a malformed mark and an unknown enquiry', async () => {
    await visitorWrote(deps, message());
    const unreadAt = stored(1)?.UNREAD_VISITOR_AT;
    expect((await seen(BORIS, { index: 1, unreadAt: 'yesterday' })).statusCode).toBe(400);
    expect((await seen(BORIS, { index: 99, unreadAt })).statusCode).toBe(404);
    expect(stored(1)?.UNREAD_VISITOR_AT).toBe(unreadAt);
    expect(bodyOf(await seen(BORIS, { index: 1, unreadAt }))).toEqual({ cleared: true });
  });
});

describe('the reply that answers the message', () => {
  it('is timed on the dashboard from the message, not from the enquiry; a reply to nothing new is not timed', async () => {
    const sent = await reply(ANNA, { index: 1, version: 0, subject: 'Your visit', body: 'See you on the 10th.' });
    expect(bodyOf(sent)).toMatchObject({
      record: {
        STATUS: 'answered',
        LAST_REPLY_AT: '2026-11-22T11:00:00.000Z',
        FIRST_REPLY_AT: '2026-11-22T11:00:00.000Z',
      },
    });
    deps.clock.advance(2 * 60 * 60_000);
    await visitorWrote(deps, message());
    deps.clock.advance(45 * 60_000);
    // The staff member's page read the enquiry before the message: their reply is refused and they see it first.
    expect((await reply(ANNA, { index: 1, version: 1, subject: 'Again', body: 'x' })).statusCode).toBe(409);
    const answer = await reply(ANNA, { index: 1, version: 2, subject: 'The 12th', body: 'The 12th works too.' });
    expect(bodyOf(answer)).toMatchObject({
      record: {
        STATUS: 'answered',
        FIRST_REPLY_AT: '2026-11-22T11:00:00.000Z',
        LAST_REPLY_AT: '2026-11-22T13:45:00.000Z',
      },
    });
    await reply(ANNA, { index: 1, version: 3, subject: 'PS', body: 'Bring your scans.' });
    const day = deps.aggregates.items.get(AGGREGATE.dayKey('2026-11-22'));
    // The first reply an hour after the enquiry came in; the second 45 minutes after the visitor's message; the third not timed.
    expect(day?.lists[AGGREGATE.replyMinutes]).toEqual([60, 45]);
    expect(day?.counters[AGGREGATE.firstReplies]).toBe(1);
  });
});
