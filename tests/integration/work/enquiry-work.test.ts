/**
 * Working enquiries through the local server against the emulators: status
 * and owner with their history, the conflict case, the work lists and their
 * counts, notes, replies read back from the mailbox (and after an SES outage,
 * sent once), a visitor writing again (the waiting list, unread for the
 * owner, the owner's notice, the reply timed from the message), reply
 * templates (their versions: template-versions.test.ts).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardData } from '../../../shared/dashboard/dashboard';
import type { EnquiryRecord } from '../../../shared/enquiries/enquiry';
import { formatKoreaDate } from '../../../shared/korea-time';
import { hashPassword } from '../../../functions/accounts/passwords/passwords';
import { AGGREGATE } from '../../../functions/dashboard/dashboard';
import { visitorWrote } from '../../../functions/work/visitor-wrote';
import { SERVICE_UP } from '../../../local/faults/faults';
import { accountWithRole } from '../../support/staff-accounts';
import {
  STAFF,
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
const OTHER = { email: 'colleague@example.test', password: 'another long password' };
let otherToken: string;

beforeAll(async () => {
  stack = await startTestStack();
  await accountWithRole(stack.deps.staff, OTHER.email, 'staff', { passwordHash: await hashPassword(OTHER.password) });
  [token, otherToken] = await Promise.all([signIn(stack), signIn(stack, OTHER.email, OTHER.password)]);
  for (let i = 0; i < 4; i += 1) {
    const response = await postJson(stack, '/api/sendmail', {
      data: enquiry({ user_name: `Patient ${i}`, page_locale: 'ru' }),
    });
    expect(response.status).toBe(200);
  }
});
afterAll(() => stack?.dispose());

const work = (data: Record<string, unknown>, as = token) => postJson(stack, '/api/enquiry/work', { data }, as);
const list = async (query: Record<string, unknown>, as = token) => {
  const response = await postJson(stack, '/api/view', query, as);
  expect(response.status).toBe(200);
  return {
    records: (await response.json()) as EnquiryRecord[],
    total: Number(response.headers.get('x-total-count')),
    next: response.headers.get('x-next-cursor'),
  };
};
const thread = async (index: number) =>
  (await (await getWithToken(stack, `/api/thread/${index}`, token)).json()) as {
    type: string;
    actor: string;
    mailStatus?: string;
    text?: string;
  }[];

describe('status, owner and the conflict', () => {
  it('changes status and owner conditionally, telling the later writer what happened', async () => {
    const taken = await work({ index: 1, version: 0, owner: STAFF.email, status: 'in_progress' });
    expect(taken.status).toBe(200);
    expect(await taken.json()).toMatchObject({
      REFERENCE: 'MT-000001',
      STATUS: 'in_progress',
      OWNER: STAFF.email,
      VERSION: 1,
    });
    const late = await work({ index: 1, version: 0, owner: OTHER.email }, otherToken);
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ error: 'conflict', current: { OWNER: STAFF.email, VERSION: 1 } });
    expect((await thread(1)).map((event) => event.type)).toEqual(['status', 'owner']);
  });

  it('gives an enquiry only to an active staff member or admin, and offers only those in the picker', async () => {
    await accountWithRole(stack.deps.staff, 'editor@example.test', 'editor');
    await accountWithRole(stack.deps.staff, 'invited@example.test', 'staff', {
      passwordHash: '',
      invitationExpiresAt: Date.now() + 86_400_000,
    });
    await accountWithRole(stack.deps.staff, 'gone@example.test', 'staff', { disabled: true });
    const [before, history] = [(await list({ reference: 'MT-000003' })).records[0], await thread(3)];
    for (const owner of ['editor@example.test', 'invited@example.test', 'gone@example.test', 'nobody@example.test']) {
      const refused = await work({ index: 3, version: 0, owner });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        error: 'invalid_input',
        fields: { owner: 'An active staff member or admin' },
      });
    }
    expect((await list({ reference: 'MT-000003' })).records[0]).toEqual(before);
    expect(await thread(3)).toEqual(history);

    const owners = await getWithToken(stack, '/api/owners', token);
    expect(owners.status).toBe(200);
    expect(await owners.json()).toEqual([OTHER.email, STAFF.email].sort());
  });

  it('lists by status and owner with counts kept on write, and pages with the cursor', async () => {
    await work({ index: 2, version: 0, owner: OTHER.email }, otherToken);
    expect(await list({ status: 'new' })).toMatchObject({ total: 3 });
    expect((await list({ status: 'new' })).records.map((record) => record.POST_INDEX)).toEqual([4, 3, 2]);
    expect((await list({ owner: 'mine' })).records.map((record) => record.POST_INDEX)).toEqual([1]);
    expect((await list({ owner: 'mine' }, otherToken)).records.map((record) => record.POST_INDEX)).toEqual([2]);
    expect(await list({ owner: 'unassigned' })).toMatchObject({ total: 2 });
    const first = await list({ status: 'new', limit: 2 });
    expect(first.records.map((record) => record.POST_INDEX)).toEqual([4, 3]);
    const second = await list({ status: 'new', limit: 2, cursor: first.next });
    expect(second.records.map((record) => record.POST_INDEX)).toEqual([2]);
    expect((await list({ reference: 'MT-000003' })).records.map((record) => record.REFERENCE)).toEqual(['MT-000003']);
  });
});

describe('notes and replies', () => {
  it('keeps a note in the history without mailing anyone', async () => {
    const mails = (await capturedMail(stack)).length;
    const response = await postJson(
      stack,
      '/api/enquiry/note',
      { data: { index: 3, text: 'Called the clinic.' } },
      token,
    );
    expect(response.status).toBe(200);
    expect((await thread(3)).find((event) => event.type === 'note')).toMatchObject({
      actor: STAFF.email,
      text: 'Called the clinic.',
    });
    expect((await capturedMail(stack)).length).toBe(mails);
  });

  it('mails a reply to the visitor with the reference in the subject, marks the enquiry answered, and shows it delivered', async () => {
    const response = await postJson(
      stack,
      '/api/enquiry/reply',
      {
        data: { index: 3, version: 0, subject: 'Ваше обращение', body: 'Здравствуйте!\n\nВрач примет вас 10 декабря.' },
      },
      token,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ record: { STATUS: 'answered' }, mailStatus: 'sent' });
    const reply = (await capturedMail(stack)).find((mail) => mail.subject === 'Ваше обращение [MT-000003]');
    expect(reply?.destination.to).toEqual(['anna@example.test']);
    expect(reply?.body.text).toContain('Врач примет вас 10 декабря.');
    expect((await thread(3)).find((event) => event.type === 'reply')).toMatchObject({ mailStatus: 'sent' });
    expect((await list({ status: 'answered' })).records.map((record) => record.POST_INDEX)).toEqual([3]);
  });

  it('keeps a reply through an SES outage and sends it once when SES is back', async () => {
    await stack.faults.set('ses', { mode: 'refuse' });
    let answer: Response;
    try {
      answer = await postJson(
        stack,
        '/api/enquiry/reply',
        { data: { index: 4, version: 0, subject: 'Second try', body: 'Hello' } },
        token,
      );
    } finally {
      await stack.faults.set('ses', SERVICE_UP);
    }
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ mailStatus: 'pending' });
    const mailbox = async () => (await capturedMail(stack)).filter((mail) => mail.subject === 'Second try [MT-000004]');
    expect(await mailbox()).toHaveLength(0);
    // The retry job, after the back-off: delivered once, and again nothing.
    const realNow = Date.now;
    Date.now = () => realNow() + 10 * 60_000;
    try {
      await stack.runMailRetry();
      await stack.runMailRetry();
    } finally {
      Date.now = realNow;
    }
    expect(await mailbox()).toHaveLength(1);
    expect((await thread(4)).find((event) => event.type === 'reply')).toMatchObject({ mailStatus: 'sent' });
  });
});

describe('a visitor writes again', () => {
  const realNow = Date.now;
  afterEach(() => {
    Date.now = realNow;
  });
  const record = async (index: number, as = token) =>
    (await list({ reference: `MT-${String(index).padStart(6, '0')}` }, as)).records[0];
  const seen = (index: number, unreadAt: string | undefined, as: string) =>
    postJson(stack, '/api/enquiry/seen', { data: { index, unreadAt } }, as);

  it('puts it in the waiting list, unread for its owner until the owner opens it, and mails the owner once', async () => {
    // Enquiry 1: in progress, the signed-in staff member's.
    const message = {
      postIndex: 1,
      at: Date.now(),
      channel: 'mail' as const,
      preview: 'Спасибо! Можно перенести на 12 декабря?',
    };
    expect(await visitorWrote(stack.deps, message)).toMatchObject({
      enquiry: 'changed',
      status: 'visitor_replied',
      mailStatus: 'sent',
    });
    // The caller retries: nothing more happens.
    expect(await visitorWrote(stack.deps, message)).toMatchObject({ enquiry: 'unchanged', mailStatus: 'sent' });

    expect(await list({ status: 'visitor_replied' })).toMatchObject({
      total: 1,
      records: [{ POST_INDEX: 1, VERSION: 2, OWNER: STAFF.email }],
    });
    expect((await list({ status: 'visitor_replied', owner: 'mine' })).records.map((entry) => entry.POST_INDEX)).toEqual(
      [1],
    );
    expect(await list({ status: 'visitor_replied', owner: 'mine' }, otherToken)).toMatchObject({
      total: 0,
      records: [],
    });
    const exported = await getWithToken(stack, '/api/export.csv?status=visitor_replied', token);
    expect((await exported.text()).split('\r\n').filter(Boolean)).toHaveLength(2);

    const unreadAt = (await record(1))?.UNREAD_VISITOR_AT;
    expect(unreadAt).toBe(new Date(message.at).toISOString());
    const colleague = await seen(1, unreadAt, otherToken);
    expect(colleague.status).toBe(200);
    expect(await colleague.json()).toEqual({ cleared: false });
    expect((await record(1))?.UNREAD_VISITOR_AT).toBe(unreadAt);
    expect(await (await seen(1, unreadAt, token)).json()).toEqual({ cleared: true });
    expect((await record(1))?.UNREAD_VISITOR_AT).toBeUndefined();

    const notices = (await capturedMail(stack)).filter(
      (mail) => mail.subject === '[의료관광 문의 MT-000001] 방문자의 새 메시지',
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]?.destination.to).toEqual([STAFF.email]);
    expect(notices[0]?.body.text).toContain('Спасибо! Можно перенести на 12 декабря?');
    expect(notices[0]?.body.text).toContain(`${stack.deps.settings.SITE_URL}/detail/1`);
  });

  it('times the reply that answers the message from the message on the dashboard', async () => {
    // Enquiry 3 was answered above; nobody owns it, so the notice goes to the staff inbox.
    const dashboard = async () => (await (await getWithToken(stack, '/api/dashboard', token)).json()) as DashboardData;
    const timed = (await dashboard()).replyTime.count;
    const start = Date.now();
    await visitorWrote(stack.deps, { postIndex: 3, at: start, channel: 'page', preview: 'One more question.' });
    expect(
      (await capturedMail(stack)).find((mail) => mail.subject === '[의료관광 문의 MT-000003] 방문자의 새 메시지')
        ?.destination.to,
    ).toEqual([stack.deps.settings.MAIL_TO]);
    // Staff answer 90 minutes later (the stack's clock is the system's).
    Date.now = () => start + 90 * 60_000;
    const waiting = await record(3);
    expect(waiting).toMatchObject({ STATUS: 'visitor_replied' });
    const answered = await postJson(
      stack,
      '/api/enquiry/reply',
      { data: { index: 3, version: waiting?.VERSION, subject: 'Ответ', body: 'Да.' } },
      token,
    );
    expect(await answered.json()).toMatchObject({
      record: { STATUS: 'answered', LAST_REPLY_AT: new Date(start + 90 * 60_000).toISOString() },
    });
    expect((await dashboard()).replyTime.count).toBe(timed + 1);
    const today = await stack.deps.aggregates.getMany([AGGREGATE.dayKey(formatKoreaDate(Date.now()))]);
    expect(today.get(AGGREGATE.dayKey(formatKoreaDate(Date.now())))?.lists[AGGREGATE.replyMinutes]).toContain(90);
  });
});

describe('reply templates', () => {
  it('lists 24 templates and keeps an edited one', async () => {
    const before = (await (await getWithToken(stack, '/api/templates', token)).json()) as {
      section: string;
      locale: string;
      edited: boolean;
    }[];
    expect(before).toHaveLength(24);
    const saved = await postJson(
      stack,
      '/api/templates',
      { data: { section: '통역예약', locale: 'ja', revision: 0, subject: '通訳 {reference}', body: '{name} 様' } },
      token,
    );
    expect(saved.status).toBe(200);
    const after = (await (await getWithToken(stack, '/api/templates', token)).json()) as {
      section: string;
      locale: string;
      subject: string;
      edited: boolean;
    }[];
    expect(after.find((template) => template.section === '통역예약' && template.locale === 'ja')).toMatchObject({
      subject: '通訳 {reference}',
      edited: true,
    });
  });
});
