/**
 * The kept mail box through its routes, with in-memory fakes: a box listed
 * newest first without its mails' text, one mail's text read from its raw
 * message, attaching one to an enquiry (the thread, the enquiry's reaction
 * and the owner's notice as for a matched mail; once, however often asked or
 * retried after a failure half-way), quarantined mail only when confirmed and
 * never with a virus, discarding (the raw message gone, and the same message
 * received again not kept again), every refusal clear and changing nothing,
 * and each call in the access log; each mail's sender against the address of
 * the enquiry the box suggests; a mail's translation, made when asked within
 * the day's cap and its sender's share, stored nowhere.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type Mail from 'nodemailer/lib/mailer';
import { KEPT_MAIL_LIST_MAX, type KeptMailList } from '../../../shared/conversation/kept-mail';
import type { Verdicts } from '../../../shared/conversation/visitor-messages';
import { type FakeDeps, apiEvent, bodyOf, dynamoRefused, fakeDeps, jsonPost } from '../../../tests/support/fakes';
import { enquiry } from '../../../tests/support/enquiry-requests';
import { rawMessage } from '../../../tests/support/inbound-mail';
import { NEW_TEXTS, replySamples } from '../../../tests/support/reply-samples';
import { tokenWithRole } from '../../../tests/support/staff-accounts';
import { makeSendmailHandler } from '../../intake/sendmail-handler';
import { eraseSubject } from '../../privacy/erasure';
import { makeWorkHandler } from '../../work/enquiry-work-handler';
import { processInboundMessage } from '../inbound-processing';
import type { ReceivedMail } from '../inbound-types';
import {
  makeAttachKeptMailHandler,
  makeDiscardKeptMailHandler,
  makeKeptMailHandler,
  makeKeptMailTextHandler,
  makeKeptMailTranslationHandler,
} from './kept-mail-handler';
import { stillKept } from '../ports';
import { makeKeptMailRawHandler } from './kept-mail-raw-handler';
import { translatedCharsCounter } from '../../translation/daily-chars';
import { formatKoreaDate } from '../../../shared/korea-time';

const ANNA = 'anna.staff@centre.example';
const PASSING: Verdicts = { spam: 'PASS', virus: 'PASS', spf: 'PASS', dkim: 'PASS', dmarc: 'PASS' };
let deps: FakeDeps;
let token = '';
let raws = 0;

const auth = () => ({ headers: { authorization: `Bearer ${token}` } });

/** A mail received for the inbound domain, stored and filed as SES receiving or the SMTP door would; answers its kept key. */
async function receive(
  options: Mail.Options = {},
  envelope: Partial<Omit<ReceivedMail, 'rawKey'>> = {},
): Promise<string> {
  raws += 1;
  const rawKey = `raw/message-${raws}`;
  const mail: Mail.Options = {
    from: 'Anna Petrova <anna@example.com>',
    to: 'centre@reply.site.example',
    subject: 'Re: Your enquiry [MT-000002]',
    text: NEW_TEXTS.ru,
    date: new Date(deps.clock.now() - raws * 1000),
    ...options,
  };
  await deps.inbound.putRaw(rawKey, await rawMessage(mail));
  const outcome = await processInboundMessage(deps, {
    rawKey,
    recipients: ['centre@reply.site.example'],
    verdicts: PASSING,
    receivedAt: deps.clock.now(),
    ...envelope,
  });
  if (outcome.outcome !== 'kept') throw new Error('expected the mail kept apart');
  return outcome.key;
}

async function call(handler: ReturnType<typeof makeKeptMailHandler>, event: Parameters<typeof handler>[0]) {
  const response = await handler(event);
  return {
    status: response.statusCode,
    body: bodyOf(response) as Record<string, unknown> & { error?: string; fields?: Record<string, string> },
  };
}
const listed = (query: Record<string, string>) =>
  call(makeKeptMailHandler(deps), apiEvent({ method: 'GET', path: '/api/kept-mail', query, ...auth() }));
const list = async (box = 'unmatched', extra: Record<string, string> = {}) =>
  (await listed({ box, ...extra })).body as unknown as KeptMailList;
const text = (key: string) =>
  call(
    makeKeptMailTextHandler(deps),
    apiEvent({ method: 'GET', path: '/api/kept-mail/text', query: { key }, ...auth() }),
  );
const attach = (data: Record<string, unknown>) =>
  call(makeAttachKeptMailHandler(deps), jsonPost('/api/kept-mail/attach', data, auth()));
const discard = (key: string) =>
  call(makeDiscardKeptMailHandler(deps), jsonPost('/api/kept-mail/discard', { key }, auth()));
const thread = (index: number) =>
  deps.events.list(index).then((events) => events.filter((event) => event.type === 'visitorMessage'));
const notices = () => [...deps.outbox.items.values()].filter((mail) => mail.kind === 'visitor');
const logged = (prefix: string) =>
  deps.accessLog.entries
    .filter((entry) => entry.action.startsWith(prefix))
    .map(({ actor, action, target }) => ({ actor, action, target }));

beforeEach(async () => {
  deps = fakeDeps();
  raws = 0;
  token = await tokenWithRole(deps, ANNA, 'staff');
  const sendmail = makeSendmailHandler(deps);
  for (const email of ['anna@example.com', 'boris@example.com'])
    await sendmail(jsonPost('/api/sendmail', enquiry({ user_email: email })));
  // Enquiry 2 taken up by Anna: a visitor's message moves it to "visitor replied".
  expect(
    (
      await makeWorkHandler(deps)(
        jsonPost('/api/enquiry/work', { index: 2, version: 0, owner: ANNA, status: 'in_progress' }, auth()),
      )
    ).statusCode,
  ).toBe(200);
  deps.clock.advance(60 * 60_000);
});

describe('the boxes', () => {
  it(`pages a box ${KEPT_MAIL_LIST_MAX} at a time, newest first, each mail once, with every box's count`, async () => {
    const keys: string[] = [];
    for (let index = 0; index < KEPT_MAIL_LIST_MAX + 5; index += 1) {
      keys.push(await receive({ subject: `Question ${index}`, from: `visitor${index}@example.org` }));
      deps.clock.advance(1_000);
    }
    await receive({}, { verdicts: { ...PASSING, spam: 'FAIL' } });
    const first = await list();
    expect(first.mails).toHaveLength(KEPT_MAIL_LIST_MAX);
    expect(first.counts).toEqual({ unmatched: KEPT_MAIL_LIST_MAX + 5, quarantine: 1, 'auto-reply': 0, refused: 0 });
    expect(first).toMatchObject({ more: true, next: expect.any(String) });
    // A mail arriving between the pages shifts nothing: the next page starts after the last one shown.
    await receive({ subject: 'Newest' });
    const second = await list('unmatched', { after: first.next ?? '' });
    expect(second).toMatchObject({ more: false });
    expect([...first.mails, ...second.mails].map((mail) => mail.key)).toEqual([...keys].reverse());
  });

  it('finds mail by words of its sender or subject, any case, across pages', async () => {
    const wanted = await receive({ subject: 'Flight SU250 arrives Monday', from: 'Ivan Petrov <IVAN@mail.example>' });
    for (let index = 0; index < 3; index += 1)
      await receive({ subject: `Other ${index}`, from: `other${index}@x.example` });
    expect((await list('unmatched', { search: 'ivan@MAIL' })).mails.map((mail) => mail.key)).toEqual([wanted]);
    expect((await list('unmatched', { search: 'su250' })).mails.map((mail) => mail.key)).toEqual([wanted]);
    expect(await list('unmatched', { search: 'nobody' })).toMatchObject({ mails: [], more: false });
    expect(logged('keptmail.list').map((entry) => entry.target)).toEqual(Array(3).fill('unmatched search'));
  });

  it('refuses a cursor it did not give out, and a search too long, changing nothing', async () => {
    for (const after of [
      'bm90IG91cnM',
      Buffer.from('["2026-01-01T00:00:00.000Z","raw/x"]').toString('base64url'),
      'a+b',
    ])
      expect(await listed({ box: 'unmatched', after })).toMatchObject({
        status: 400,
        body: { error: 'invalid_input' },
      });
    expect(await listed({ box: 'unmatched', search: 'x'.repeat(101) })).toMatchObject({ status: 400 });
  });

  it('lists a box newest first: who, to whom, when, why, the checks, the attachments by name and the suggestion; never the text or where it lies', async () => {
    const older = await receive({ attachments: [{ filename: 'passport.pdf', content: Buffer.from('%PDF-1.4 fake') }] });
    deps.clock.advance(60_000);
    const newer = await receive({ subject: 'Hello', from: 'someone@example.org' });
    const { box, mails, more } = await list();
    expect({ box, more, keys: mails.map((mail) => mail.key) }).toEqual({
      box: 'unmatched',
      more: false,
      keys: [newer, older],
    });
    expect(mails[1]).toMatchObject({
      box: 'unmatched',
      reason: 'no_match',
      from: 'anna@example.com',
      subject: 'Re: Your enquiry [MT-000002]',
      suggestedIndex: 2,
      verdicts: PASSING,
      recipients: ['centre@reply.site.example'],
    });
    expect(mails[1]?.attachments).toEqual([expect.objectContaining({ name: 'passport.pdf' })]);
    expect(JSON.stringify(mails)).not.toMatch(/rawKey|expiresAt|Здравствуйте/);
    expect(await list('quarantine')).toEqual({
      box: 'quarantine',
      mails: [],
      more: false,
      counts: { unmatched: 2, quarantine: 0, 'auto-reply': 0, refused: 0 },
    });
    expect(logged('keptmail.')).toEqual([
      { actor: ANNA, action: 'keptmail.list', target: 'unmatched' },
      { actor: ANNA, action: 'keptmail.list', target: 'quarantine' },
    ]);
  });

  it("reads one mail's new text from its raw message, its quoted history left out, and logs the read", async () => {
    const quoted = replySamples().find((sample) => sample.client === 'Gmail' && sample.locale === 'ru');
    const key = await receive({ text: quoted?.text });
    // The whole text rides along, so what the new text leaves out is one click away in the box too.
    expect(await text(key)).toEqual({ status: 200, body: { key, text: NEW_TEXTS.ru, whole: quoted?.text.trim() } });
    expect(logged('keptmail.read')).toEqual([{ actor: ANNA, action: 'keptmail.read', target: key }]);
  });

  it('refuses a malformed box or key (400) and an unknown key (404)', async () => {
    expect(
      (
        await call(
          makeKeptMailHandler(deps),
          apiEvent({ method: 'GET', path: '/api/kept-mail', query: { box: 'inbox' }, ...auth() }),
        )
      ).status,
    ).toBe(400);
    expect((await text('raw/message-1')).status).toBe(400);
    expect((await text('kept#2026-01-01T00:00:00.000Z#m0000000000000000')).status).toBe(404);
  });

  it("hands an admin a link to a kept mail's raw message once its scan found it clean, logged; never to staff", async () => {
    const key = await receive({ subject: 'Unreadable for the receiver' });
    const kept = await deps.keptMail.get(key);
    const rawKey = stillKept(kept) ? kept.rawKey : '';
    const raw = () => call(makeKeptMailRawHandler(deps), jsonPost('/api/kept-mail/raw', { key }, auth()));
    // Staff (not admins) never get it.
    expect((await raw()).status).toBe(403);
    token = await tokenWithRole(deps, 'admin@centre.example', 'admin');
    expect(await raw()).toMatchObject({ status: 409, body: { error: 'attachment_not_scanned' } });
    deps.inbound.scanResults.set(rawKey, 'THREATS_FOUND');
    expect(await raw()).toMatchObject({ status: 409, body: { error: 'attachment_infected' } });
    deps.inbound.scanResults.set(rawKey, 'NO_THREATS_FOUND');
    expect(await raw()).toMatchObject({ status: 200, body: { url: expect.stringContaining(rawKey) } });
    expect(deps.inbound.links.at(-1)).toMatchObject({ key: rawKey, type: 'message/rfc822' });
    expect(deps.inbound.links.at(-1)?.disposition).toMatch(/^attachment; filename="message-\d{4}-\d{2}-\d{2}\.eml"/);
    expect(logged('keptmail.raw')).toEqual([{ actor: 'admin@centre.example', action: 'keptmail.raw', target: key }]);
    const unknown = 'kept#2026-01-01T00:00:00.000Z#m0000000000000000';
    expect(
      (await call(makeKeptMailRawHandler(deps), jsonPost('/api/kept-mail/raw', { key: unknown }, auth()))).status,
    ).toBe(404);
  });

  it("refuses an editor (patients' mail is for staff and admins)", async () => {
    token = await tokenWithRole(deps, 'editor@centre.example', 'editor');
    expect(
      (
        await call(
          makeKeptMailHandler(deps),
          apiEvent({ method: 'GET', path: '/api/kept-mail', query: { box: 'unmatched' }, ...auth() }),
        )
      ).status,
    ).toBe(403);
  });
});

describe('attaching', () => {
  it("files the mail into the enquiry's thread as a matched one, the enquiry reacts, and the box no longer lists it", async () => {
    const key = await receive({ attachments: [{ filename: 'scan.pdf', content: Buffer.from('%PDF-1.4 fake') }] });
    expect(await attach({ key, index: 2 })).toEqual({ status: 200, body: { key, postIndex: 2, firstTime: true } });
    const [message] = await thread(2);
    expect(message).toMatchObject({
      at: key.slice('kept#'.length),
      actor: 'anna@example.com',
      text: NEW_TEXTS.ru,
      visitor: { channel: 'mail', attachedBy: ANNA, fromEnquiryAddress: false, rawKey: 'raw/message-1' },
    });
    expect(message?.visitor?.attachments).toEqual([
      expect.objectContaining({ name: 'scan.pdf', key: expect.stringMatching(/^attachments\//) }),
    ]);
    expect(await deps.enquiries.get(2)).toMatchObject({
      STATUS: 'visitor_replied',
      UNREAD_VISITOR_AT: expect.any(String),
      LAST_VISITOR_CHANNEL: 'mail',
    });
    expect(notices().map((mail) => mail.postIndex)).toEqual([2]);
    expect((await list()).mails).toEqual([]);
    expect(deps.keptMail.items.get(key)).toEqual({
      key,
      handled: 'attached',
      handledAt: new Date(deps.clock.now()).toISOString(),
      handledBy: ANNA,
      postIndex: 2,
      expiresAt: expect.any(Number),
    });
    expect(logged('keptmail.attach')).toEqual([{ actor: ANNA, action: 'keptmail.attach', target: `${key} -> 2` }]);
  });

  it('attaching twice files it once; naming another enquiry afterwards is a conflict that changes nothing', async () => {
    const key = await receive();
    await attach({ key, index: 2 });
    expect(await attach({ key, index: 2 })).toEqual({ status: 200, body: { key, postIndex: 2, firstTime: false } });
    expect((await attach({ key, index: 1 })).status).toBe(409);
    expect(await thread(2)).toHaveLength(1);
    expect(await thread(1)).toEqual([]);
    expect(notices()).toHaveLength(1);
  });

  it('a failure half-way (the store down after the thread took it) loses nothing, and the retry files nothing twice, never into a second enquiry', async () => {
    const key = await receive();
    deps.keptMail.failNextSettle = dynamoRefused();
    expect((await attach({ key, index: 2 })).status).toBe(503);
    expect(await thread(2)).toHaveLength(1);
    expect((await list()).mails).toEqual([expect.objectContaining({ key, attachingTo: 2 })]);
    // Finished where it began only.
    expect((await attach({ key, index: 1 })).status).toBe(409);
    expect((await discard(key)).status).toBe(409);
    expect(await attach({ key, index: 2 })).toEqual({ status: 200, body: { key, postIndex: 2, firstTime: false } });
    expect(await thread(2)).toHaveLength(1);
    expect(await thread(1)).toEqual([]);
    expect(notices()).toHaveLength(1);
    expect((await list()).mails).toEqual([]);
  });

  it('refuses an unknown key, an unknown enquiry and an erased one, clearly, changing nothing', async () => {
    // No reference in the subject: a kept mail that names an enquiry goes with it when it is erased.
    const key = await receive({ subject: 'Re: my appointment' });
    const before = structuredClone(deps.keptMail.items.get(key));
    expect((await attach({ key: 'kept#2026-01-01T00:00:00.000Z#m0000000000000000', index: 2 })).status).toBe(404);
    const unknown = await attach({ key, index: 99 });
    expect(unknown).toMatchObject({ status: 404, body: { error: 'not_found', message: 'There is no enquiry 99.' } });
    await eraseSubject(deps, 'admin@example.test', 'boris@example.com', 'visitor asked');
    expect((await attach({ key, index: 2 })).status).toBe(404);
    expect((await attach({ key, index: 0 })).status).toBe(400);
    expect(deps.keptMail.items.get(key)).toEqual(before);
    expect(await thread(1)).toEqual([]);
  });

  it('attaches a quarantined mail only when the staff member confirms it, and one with a virus never', async () => {
    const spam = await receive({}, { verdicts: { ...PASSING, spam: 'FAIL' } });
    const virus = await receive({ subject: 'invoice' }, { verdicts: { ...PASSING, virus: 'FAIL' } });
    expect((await list('quarantine')).mails.map((mail) => mail.key).sort()).toEqual([spam, virus].sort());
    expect(await attach({ key: spam, index: 2 })).toMatchObject({
      status: 400,
      body: { fields: { confirmQuarantine: expect.any(String) } },
    });
    expect(await thread(2)).toEqual([]);
    expect(await attach({ key: virus, index: 2, confirmQuarantine: true })).toMatchObject({
      status: 400,
      body: { fields: { key: expect.any(String) } },
    });
    expect(await attach({ key: spam, index: 2, confirmQuarantine: true })).toMatchObject({
      status: 200,
      body: { firstTime: true },
    });
    expect((await thread(2)).map((event) => event.visitor?.verdicts.spam)).toEqual(['FAIL']);
  });
});

describe('discarding', () => {
  it('removes the raw message and the item from its box; discarding again answers the same; the same message received again stays discarded', async () => {
    const key = await receive();
    expect(await discard(key)).toEqual({ status: 200, body: { key, firstTime: true } });
    expect(deps.inbound.objects.has('raw/message-1')).toBe(false);
    expect((await list()).mails).toEqual([]);
    expect(deps.keptMail.items.get(key)).toMatchObject({ key, handled: 'discarded', handledBy: ANNA });
    expect(JSON.stringify(deps.keptMail.items.get(key))).not.toMatch(/anna@example|centre@reply/);
    expect(await discard(key)).toEqual({ status: 200, body: { key, firstTime: false } });
    expect((await attach({ key, index: 2 })).status).toBe(404);
    // The sender sends it again (the SMTP door, a retry): the same message, another raw key.
    raws = 0;
    await deps.inbound.putRaw(
      'raw/again',
      await rawMessage({
        from: 'Anna Petrova <anna@example.com>',
        to: 'centre@reply.site.example',
        subject: 'Re: Your enquiry [MT-000002]',
        text: NEW_TEXTS.ru,
        date: new Date(deps.clock.now() - 1000),
      }),
    );
    expect(
      await processInboundMessage(deps, {
        rawKey: 'raw/again',
        recipients: ['centre@reply.site.example'],
        verdicts: PASSING,
        receivedAt: deps.clock.now(),
      }),
    ).toMatchObject({ key, firstTime: false });
    expect((await list()).mails).toEqual([]);
    expect(logged('keptmail.discard')).toHaveLength(2);
  });

  it('with the bucket down, discards nothing; a later try does', async () => {
    const key = await receive();
    deps.inbound.failWith = new Error('S3 is down');
    expect((await discard(key)).status).toBe(503);
    expect((await list()).mails.map((mail) => mail.key)).toEqual([key]);
    deps.inbound.failWith = undefined;
    expect(await discard(key)).toMatchObject({ status: 200, body: { firstTime: true } });
  });

  it('never marks discarded a mail an attach claimed meanwhile (two staff members at once)', async () => {
    const key = await receive();
    const kept = deps.keptMail.items.get(key);
    expect(await deps.keptMail.claim(key, 2)).toBe(true);
    expect(
      await deps.keptMail.settle({
        key,
        handled: 'discarded',
        handledAt: '2026-11-22T10:00:00.000Z',
        handledBy: ANNA,
        expiresAt: 1,
      }),
    ).toBe(false);
    expect(
      await deps.keptMail.settle({
        key,
        handled: 'attached',
        handledAt: '2026-11-22T10:00:00.000Z',
        handledBy: ANNA,
        postIndex: 1,
        expiresAt: 1,
      }),
    ).toBe(false);
    expect(deps.keptMail.items.get(key)).toEqual({ ...kept, attachingTo: 2 });
  });

  it('refuses an attached mail (it is part of a thread) and an unknown key', async () => {
    const key = await receive();
    await attach({ key, index: 2 });
    expect((await discard(key)).status).toBe(409);
    expect(deps.inbound.objects.has('raw/message-1')).toBe(true);
    expect((await discard('kept#2026-01-01T00:00:00.000Z#m0000000000000000')).status).toBe(404);
    expect(stillKept(deps.keptMail.items.get(key))).toBe(false);
  });
});

describe("the sender against the suggested enquiry's address", () => {
  it('warns when the sender is not the address of the enquiry the box suggests, and says so when it is', async () => {
    // From anna@example.com, naming MT-000002 (boris@example.com's enquiry) in its subject.
    const other = await receive();
    const own = await receive({ subject: 'Re: [MT-000001] my visit', from: 'ANNA@Example.com' });
    const none = await receive({ subject: 'A question about prices' });
    const byKey = new Map((await list()).mails.map((mail) => [mail.key, mail]));
    expect(byKey.get(other)).toMatchObject({ suggestedIndex: 2, senderMatch: 'different' });
    expect(byKey.get(own)).toMatchObject({ suggestedIndex: 1, senderMatch: 'same' });
    expect(byKey.get(none)).not.toHaveProperty('senderMatch');
  });

  it('says nothing of an enquiry that is gone, and lists the box unchecked when the enquiries cannot be read', async () => {
    const key = await receive();
    deps.enquiries.items.delete(2);
    expect((await list()).mails.find((mail) => mail.key === key)).not.toHaveProperty('senderMatch');
    deps.enquiries.getMany = () => Promise.reject(dynamoRefused());
    const answered = await listed({ box: 'unmatched' });
    expect(answered.status).toBe(200);
    expect((answered.body as unknown as KeptMailList).mails).toEqual([
      expect.objectContaining({ key, senderMatch: 'unchecked' }),
    ]);
  });
});

describe("a kept mail's translation", () => {
  const translate = (data: Record<string, unknown>) =>
    call(makeKeptMailTranslationHandler(deps), jsonPost('/api/kept-mail/translate', data, auth()));
  const today = () => deps.counters.values.get(translatedCharsCounter(formatKoreaDate(deps.clock.now()))) ?? 0;

  it('is its new text in Korean, made when asked, counted against the day, stored nowhere, and logged', async () => {
    const quoted = replySamples().find((sample) => sample.client === 'Gmail' && sample.locale === 'ru');
    const key = await receive({ text: quoted?.text });
    const jobsBefore = deps.translations.items.size;
    const answered = await translate({ key });
    expect(answered).toMatchObject({
      status: 200,
      body: {
        key,
        translation: { source: key, state: 'done', engine: 'fake engine', texts: { text: `[vi→ko] ${NEW_TEXTS.ru}` } },
      },
    });
    expect(deps.translator.requests.at(-1)).toMatchObject({ text: NEW_TEXTS.ru, source: 'auto', target: 'ko' });
    expect(today()).toBe(NEW_TEXTS.ru.length);
    expect(deps.translations.items.size).toBe(jobsBefore);
    expect(logged('keptmail.translate')).toEqual([{ actor: ANNA, action: 'keptmail.translate', target: key }]);
  });

  it('asks nothing of the engine for a mail in Korean', async () => {
    const key = await receive({ text: '12월 10일에 방문하겠습니다.' });
    const asked = deps.translator.requests.length;
    expect(await translate({ key })).toMatchObject({ status: 200, body: { key } });
    expect((await translate({ key })).body).not.toHaveProperty('translation');
    expect(deps.translator.requests).toHaveLength(asked);
  });

  it("waits past its sender's share, marked, and is made when a staff member asks again", async () => {
    // A share is a tenth of the day, at least 5,000 characters: this mail is past it, within the day.
    deps.settings.TRANSLATE_DAILY_CHARS = 50_000;
    const long = 'Здравствуйте, хочу записаться на МРТ. '.repeat(150).trim();
    const key = await receive({ text: long });
    const asked = deps.translator.requests.length;
    expect((await translate({ key })).body).toMatchObject({ translation: { state: 'capped', overShare: true } });
    expect(deps.translator.requests).toHaveLength(asked);
    expect((await translate({ key, again: true })).body).toMatchObject({ translation: { state: 'done' } });
    expect(logged('keptmail.translate').at(-1)?.target).toBe(`${key} again`);
  });

  it('says it failed while the engine is down, and gives the day its characters back', async () => {
    const key = await receive();
    deps.translator.failWith = new Error('Translate is down');
    expect((await translate({ key })).body).toMatchObject({ translation: { state: 'failed' } });
    expect(today()).toBe(0);
    deps.translator.failWith = undefined;
    expect((await translate({ key })).body).toMatchObject({ translation: { state: 'done' } });
  });

  it('refuses an unknown key and a malformed request, asking the engine nothing', async () => {
    const asked = deps.translator.requests.length;
    expect((await translate({ key: 'kept#2026-01-01T00:00:00.000Z#m0000000000000000' })).status).toBe(404);
    expect(await translate({ key: 'raw/message-1', again: 'yes' })).toMatchObject({
      status: 400,
      body: { fields: { key: expect.any(String), again: expect.any(String) } },
    });
    expect(deps.translator.requests).toHaveLength(asked);
  });
});
