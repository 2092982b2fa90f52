/**
 * The visitor's page through its routes, with in-memory fakes: links minted
 * as capabilities (random, kept only as hashes), the page's view (what the
 * visitor may read and nothing staff keep), a message written there (the
 * form's defences, once per message id), every link that opens nothing
 * answered alike and limited per network, and staff replacing the links.
 */
import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { RECEIPT_TEXT } from '../../shared/intake/receipt-text';
import { VISITOR_LINK_MAIL_TEXT } from '../../shared/visitor/link-mail-text';
import {
  VISITOR_MESSAGES_PER_ENQUIRY_PER_DAY,
  VISITOR_MESSAGE_MAX,
  type VisitorEnquiryView,
} from '../../shared/visitor/visitor-page';
import { type FakeDeps, apiEvent, bodyOf, fakeDeps, jsonPost } from '../../tests/support/fakes';
import { tokenWithRole } from '../../tests/support/staff-accounts';
import { makeSendmailHandler } from '../intake/sendmail-handler';
import { retryDueMail } from '../mail/outbox/mail-delivery';
import { eraseSubject } from '../privacy/erasure';
import { makeTagsHandler } from '../tags/tags-handler';
import { makeNoteHandler, makeReplyHandler, makeThreadHandler, makeWorkHandler } from '../work/enquiry-work-handler';
import {
  makeReplaceVisitorLinkHandler,
  makeVisitorEnquiryHandler,
  makeVisitorMessageHandler,
} from './visitor-page-handler';
import { mintVisitorLink, visitorLinkHash } from './visitor-links';
import { storeVisitorMessage } from './visitor-page';

const ANNA = 'anna@centre.example';
const EDITH = 'edith@centre.example';
const VISITOR = 'olga@example.test';
let deps: FakeDeps;
let tokens: Record<string, string>;

const as = (email: string) => ({ headers: { authorization: `Bearer ${tokens[email]}` } });
const fragment = (url: string) => url.split('#')[1] ?? '';

async function read(link: string, sourceIp = '203.0.113.7') {
  const response = await makeVisitorEnquiryHandler(deps)(jsonPost('/api/visitor/enquiry', { link }, { sourceIp }));
  return {
    status: response.statusCode,
    headers: response.headers,
    body: bodyOf(response) as VisitorEnquiryView & {
      error?: string;
      message?: string;
      fields?: Record<string, string>;
    },
  };
}
async function write(data: Record<string, unknown>, sourceIp = '203.0.113.7') {
  const response = await makeVisitorMessageHandler(deps)(
    jsonPost('/api/visitor/message', { message_id: crypto.randomUUID(), form_fill_ms: 20_000, ...data }, { sourceIp }),
  );
  return {
    status: response.statusCode,
    headers: response.headers,
    body: bodyOf(response) as VisitorEnquiryView & { error?: string; fields?: Record<string, string> },
  };
}
async function replace(email: string, data: Record<string, unknown>) {
  const response = await makeReplaceVisitorLinkHandler(deps)(jsonPost('/api/enquiry/visitor-link', data, as(email)));
  return {
    status: response.statusCode,
    body: bodyOf(response) as { record: { VERSION: number }; mailStatus: string; error?: string },
  };
}

beforeEach(async () => {
  deps = fakeDeps();
  tokens = { [ANNA]: await tokenWithRole(deps, ANNA, 'staff'), [EDITH]: await tokenWithRole(deps, EDITH, 'editor') };
  const sendmail = makeSendmailHandler(deps);
  await sendmail(
    jsonPost('/api/sendmail', {
      user_name: 'Olga',
      user_email: VISITOR,
      phone: '+7 900 000-00-00',
      section: '호텔예약',
      hotel: 'Harbour Hotel',
      start: '2026-12-10',
      finish: '2026-12-14',
      user_Room: 2,
      user_count: 3,
      message: 'A quiet room, please.',
      consent_privacy: true,
      page_locale: 'ru',
    }),
  );
  await sendmail(
    jsonPost('/api/sendmail', {
      user_name: 'Ben',
      user_email: 'ben@example.test',
      section: '컨시어지',
      consent_privacy: true,
      page_locale: 'en',
    }),
  );
});

describe('a link to the visitor page', () => {
  it('carries at least 128 random bits after "#" and the enquiry keeps only their SHA-256, one per mail', async () => {
    const first = await mintVisitorLink(deps, 1, 'ru');
    const second = await mintVisitorLink(deps, 1, 'ru');
    expect(first).toMatch(/^https:\/\/site\.example\/my-enquiry\/ru#1\.[A-Za-z0-9_-]{43}$/);
    const secrets = [first, second].map((url) => fragment(url).split('.')[1] ?? '');
    expect(Buffer.from(secrets[0] ?? '', 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    expect(secrets[0]).not.toBe(secrets[1]);
    const stored = deps.enquiries.items.get(1);
    // Beside the link the acknowledgement carried (minted as it was sent), one per mint.
    expect(stored?.VISITOR_LINK_HASHES?.size).toBe(3);
    for (const secret of secrets)
      expect(stored?.VISITOR_LINK_HASHES).toContain(createHash('sha256').update(secret).digest('hex'));
    const everythingStored = JSON.stringify({
      enquiry: { ...stored, VISITOR_LINK_HASHES: [...(stored?.VISITOR_LINK_HASHES ?? [])] },
      events: deps.events.items,
      outbox: [...deps.outbox.items.values()],
    });
    for (const secret of secrets) expect(everythingStored).not.toContain(secret);
    // Both mails' links open the page.
    expect((await read(fragment(first))).status).toBe(200);
    expect((await read(fragment(second))).status).toBe(200);
  });

  it('is minted only for an enquiry that exists', async () => {
    await expect(mintVisitorLink(deps, 99, 'en')).rejects.toThrow(/99/);
  });

  it('never shows in the staff record', async () => {
    await mintVisitorLink(deps, 1, 'ru');
    const thread = await makeThreadHandler(deps)(
      apiEvent({ method: 'GET', path: '/api/thread/1', params: { index: '1' }, ...as(ANNA) }),
    );
    expect(thread.body).not.toContain('VISITOR_LINK');
    const work = await makeWorkHandler(deps)(
      jsonPost('/api/enquiry/work', { index: 1, version: 0, status: 'in_progress' }, as(ANNA)),
    );
    expect(work.body).not.toContain('VISITOR_LINK');
  });
});

describe('reading the enquiry by its link', () => {
  it('answers the reference, where it stands, what was sent and the conversation, oldest first, and nothing staff keep for themselves', async () => {
    const link = fragment(await mintVisitorLink(deps, 1, 'ru'));
    expect((await read(link)).body).toEqual({
      reference: 'MT-000001',
      locale: 'ru',
      standing: 'received',
      // The words typed wait for a person to answer: the acknowledgement links here, and goes to whatever address was typed.
      sent: {
        receivedAt: '2026-11-22T10:00:00.000Z',
        section: '호텔예약',
        start: '2026-12-10',
        finish: '2026-12-14',
        people: 3,
        rooms: 2,
      },
      conversation: [],
    });

    await makeWorkHandler(deps)(jsonPost('/api/enquiry/work', { index: 1, version: 0, owner: ANNA }, as(ANNA)));
    await makeNoteHandler(deps)(
      jsonPost('/api/enquiry/note', { index: 1, text: 'Internal: ask the hotel about the upgrade.' }, as(ANNA)),
    );
    await makeTagsHandler(deps)(jsonPost('/api/enquiry/tags', { index: 1, add: ['VIP'] }, as(ANNA)));
    deps.clock.advance(60_000);
    await makeReplyHandler(deps)(
      jsonPost(
        '/api/enquiry/reply',
        { index: 1, version: 1, subject: 'Ваш номер', body: 'Здравствуйте!\n\nНомер забронирован.' },
        as(ANNA),
      ),
    );
    deps.clock.advance(60_000);
    expect((await write({ link, text: 'Спасибо!' })).status).toBe(200);

    const { status, body } = await read(link);
    expect(status).toBe(200);
    expect(body.sent.message).toBe('A quiet room, please.');
    // The enquiry reacted (work/visitor-wrote.ts): waiting for staff, which the visitor reads as being worked on, and its owner is told.
    expect(body.standing).toBe('in_progress');
    expect(deps.enquiries.items.get(1)).toMatchObject({
      STATUS: 'visitor_replied',
      UNREAD_VISITOR_AT: '2026-11-22T10:02:00.000Z',
    });
    expect(
      [...deps.outbox.items.values()].filter((mail) => mail.kind === 'visitor').map((mail) => mail.mailId),
    ).toEqual([`1:visitor:${Date.parse('2026-11-22T10:02:00.000Z')}`]);
    expect(body.conversation).toEqual([
      {
        at: '2026-11-22T10:01:00.000Z',
        from: 'centre',
        subject: 'Ваш номер',
        text: 'Здравствуйте!\n\nНомер забронирован.',
      },
      { at: '2026-11-22T10:02:00.000Z', from: 'visitor', text: 'Спасибо!' },
    ]);
    const answer = JSON.stringify(body);
    for (const staffOnly of [
      ANNA,
      'Internal',
      'VIP',
      'Olga',
      VISITOR,
      '+7 900',
      'Harbour Hotel',
      'visitor_replied',
      'OWNER',
      'NOTE',
      'UNREAD',
    ])
      expect(answer).not.toContain(staffOnly);
  });

  it('shows a reply sent before replies kept their words in the thread by its subject alone', async () => {
    await deps.events.add({
      postIndex: 1,
      at: '2026-11-22T10:00:30.000Z#0abcdef12',
      type: 'reply',
      actor: ANNA,
      text: 'An earlier reply',
      mailId: '1:reply:old',
    });
    const { body } = await read(fragment(await mintVisitorLink(deps, 1, 'ru')));
    expect(body.conversation).toEqual([
      { at: '2026-11-22T10:00:30.000Z', from: 'centre', subject: 'An earlier reply' },
    ]);
  });

  it('is refused from another site, and without a link', async () => {
    const link = fragment(await mintVisitorLink(deps, 1, 'ru'));
    const crossSite = await makeVisitorEnquiryHandler(deps)(
      jsonPost('/api/visitor/enquiry', { link }, { headers: { origin: 'https://evil.example' } }),
    );
    expect(crossSite.statusCode).toBe(403);
    const none = await read('');
    expect(none.status).toBe(400);
    expect(none.body.fields).toHaveProperty('link');
  });
});

describe('a link that opens nothing', () => {
  /** The store's reads, to see that each wrong link costs the same work. */
  function countReads() {
    let reads = 0;
    const get = deps.enquiries.get.bind(deps.enquiries);
    deps.enquiries.get = async (postIndex) => {
      reads += 1;
      return get(postIndex);
    };
    return () => reads;
  }

  it('answers the same 404 whether it is wrong, replaced, of an erased or spam enquiry, or of no enquiry, after the same reads', async () => {
    const good = fragment(await mintVisitorLink(deps, 1, 'ru'));
    const [, secret] = good.split('.');
    const replacedLink = fragment(await mintVisitorLink(deps, 2, 'en'));
    expect((await replace(ANNA, { index: 2, version: 0 })).status).toBe(200);
    await makeSendmailHandler(deps)(
      jsonPost('/api/sendmail', {
        user_name: 'Bot',
        user_email: 'bot@example.test',
        section: '컨시어지',
        consent_privacy: true,
        website: 'http://spam.example',
      }),
    );
    await deps.enquiries.addVisitorLinkHash(
      3,
      visitorLinkHash('spam-secret-'.padEnd(43, 'x')),
      '2026-11-22T10:00:00.000Z',
    );
    const erasedLink = fragment(await mintVisitorLink(deps, 1, 'ru'));
    await eraseSubject(deps, ANNA, VISITOR, 'visitor asked');

    const reads = countReads();
    const answers = [];
    for (const link of [
      `2.${secret}`,
      replacedLink,
      erasedLink,
      `3.${'spam-secret-'.padEnd(43, 'x')}`,
      `999.${secret}`,
    ])
      answers.push(await read(link, '198.51.100.1'));
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(answers[0]?.body);
    }
    expect(answers[0]?.body).toMatchObject({ error: 'not_found' });
    expect(reads()).toBe(answers.length);
    // Not even a link's form tells anything: a malformed one is the same 404 (there is no enquiry to read).
    expect((await read('not-a-link', '198.51.100.1')).body).toEqual(answers[0]?.body);
  });

  it('is counted per client network: past the limit every link waits, the right one too, with Retry-After; a right link is not counted', async () => {
    const good = fragment(await mintVisitorLink(deps, 1, 'ru'));
    for (let i = 0; i < 30; i += 1) expect((await read(good, '198.51.100.1')).status).toBe(200);
    for (let i = 0; i < deps.settings.LOGIN_FAILURES_PER_ADDRESS; i += 1)
      expect((await read(`1.${'A'.repeat(43)}`, '2001:db8:1:2::1')).status).toBe(404);
    const limited = await read(good, '2001:db8:1:2::99');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ error: 'rate_limited' });
    expect(Number(limited.headers['Retry-After'])).toBeGreaterThan(0);
    expect((await write({ link: good, text: 'Hello' }, '2001:db8:1:2::5')).status).toBe(429);
    // Another network reads on; the window passes.
    expect((await read(good, '198.51.100.1')).status).toBe(200);
    deps.clock.advance(15 * 60_000);
    expect((await read(good, '2001:db8:1:2::99')).status).toBe(200);
  });
});

describe('writing a message on the page', () => {
  let link = '';
  beforeEach(async () => {
    link = fragment(await mintVisitorLink(deps, 1, 'ru'));
  });

  it("stores it in the thread as the visitor's, marks the activity, and answers the conversation with it", async () => {
    deps.clock.advance(5 * 60_000);
    const { status, body } = await write({ link, text: '  Можно заехать на день позже?\nСпасибо.  ' });
    expect(status).toBe(200);
    expect(body.conversation).toEqual([
      { at: '2026-11-22T10:05:00.000Z', from: 'visitor', text: 'Можно заехать на день позже?\nСпасибо.' },
    ]);
    const [event] = (await deps.events.list(1)).filter((entry) => entry.type === 'visitorMessage');
    expect(event).toMatchObject({
      type: 'visitorMessage',
      actor: 'visitor',
      channel: 'page',
      text: 'Можно заехать на день позже?\nСпасибо.',
    });
    expect(event?.spamReason).toBeUndefined();
    expect(deps.enquiries.items.get(1)?.UPDATED_AT).toBe('2026-11-22T10:05:00.000Z');
    // Staff see it in the history.
    const thread = bodyOf(
      await makeThreadHandler(deps)(
        apiEvent({ method: 'GET', path: '/api/thread/1', params: { index: '1' }, ...as(ANNA) }),
      ),
    ) as { type: string }[];
    expect(thread.map((entry) => entry.type)).toContain('visitorMessage');
  });

  it('stores a message sent twice (the same message id) once, and answers both alike', async () => {
    const message_id = crypto.randomUUID();
    const first = await write({ link, text: 'Once', message_id });
    deps.clock.advance(30_000);
    const again = await write({ link, text: 'Once', message_id });
    expect(again.status).toBe(200);
    expect(again.body.conversation).toEqual(first.body.conversation);
    expect((await deps.events.list(1)).filter((entry) => entry.type === 'visitorMessage')).toHaveLength(1);
    // A resend is not another message against the limits.
    expect([...deps.throttle.counts.entries()].find(([key]) => key.startsWith('visitor-message:enquiry:1@'))?.[1]).toBe(
      1,
    );
  });

  it('stores the same message once when an earlier try claimed it but stopped before the thread', async () => {
    const message_id = crypto.randomUUID();
    await deps.submissions.claim(
      `visitor-message:1:${message_id}`,
      { postIndex: 1, claimedAt: deps.clock.now() - 1_000 },
      Math.floor(deps.clock.now() / 1000) + 60,
    );
    expect((await write({ link, text: 'Finished now', message_id })).body.conversation).toEqual([
      { at: '2026-11-22T09:59:59.000Z', from: 'visitor', text: 'Finished now' },
    ]);
    await storeVisitorMessage(deps, {
      postIndex: 1,
      at: (await deps.events.list(1))[0]?.at ?? '',
      text: 'Finished now',
      channel: 'page',
    });
    expect(await deps.events.list(1)).toHaveLength(1);
  });

  it.each([
    ['empty', { text: '   ' }, 'text'],
    ['too long', { text: 'x'.repeat(VISITOR_MESSAGE_MAX + 1) }, 'text'],
    ['without a message id', { message_id: undefined }, 'message_id'],
    ['with a message id that is no UUID', { message_id: 'twice' }, 'message_id'],
  ])('refuses a message %s with a 400 naming the field, storing nothing', async (_, data, field) => {
    const { status, body } = await write({ link, text: 'Hello', ...data });
    expect(status).toBe(400);
    expect(body.fields).toHaveProperty(field);
    expect(await deps.events.list(1)).toEqual([]);
  });

  it('stores nothing for a link that opens nothing, or from another site', async () => {
    expect((await write({ link: `1.${'B'.repeat(43)}`, text: 'Hello' })).status).toBe(404);
    const crossSite = await makeVisitorMessageHandler(deps)(
      jsonPost(
        '/api/visitor/message',
        { link, text: 'Hi', message_id: crypto.randomUUID() },
        { headers: { 'sec-fetch-site': 'cross-site' } },
      ),
    );
    expect(crossSite.statusCode).toBe(403);
    expect(await deps.events.list(1)).toEqual([]);
  });

  it("keeps a message that trips the form's spam checks with the reason, so nothing reacts to it", async () => {
    expect((await write({ link, text: 'Buy now', website: 'http://spam.example' })).status).toBe(200);
    deps.clock.advance(1_000);
    expect((await write({ link, text: 'Fast', form_fill_ms: 500 })).status).toBe(200);
    expect((await deps.events.list(1)).map((event) => event.spamReason)).toEqual(['honeypot', 'filled too fast']);
  });

  it('counts messages with the enquiries of the same network, per minute', async () => {
    for (let i = 0; i < deps.settings.SEND_LIMIT_PER_MINUTE; i += 1)
      expect((await write({ link, text: `Message ${i}` }, '192.0.2.50')).status).toBe(200);
    const refused = await write({ link, text: 'One too many' }, '192.0.2.50');
    expect(refused.status).toBe(429);
    expect((await deps.events.list(1)).filter((event) => event.type === 'visitorMessage')).toHaveLength(
      deps.settings.SEND_LIMIT_PER_MINUTE,
    );
    // And an enquiry from there waits too.
    const enquiry = await makeSendmailHandler(deps)(
      jsonPost(
        '/api/sendmail',
        { user_name: 'Olga', user_email: VISITOR, section: '컨시어지', consent_privacy: true },
        { sourceIp: '192.0.2.50' },
      ),
    );
    expect(enquiry.statusCode).toBe(429);
  });

  it(`takes at most ${VISITOR_MESSAGES_PER_ENQUIRY_PER_DAY} messages a day on one enquiry, from any network`, async () => {
    for (let i = 0; i < VISITOR_MESSAGES_PER_ENQUIRY_PER_DAY; i += 1)
      expect((await write({ link, text: `Message ${i}` }, `198.51.100.${i + 1}`)).status).toBe(200);
    const refused = await write({ link, text: 'One too many' }, '198.51.100.200');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: 'rate_limited' });
    deps.clock.advance(24 * 60 * 60_000);
    expect((await write({ link, text: 'Next day' }, '198.51.100.200')).status).toBe(200);
  });
});

describe('staff replace the links', () => {
  it('stops every earlier link, mails a new one in the page language, sealed until sent, and records it', async () => {
    const old = fragment(await mintVisitorLink(deps, 1, 'ru'));
    const sentBefore = deps.mailer.sent.length;
    const { status, body } = await replace(ANNA, { index: 1, version: 0 });
    expect(status).toBe(200);
    expect(body).toMatchObject({ record: { VERSION: 1 }, mailStatus: 'sent' });
    expect((await read(old)).status).toBe(404);

    const mail = deps.mailer.sent.at(-1);
    expect(deps.mailer.sent).toHaveLength(sentBefore + 1);
    expect(mail).toMatchObject({
      to: VISITOR,
      replyTo: deps.settings.MAIL_TO,
      subject: VISITOR_LINK_MAIL_TEXT.ru.subject('MT-000001', RECEIPT_TEXT.ru.centreName),
    });
    expect(mail?.html).toContain('<html lang="ru">');
    const url = /https:\/\/site\.example\/my-enquiry\/ru#[^\s"<]+/.exec(mail?.text ?? '')?.[0] ?? '';
    expect(mail?.html).toContain(`href="${url}"`);
    expect((await read(fragment(url))).status).toBe(200);

    // Sent: the outbox keeps neither the link nor its sealed words.
    const [outboxMail] = [...deps.outbox.items.values()].filter((item) => item.kind === 'visitorLink');
    expect(outboxMail).toMatchObject({ status: 'sent', postIndex: 1 });
    expect(outboxMail?.sealedContent).toBeUndefined();
    expect(outboxMail?.content).toBeUndefined();
    expect(
      deps.accessLog.entries.filter((entry) => entry.action === 'enquiry.visitor_link').map((entry) => entry.target),
    ).toEqual(['1']);
    expect((await deps.events.list(1)).find((event) => event.type === 'visitorLink')).toMatchObject({
      actor: ANNA,
      mailId: outboxMail?.mailId,
    });
  });

  it('keeps the mail sealed while it waits for a retry, and the retry job sends it', async () => {
    deps.mailer.failWith = Object.assign(new Error('Service unavailable'), {
      name: 'ServiceUnavailable',
      $metadata: { httpStatusCode: 503 },
    });
    expect((await replace(ANNA, { index: 1, version: 0 })).body.mailStatus).toBe('pending');
    const [waiting] = [...deps.outbox.items.values()].filter((item) => item.kind === 'visitorLink');
    expect(waiting?.content).toBeUndefined();
    expect(waiting?.sealedContent).toMatch(/^v1\./);
    expect(JSON.stringify(waiting)).not.toContain('my-enquiry');
    deps.mailer.failWith = undefined;
    deps.clock.advance(10 * 60_000);
    await retryDueMail(deps);
    const url = /https:\/\/site\.example\/my-enquiry\/ru#\S+/.exec(deps.mailer.sent.at(-1)?.text ?? '')?.[0] ?? '';
    expect((await read(fragment(url))).status).toBe(200);
  });

  it('changes nothing when someone changed the enquiry meanwhile (409), and is for staff and admins only', async () => {
    const old = fragment(await mintVisitorLink(deps, 1, 'ru'));
    await makeWorkHandler(deps)(
      jsonPost('/api/enquiry/work', { index: 1, version: 0, status: 'in_progress' }, as(ANNA)),
    );
    const stale = await replace(ANNA, { index: 1, version: 0 });
    expect(stale.status).toBe(409);
    expect((await replace(EDITH, { index: 1, version: 1 })).status).toBe(403);
    expect((await replace(ANNA, { index: 99, version: 0 })).status).toBe(404);
    expect((await read(old)).status).toBe(200);
    expect([...deps.outbox.items.values()].filter((item) => item.kind === 'visitorLink')).toEqual([]);
  });

  it('leaves nothing of the link mail once the enquiry is erased', async () => {
    deps.mailer.failWith = Object.assign(new Error('Service unavailable'), {
      name: 'ServiceUnavailable',
      $metadata: { httpStatusCode: 503 },
    });
    await replace(ANNA, { index: 1, version: 0 });
    await eraseSubject(deps, ANNA, VISITOR, 'visitor asked');
    expect([...deps.outbox.items.values()].filter((item) => item.postIndex === 1)).toEqual([]);
    expect(deps.enquiries.items.has(1)).toBe(false);
  });
});
