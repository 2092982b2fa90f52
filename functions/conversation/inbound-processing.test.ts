/**
 * Filing one received mail: into its enquiry's thread by the reply address or
 * by the ids it answers, or kept apart (unmatched, quarantined, auto-reply,
 * refused), never dropped and never filed by the subject; its attachments
 * kept by type and within limits; stored once however often it is processed;
 * and when a store fails, nothing lost and a later try succeeding once.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type Mail from 'nodemailer/lib/mailer';
import iconv from 'iconv-lite';
import { NOT_CHECKED_LOCALLY, type Verdicts, VISITOR_TEXT_MAX } from '../../shared/conversation/visitor-messages';
import { makeSendmailHandler } from '../intake/sendmail-handler';
import { type FakeDeps, dynamoRefused, fakeDeps, jsonPost } from '../../tests/support/fakes';
import { enquiry } from '../../tests/support/enquiry-requests';
import { BYTES, rawMessage, sesStoredMessage } from '../../tests/support/inbound-mail';
import { COMPOUND, DANGEROUS, RTL_OVERRIDE_NAME } from '../../tests/support/attachment-files';
import { NEW_TEXTS, replySamples } from '../../tests/support/reply-samples';
import { ATTACHMENTS_MAX, ATTACHMENT_MAX_BYTES } from './kept-mail/attachments';
import { messageKey, processInboundMessage, quarantined } from './inbound-processing';
import type { InboundOutcome, ReceivedMail } from './inbound-types';
import { replyAddress, threadReference } from './reply-address';
import { stillKept } from './ports';
import { storeWork } from '../work/enquiry-work';
import { eraseSubject, runRetention, subjectData } from '../privacy/erasure';
import {
  KEPT_MAIL_TTL_MARGIN_MS,
  enquiryRetentionMs,
  inboundRawExpiryDays,
  keptMailRetentionMs,
  spamRetentionMs,
} from '../../shared/privacy/retention';

let deps: FakeDeps;
let raws = 0;
const addressing = () => ({ secret: deps.settings.REPLY_ADDRESS_SECRET, domain: deps.settings.INBOUND_DOMAIN });
const PASSING: Verdicts = { spam: 'PASS', virus: 'PASS', spf: 'PASS', dkim: 'PASS', dmarc: 'PASS' };

/** Stores the raw message in the (fake) bucket, as SES receiving or the SMTP door do, and processes it. */
async function receive(
  options: Mail.Options,
  envelope: Partial<Omit<ReceivedMail, 'rawKey'>> = {},
): Promise<InboundOutcome> {
  raws += 1;
  const rawKey = `raw/message-${raws}`;
  await deps.inbound.putRaw(rawKey, await sesStoredMessage(options, envelope.verdicts ?? PASSING));
  return processInboundMessage(deps, {
    rawKey,
    recipients: [replyAddress(addressing(), 1)],
    verdicts: PASSING,
    receivedAt: deps.clock.now(),
    ...envelope,
  });
}

const answer = (extra: Mail.Options = {}): Mail.Options => ({
  from: 'Anna Petrova <anna@example.com>',
  to: replyAddress(addressing(), 1),
  subject: 'Re: Your enquiry [MT-000001]',
  text: NEW_TEXTS.ru,
  ...extra,
});
const thread = () => deps.events.list(1).then((events) => events.filter((event) => event.type === 'visitorMessage'));
const kept = () => [...deps.keptMail.items.values()].filter(stillKept);

beforeEach(async () => {
  deps = fakeDeps();
  raws = 0;
  // Enquiry 1, from anna@example.com, acknowledged (SES's id for the acknowledgement: fake-ses-2).
  await makeSendmailHandler(deps)(jsonPost('/api/sendmail', enquiry()));
});

describe('into the thread', () => {
  it("files an answer to the enquiry's reply address as the visitor's message: the new text, subject, sender, verdicts, received time", async () => {
    const quoted = replySamples().find((sample) => sample.client === 'Gmail' && sample.locale === 'ru');
    const outcome = await receive(answer({ text: quoted?.text }));
    expect(outcome).toMatchObject({ outcome: 'thread', postIndex: 1, firstTime: true });
    const [message] = await thread();
    expect(message).toMatchObject({
      type: 'visitorMessage',
      actor: 'anna@example.com',
      text: NEW_TEXTS.ru,
      visitor: {
        channel: 'mail',
        subject: 'Re: Your enquiry [MT-000001]',
        receivedAt: new Date(deps.clock.now()).toISOString(),
        verdicts: PASSING,
        attachments: [],
        fromEnquiryAddress: true,
        senderVerified: true,
        messageId: '<answer-1@mail.example>',
        rawKey: 'raw/message-1',
      },
    });
    // Dated by the message itself (its Date was plausible), keyed by its bytes.
    expect(message?.at).toMatch(/^2026-11-22T09:59:00\.000Z#m[0-9a-f]{16}$/);
    expect(kept()).toEqual([]);
  });

  it('takes the reply address whatever case a mail system gave it, among other recipients', async () => {
    const outcome = await receive(answer(), {
      recipients: ['someone@reply.site.example', replyAddress(addressing(), 1).toUpperCase()],
    });
    expect(outcome).toMatchObject({ outcome: 'thread', postIndex: 1 });
  });

  it("says when the message came from another address than the enquiry's", async () => {
    await receive(answer({ from: 'Friend <friend@example.org>' }));
    expect((await thread())[0]).toMatchObject({ actor: 'friend@example.org', visitor: { fromEnquiryAddress: false } });
  });

  it('finds the enquiry by In-Reply-To naming the id SES gave our mail, when the reply address is not among the recipients', async () => {
    const outcome = await receive(answer({ inReplyTo: '<fake-ses-2@email.amazonses.com>' }), {
      recipients: ['centre@reply.site.example'],
    });
    expect(outcome).toMatchObject({ outcome: 'thread', postIndex: 1 });
  });

  it("finds the enquiry by our thread reference in References, whichever region's SES id comes with it", async () => {
    const references = ['<unknown@eu-west-1.amazonses.com>', threadReference(addressing(), 1), '<other@mail.example>'];
    expect(await receive(answer({ references }), { recipients: ['centre@reply.site.example'] })).toMatchObject({
      outcome: 'thread',
      postIndex: 1,
    });
  });

  it('reads the text of an HTML-only message, its quoted history left out', async () => {
    const html = `<div>${NEW_TEXTS.ko.replaceAll('\n', '<br>')}</div><div>2025년 3월 12일 (수) 오전 10:15, Centre &lt;no-reply@centre.example&gt;님이 작성:</div><blockquote>Dear visitor</blockquote>`;
    await receive(answer({ text: undefined, html }));
    expect((await thread())[0]?.text).toBe(NEW_TEXTS.ko);
  });

  it('keeps the whole text beside the new one when the new one leaves something out, and nothing beside a text that quotes nothing', async () => {
    const quoted = replySamples().find((sample) => sample.client === 'Outlook' && sample.locale === 'vi');
    await receive(answer({ text: quoted?.text }));
    await receive(answer({ text: NEW_TEXTS.en, messageId: '<answer-2@mail.example>' }));
    const messages = await thread();
    const withQuote = messages.find((message) => message.text === NEW_TEXTS.vi);
    const plain = messages.find((message) => message.text !== NEW_TEXTS.vi);
    expect(withQuote).toMatchObject({ text: NEW_TEXTS.vi, visitor: { whole: quoted?.text.trim() } });
    expect(withQuote?.visitor).not.toHaveProperty('shownInFull');
    expect(plain?.text).toBe(NEW_TEXTS.en);
    expect(plain?.visitor).not.toHaveProperty('whole');
  });

  it('shows a message that only quotes, or only forwards a letter, in full: never an empty answer', async () => {
    const onlyQuote = '> Dear visitor,\n> Thank you for your enquiry.';
    await receive(answer({ text: onlyQuote }));
    const forwarded =
      '---------- Forwarded message ---------\nFrom: Dr. Kim <kim@clinic.example>\nDate: Tue, 11 Mar 2025 at 09:00\nSubject: Findings\n\nMRI: medial meniscus tear.';
    await receive(answer({ text: forwarded, messageId: '<answer-2@mail.example>' }));
    const messages = await thread();
    const quoteOnly = messages.find((message) => message.text === onlyQuote);
    const forward = messages.find((message) => message.text !== onlyQuote);
    expect(quoteOnly).toMatchObject({ text: onlyQuote, visitor: { shownInFull: true } });
    expect(forward?.text).toBe(forwarded);
  });

  it('drops control and bidi characters, and reads a Vietnamese mail in windows-1258 as composed text', async () => {
    await receive(answer({ text: 'Tôi đến\u202e lúc 10:15\u0000.\u001b' }));
    const vietnamese = `Vâng.\n\nTừ: Centre <no-reply@x.example>\nĐã gửi: 12 tháng 3, 2025 10:15\nĐến: me@example.test\nChủ đề: MT-000001\n\nDear visitor`;
    // As windows-1258 writes Vietnamese: the vowel's shape (â, ư) one character, its tone a combining mark after it.
    const windowsForm = vietnamese
      .normalize('NFD')
      .replace(/[aeiouAEIOU][\u0302\u0306\u031b]/g, (pair) => pair.normalize('NFC'));
    const bytes = iconv.encode(windowsForm, 'windows-1258');
    expect(iconv.decode(bytes, 'windows-1258')).not.toBe(vietnamese);
    await receive(
      answer({
        text: undefined,
        messageId: '<answer-2@mail.example>',
        alternatives: [{ contentType: 'text/plain; charset=windows-1258', content: bytes }],
      }),
    );
    const texts = (await thread()).map((message) => message.text);
    expect(texts.sort()).toEqual(['Tôi đến lúc 10:15.', 'Vâng.'].sort());
  });

  it(`keeps the first ${VISITOR_TEXT_MAX} characters of a long text and says so`, async () => {
    await receive(answer({ text: 'ㄱ'.repeat(VISITOR_TEXT_MAX + 10) }));
    const [message] = await thread();
    expect(message?.text).toHaveLength(VISITOR_TEXT_MAX);
    expect(message?.visitor?.cut).toBe(true);
  });

  it('keeps a warning verdict that does not quarantine (SPF alone fails on forwarded mail; a local message is not checked)', async () => {
    await receive(answer(), { verdicts: { ...PASSING, spf: 'FAIL' } });
    await receive(answer({ messageId: '<answer-2@mail.example>', date: new Date('2026-11-22T09:59:30Z') }), {
      verdicts: NOT_CHECKED_LOCALLY,
    });
    expect((await thread()).map((event) => event.visitor?.verdicts)).toEqual([
      { ...PASSING, spf: 'FAIL' },
      NOT_CHECKED_LOCALLY,
    ]);
  });
});

describe('kept apart, never dropped', () => {
  it("keeps a message to a forged reply address in the unmatched box, whatever its headers name, with the subject's reference as a suggestion only", async () => {
    const forged = replyAddress({ ...addressing(), secret: `${deps.settings.REPLY_ADDRESS_SECRET}-guess` }, 1);
    const outcome = await receive(answer({ inReplyTo: '<fake-ses-2@email.amazonses.com>' }), { recipients: [forged] });
    expect(outcome).toMatchObject({ outcome: 'kept', box: 'unmatched', reason: 'forged' });
    expect(kept()).toEqual([
      expect.objectContaining({
        box: 'unmatched',
        reason: 'forged',
        suggestedIndex: 1,
        from: 'anna@example.com',
        rawKey: 'raw/message-1',
        recipients: [forged],
      }),
    ]);
    expect(await thread()).toEqual([]);
  });

  it('never files a message by the reference in its subject alone', async () => {
    const outcome = await receive(answer({ subject: 'Re: MT-000001' }), { recipients: ['centre@reply.site.example'] });
    expect(outcome).toMatchObject({ outcome: 'kept', box: 'unmatched', reason: 'no_match' });
    expect(kept()[0]).toMatchObject({ suggestedIndex: 1, subject: 'Re: MT-000001' });
    expect(await thread()).toEqual([]);
  });

  it('keeps an answer to an enquiry that is gone (erased) in the unmatched box', async () => {
    await deps.enquiries.remove(1);
    expect(await receive(answer())).toMatchObject({ outcome: 'kept', box: 'unmatched', reason: 'enquiry_gone' });
  });

  it.each<[string, Mail.Options]>([
    ['Auto-Submitted: auto-replied', { headers: { 'Auto-Submitted': 'auto-replied' } }],
    ['X-Autoreply', { headers: { 'X-Autoreply': 'yes' } }],
    ['X-Autorespond', { headers: { 'X-Autorespond': 'Out of office' } }],
    ['Precedence: bulk', { headers: { Precedence: 'bulk' } }],
    ['Precedence: auto_reply', { headers: { Precedence: 'auto_reply' } }],
    ['a bounce from MAILER-DAEMON', { from: 'Mail Delivery System <MAILER-DAEMON@mail.example>' }],
    ['a report from postmaster', { from: 'postmaster@mail.example' }],
  ])("keeps a machine's message apart, never in the thread: %s", async (_sign, extra) => {
    const outcome = await receive(answer({ subject: 'Automatic reply: out of office', ...extra }));
    expect(outcome).toMatchObject({ outcome: 'kept', box: 'auto-reply', reason: 'auto_reply' });
    expect(await thread()).toEqual([]);
  });

  it('keeps an auto-reply known only by its subject apart with the enquiry it answers: the enquiry does not react, nobody is notified', async () => {
    const stored = await deps.enquiries.get(1);
    if (stored)
      await storeWork(deps, stored, 0, {
        STATUS: 'answered',
        OWNER: 'owner@example.test',
        UPDATED_AT: new Date(deps.clock.now()).toISOString(),
      });
    const mailsBefore = deps.outbox.items.size;
    const outcome = await receive(answer({ subject: 'Автоответ: Re: Your enquiry [MT-000001]' }));
    expect(outcome).toMatchObject({
      outcome: 'kept',
      box: 'auto-reply',
      reason: 'auto_reply_subject',
      postIndex: 1,
    });
    expect(kept()).toEqual([expect.objectContaining({ box: 'auto-reply', postIndex: 1 })]);
    expect(await thread()).toEqual([]);
    expect(await deps.enquiries.get(1)).toMatchObject({ STATUS: 'answered' });
    expect(await deps.enquiries.get(1)).not.toHaveProperty('UNREAD_VISITOR_AT');
    expect(deps.outbox.items.size).toBe(mailsBefore);
  });

  it("files a patient's answer whose subject only mentions being out of office", async () => {
    const outcome = await receive(answer({ subject: 'Re: I am out of office on the 10th, is the 12th possible?' }));
    expect(outcome).toMatchObject({ outcome: 'thread', postIndex: 1 });
  });

  it('keeps a delivery report (multipart/report) apart', async () => {
    const report = Buffer.from(
      [
        'From: Mail Delivery <bounces@mail.example>',
        `To: ${replyAddress(addressing(), 1)}`,
        'Subject: Undelivered Mail Returned to Sender',
        'MIME-Version: 1.0',
        'Content-Type: multipart/report; report-type=delivery-status; boundary="b"',
        '',
        '--b',
        'Content-Type: text/plain',
        '',
        'Your message could not be delivered.',
        '--b--',
        '',
      ].join('\r\n'),
    );
    await deps.inbound.putRaw('raw/report', report);
    const outcome = await processInboundMessage(deps, {
      rawKey: 'raw/report',
      recipients: [replyAddress(addressing(), 1)],
      verdicts: PASSING,
      receivedAt: deps.clock.now(),
    });
    expect(outcome).toMatchObject({ outcome: 'kept', box: 'auto-reply' });
  });

  it.each([
    ['a header section past 1 MiB', `X-Padding: ${'a'.repeat(76)}\r\n`.repeat(14_000)],
    ['more than 1,000 MIME parts', ''],
  ])(
    'keeps a message the parser gives up on (%s) as unreadable, by its sender, never retried',
    async (name, padding) => {
      const parts = name.startsWith('more')
        ? Array.from({ length: 1_001 }, (_, index) => `--p\r\nContent-Type: text/plain\r\n\r\npart ${index}\r\n`).join(
            '',
          ) + '--p--\r\n'
        : 'Hello\r\n';
      const raw = Buffer.from(
        [
          'From: "Anna" <Anna@Example.com>',
          'To: centre@reply.site.example',
          'Subject: =?UTF-8?B?0J/RgNC40LLQtdGC?=',
          `${padding}MIME-Version: 1.0`,
          name.startsWith('more') ? 'Content-Type: multipart/mixed; boundary="p"' : 'Content-Type: text/plain',
          '',
          parts,
        ].join('\r\n'),
      );
      await deps.inbound.putRaw('raw/unreadable', raw);
      const mail = {
        rawKey: 'raw/unreadable',
        recipients: [replyAddress(addressing(), 1)],
        verdicts: PASSING,
        receivedAt: deps.clock.now(),
      };
      const outcome = await processInboundMessage(deps, mail);
      expect(outcome).toMatchObject({ outcome: 'kept', box: 'refused', reason: 'unreadable', firstTime: true });
      expect(await processInboundMessage(deps, mail)).toMatchObject({
        outcome: 'kept',
        reason: 'unreadable',
        firstTime: false,
      });
      expect(kept()).toEqual([
        expect.objectContaining({ from: 'anna@example.com', subject: 'Привет', rawKey: 'raw/unreadable' }),
      ]);
      expect(await thread()).toEqual([]);
      // The privacy lookup finds it by its sender, so erasure takes it with its raw message.
      expect(await deps.keptMail.fromSender('anna@example.com')).toHaveLength(1);
    },
  );

  it('keeps a message the parser gives up on once when it names no usable date, however often it is sent again', async () => {
    // Not a mail at all: bytes whose head never ends, no Date, no sender; a sending server sends it again later.
    const raw = Buffer.from(`\x00\x01 not a message ${'\xfe\xff'.repeat(600_000)}`, 'latin1');
    const receiveNoise = async (index: number, laterMs: number) => {
      await deps.inbound.putRaw(`raw/noise-${index}`, raw);
      return processInboundMessage(deps, {
        rawKey: `raw/noise-${index}`,
        recipients: [replyAddress(addressing(), 1)],
        verdicts: PASSING,
        receivedAt: deps.clock.now() + laterMs,
      });
    };
    const first = await receiveNoise(1, 0);
    const again = await receiveNoise(2, 90_000);
    expect(first).toMatchObject({ outcome: 'kept', box: 'refused', reason: 'unreadable', firstTime: true });
    expect(again).toMatchObject({ outcome: 'kept', reason: 'unreadable', firstTime: false });
    expect(kept()).toEqual([expect.objectContaining({ key: expect.stringMatching(/^kept#undated#m[0-9a-f]{16}$/) })]);
  });

  it('files a message that says it is not automatic (Auto-Submitted: no)', async () => {
    expect(await receive(answer({ headers: { 'Auto-Submitted': 'no' } }))).toMatchObject({ outcome: 'thread' });
  });

  it.each<[string, Partial<Verdicts>]>([
    ['spam', { spam: 'FAIL' }],
    ['a virus', { virus: 'FAIL' }],
    ['DMARC', { dmarc: 'FAIL' }],
    ['SPF and DKIM both', { spf: 'FAIL', dkim: 'FAIL' }],
    ['SPF, DKIM not checked', { spf: 'FAIL', dkim: 'GRAY' }],
  ])('quarantines a message failing %s, matched or not', async (_what, failing) => {
    const outcome = await receive(answer(), { verdicts: { ...PASSING, ...failing } });
    expect(outcome).toMatchObject({ outcome: 'kept', box: 'quarantine', reason: 'verdict' });
    expect(kept()[0]?.verdicts).toEqual({ ...PASSING, ...failing });
    expect(await thread()).toEqual([]);
  });

  it('refuses a message larger than INBOUND_MAX_BYTES without reading it, and keeps where it is', async () => {
    deps.settings.INBOUND_MAX_BYTES = 2_000;
    const outcome = await receive(answer({ text: 'x'.repeat(3_000) }));
    expect(outcome).toMatchObject({ outcome: 'kept', box: 'refused', reason: 'too_large' });
    expect(kept()[0]).toMatchObject({ rawKey: 'raw/message-1', recipients: [replyAddress(addressing(), 1)] });
    expect(deps.inbound.objects.has('raw/message-1')).toBe(true);
  });

  it('refuses an authenticated sender past its limit per hour, and past the limit per enquiry, and says which', async () => {
    const reasons = (outcomes: InboundOutcome[]) =>
      outcomes.map((outcome) => (outcome.outcome === 'kept' ? outcome.reason : outcome.outcome));
    deps.settings.INBOUND_PER_SENDER_PER_HOUR = 2;
    const outcomes = [];
    for (let i = 1; i <= 3; i += 1) outcomes.push(await receive(answer({ messageId: `<sender-${i}@mail.example>` })));
    expect(reasons(outcomes)).toEqual(['thread', 'thread', 'sender_limit']);

    // The enquiry counts the visitor's own mail and other authenticated senders' apart, each to the limit.
    deps.settings.INBOUND_PER_SENDER_PER_HOUR = 100;
    deps.settings.INBOUND_PER_ENQUIRY_PER_DAY = 3;
    const friends = [];
    for (let i = 1; i <= 4; i += 1)
      friends.push(
        await receive(answer({ from: `friend-${i}@example.org`, messageId: `<enquiry-${i}@mail.example>` })),
      );
    expect(reasons(friends)).toEqual(['thread', 'thread', 'thread', 'enquiry_limit']);
    const own = [];
    for (let i = 1; i <= 2; i += 1) own.push(await receive(answer({ messageId: `<own-${i}@mail.example>` })));
    expect(reasons(own)).toEqual(['thread', 'enquiry_limit']);
    expect(kept().map((item) => [item.reason, item.postIndex])).toEqual([
      ['sender_limit', undefined],
      ['enquiry_limit', 1],
      ['enquiry_limit', 1],
    ]);
  });
});

describe('attachments', () => {
  it('keeps the allowed ones by the type their bytes show, under a name with its extension, whatever the sender claimed, and lists the others as not kept', async () => {
    await receive(
      answer({
        attachments: [
          { filename: 'report.exe', content: BYTES.pdf, contentType: 'application/octet-stream' },
          { filename: 'scan.png', content: BYTES.png },
          { filename: 'notes.txt', content: BYTES.text },
          { filename: 'invoice.pdf', content: BYTES.exe, contentType: 'application/pdf' },
          { filename: '../../etc/passwd\r\nX-Evil: 1', content: BYTES.text },
          { filename: 'letter.html', content: DANGEROUS.html, contentType: 'text/plain' },
          { filename: 'setup.msi', content: COMPOUND.msiLike(), contentType: 'application/msword' },
          { filename: RTL_OVERRIDE_NAME, content: BYTES.png, contentType: 'image/jpeg' },
        ],
      }),
    );
    const attachments = (await thread())[0]?.visitor?.attachments ?? [];
    expect(attachments.map(({ name, type, refused }) => ({ name, type, refused }))).toEqual([
      { name: 'report.pdf', type: 'application/pdf', refused: undefined },
      { name: 'scan.png', type: 'image/png', refused: undefined },
      { name: 'notes.txt', type: 'text/plain', refused: undefined },
      { name: 'invoice.pdf', type: 'application/x-msdownload', refused: 'type' },
      { name: 'passwd X-Evil: 1.txt', type: 'text/plain', refused: undefined },
      { name: 'letter.html', type: 'text/html', refused: 'type' },
      { name: 'setup.msi', type: 'application/x-cfb', refused: 'type' },
      { name: 'photo(BK 1) gpj.png', type: 'image/png', refused: undefined },
    ]);
    const keys = attachments.flatMap((attachment) => (attachment.key ? [attachment.key] : []));
    expect(keys).toHaveLength(5);
    for (const key of keys) expect(key).toMatch(/^attachments\/[0-9a-f]{32}\/\d+$/);
    expect(deps.inbound.objects.get(keys[0] ?? '')?.type).toBe('application/pdf');
    expect(Buffer.from(deps.inbound.objects.get(keys[0] ?? '')?.bytes ?? []).equals(BYTES.pdf)).toBe(true);
  });

  it(`keeps at most ${ATTACHMENTS_MAX}, each at most ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MiB, and lists the rest`, async () => {
    const many = Array.from({ length: ATTACHMENTS_MAX + 1 }, (_, i) => ({
      filename: `page-${i + 1}.pdf`,
      content: BYTES.pdf,
    }));
    many[0] = { filename: 'huge.pdf', content: Buffer.concat([BYTES.pdf, Buffer.alloc(ATTACHMENT_MAX_BYTES)]) };
    deps.settings.INBOUND_MAX_BYTES = 4 * ATTACHMENT_MAX_BYTES;
    await receive(answer({ attachments: many }));
    const attachments = (await thread())[0]?.visitor?.attachments ?? [];
    expect(attachments[0]).toMatchObject({ name: 'huge.pdf', refused: 'too_large' });
    expect(attachments.at(-1)).toMatchObject({ name: `page-${ATTACHMENTS_MAX + 1}.pdf`, refused: 'too_many' });
    expect(attachments.filter((attachment) => attachment.key)).toHaveLength(ATTACHMENTS_MAX - 1);
  });
});

describe('once, and nothing lost', () => {
  it('stores a message processed twice once (a retry; the sender sending it again, later, under another key)', async () => {
    const raw = await sesStoredMessage(
      answer({ attachments: [{ filename: 'scan.png', content: BYTES.png }] }),
      PASSING,
    );
    const envelope = { recipients: [replyAddress(addressing(), 1)], verdicts: PASSING };
    await deps.inbound.putRaw('raw/first', raw);
    const first = await processInboundMessage(deps, { ...envelope, rawKey: 'raw/first', receivedAt: deps.clock.now() });
    deps.clock.advance(10 * 60_000);
    await deps.inbound.putRaw('raw/again', raw);
    const again = await processInboundMessage(deps, { ...envelope, rawKey: 'raw/again', receivedAt: deps.clock.now() });
    expect(first).toMatchObject({ outcome: 'thread', firstTime: true });
    expect(again).toMatchObject({ outcome: 'thread', firstTime: false });
    expect(await thread()).toHaveLength(1);
    // The attachment went to the same key both times.
    expect([...deps.inbound.objects.keys()].filter((key) => key.startsWith('attachments/'))).toHaveLength(1);
    // Its limits were counted once.
    expect([...deps.throttle.counts].filter(([key]) => key.startsWith('inbound:')).map(([, count]) => count)).toEqual([
      1, 1,
    ]);
  });

  it('keeps a message apart once, however often it is processed', async () => {
    const forged = 'reply+1-aaaaaaaaaaaaaaaaaaaaaaaaaa@reply.site.example';
    const first = await receive(answer(), { recipients: [forged] });
    const again = await receive(answer(), { recipients: [forged] });
    expect([first.firstTime, again.firstTime]).toEqual([true, false]);
    expect(kept()).toHaveLength(1);
  });

  it('throws when the bucket is down, storing nothing; a later try files the message once', async () => {
    await deps.inbound.putRaw('raw/waiting', await rawMessage(answer()));
    const mail: ReceivedMail = {
      rawKey: 'raw/waiting',
      recipients: [replyAddress(addressing(), 1)],
      verdicts: PASSING,
      receivedAt: deps.clock.now(),
    };
    deps.inbound.failWith = Object.assign(new Error('S3 refused the call'), { name: 'ServiceUnavailable' });
    await expect(processInboundMessage(deps, mail)).rejects.toThrow('S3 refused');
    expect(await thread()).toEqual([]);
    deps.inbound.failWith = undefined;
    expect(await processInboundMessage(deps, mail)).toMatchObject({ outcome: 'thread', firstTime: true });
    expect(await thread()).toHaveLength(1);
  });

  it('throws when the history table is down, gives its counts back and leaves the raw message; a later try files it once', async () => {
    deps.settings.INBOUND_PER_SENDER_PER_HOUR = 1;
    await deps.inbound.putRaw(
      'raw/waiting',
      await sesStoredMessage(answer({ attachments: [{ filename: 'scan.png', content: BYTES.png }] }), PASSING),
    );
    const mail: ReceivedMail = {
      rawKey: 'raw/waiting',
      recipients: [replyAddress(addressing(), 1)],
      verdicts: PASSING,
      receivedAt: deps.clock.now(),
    };
    const addOnce = deps.events.addOnce.bind(deps.events);
    deps.events.addOnce = async () => {
      throw dynamoRefused();
    };
    await expect(processInboundMessage(deps, mail)).rejects.toThrow('DynamoDB refused');
    expect(deps.inbound.objects.has('raw/waiting')).toBe(true);
    deps.events.addOnce = addOnce;
    // Within the sender's limit of one: the failed try's count was given back.
    expect(await processInboundMessage(deps, mail)).toMatchObject({ outcome: 'thread', firstTime: true });
    expect(await processInboundMessage(deps, mail)).toMatchObject({ outcome: 'thread', firstTime: false });
    expect(await thread()).toHaveLength(1);
  });

  it('throws when the inbound mail table is down for a message kept apart; a later try keeps it once', async () => {
    deps.keptMail.failWith = dynamoRefused();
    await expect(receive(answer(), { recipients: ['centre@reply.site.example'] })).rejects.toThrow('DynamoDB refused');
    expect(kept()).toEqual([]);
    deps.keptMail.failWith = undefined;
    expect(await receive(answer(), { recipients: ['centre@reply.site.example'] })).toMatchObject({
      outcome: 'kept',
      firstTime: true,
    });
    expect(kept()).toHaveLength(1);
  });
});

describe('erasure and retention', () => {
  const inboundObjects = () => [...deps.inbound.objects.keys()].sort();

  const elsewhere = { recipients: ['centre@reply.site.example'] };

  it("remove the visitor's received messages and their attachments with their enquiry, and the mail kept apart from their address, with its raw message", async () => {
    await receive(answer({ attachments: [{ filename: 'scan.png', content: BYTES.png }] }));
    const unmatched = await receive(answer({ subject: 'A question' }), elsewhere);
    const outOfOffice = await receive(
      answer({ subject: 'Out of office', headers: { 'Auto-Submitted': 'auto-replied' } }),
    );
    expect([unmatched, outOfOffice]).toMatchObject([
      { outcome: 'kept', box: 'unmatched' },
      { outcome: 'kept', box: 'auto-reply' },
    ]);
    expect(inboundObjects()).toHaveLength(4);
    const answered = await eraseSubject(deps, 'admin@example.test', ' Anna@Example.com ', 'visitor asked');
    // The out-of-office answered enquiry 1 (it is kept with it) and goes with the enquiry; the other by its sender.
    expect(answered).toMatchObject({ erased: [1], keptMailRemoved: 1 });
    expect(await deps.events.list(1)).toEqual([]);
    expect(kept()).toEqual([]);
    expect(inboundObjects()).toEqual([]);
  });

  it('remove the mail kept apart about the enquiry whoever sent it (matched to it, or naming it in the subject), and leave the mail about other enquiries', async () => {
    // A friend writes to the centre naming MT-000001, and names MT-000002 in another; enquiry 1's limit refuses one more.
    await receive(answer({ from: 'friend@example.org' }), elsewhere);
    await receive(answer({ from: 'friend@example.org', subject: 'About MT-000002' }), elsewhere);
    deps.settings.INBOUND_PER_ENQUIRY_PER_DAY = 0;
    expect(await receive(answer({ from: 'friend@example.org', subject: 'Once more' }))).toMatchObject({
      box: 'refused',
      reason: 'enquiry_limit',
      postIndex: 1,
    });
    await eraseSubject(deps, 'admin@example.test', 'anna@example.com', 'visitor asked');
    expect(kept().map((mail) => mail.subject)).toEqual(['About MT-000002']);
    expect(inboundObjects()).toEqual([kept()[0]?.rawKey]);
  });

  it('leave the mail from the address that is about an enquiry under a legal hold, with that enquiry', async () => {
    await deps.enquiries.setHold(1, 'Court order');
    await receive(answer(), elsewhere);
    await receive(answer({ subject: 'Nothing to do with it' }), elsewhere);
    expect(await eraseSubject(deps, 'admin@example.test', 'anna@example.com', 'visitor asked')).toMatchObject({
      erased: [],
      held: [1],
      keptMailRemoved: 1,
    });
    expect(kept()).toMatchObject([{ suggestedIndex: 1 }]);
  });

  it("hand over the mail kept apart from the address with the visitor's data: what the table holds of it, not where its raw message is", async () => {
    await receive(answer({ subject: 'A question' }), elsewhere);
    await receive(answer({ from: 'friend@example.org' }), elsewhere);
    const data = await subjectData(deps, 'ANNA@example.com');
    expect(data.keptMail).toEqual([
      {
        receivedAt: expect.any(String),
        box: 'unmatched',
        reason: 'no_match',
        recipients: elsewhere.recipients,
        from: 'anna@example.com',
        subject: 'A question',
        verdicts: PASSING,
      },
    ]);
  });

  it('find and erase the mail of a sender with a Unicode domain, however its header wrote it, and as it was kept before', async () => {
    await receive(answer({ from: 'Иван <ivan@пример.рф>', subject: 'Вопрос' }), elsewhere);
    await deps.keptMail.keep({
      key: 'kept#2026-01-01T00:00:00.000Z#mold',
      box: 'unmatched',
      reason: 'no_match',
      receivedAt: '2026-01-01T00:00:00.000Z',
      rawKey: 'raw/old',
      recipients: ['centre@reply.site.example'],
      from: 'ivan@пример.рф',
      verdicts: PASSING,
      expiresAt: Math.floor(deps.clock.now() / 1000) + 3600,
    });
    const address = 'ivan@xn--e1afmkfd.xn--p1ai';
    expect((await deps.keptMail.fromSender(address)).map((mail) => mail.subject)).toEqual(['Вопрос']);
    expect((await subjectData(deps, address)).keptMail).toHaveLength(2);
    await eraseSubject(deps, 'admin@example.test', address, 'visitor asked');
    expect(kept()).toEqual([]);
  });

  it('the retention job removes the mail kept apart when its period ends, with its raw message: suspected spam after spamDays, unmatched after the enquiry period; the TTL only later', async () => {
    const arrived = deps.clock.now();
    await receive(answer({ from: 'spam@example.org', subject: 'Cheap pills' }), {
      recipients: elsewhere.recipients,
      verdicts: { ...PASSING, spam: 'FAIL' },
    });
    await receive(answer({ from: 'stranger@example.org', subject: 'Hello' }), elsewhere);
    const [quarantine, unmatched] = [
      kept().find((mail) => mail.box === 'quarantine'),
      kept().find((mail) => mail.box === 'unmatched'),
    ];
    // The items outlive their periods a little (a backstop), so the job, not the TTL, removes them and their raw messages.
    expect(quarantine?.expiresAt).toBe(Math.floor((arrived + spamRetentionMs() + KEPT_MAIL_TTL_MARGIN_MS) / 1000));
    expect(unmatched?.expiresAt).toBe(Math.floor((arrived + enquiryRetentionMs() + KEPT_MAIL_TTL_MARGIN_MS) / 1000));

    deps.clock.advance(spamRetentionMs() - 60_000);
    await runRetention(deps);
    expect(kept()).toHaveLength(2);
    deps.clock.advance(2 * 60_000);
    await runRetention(deps);
    expect(kept().map((mail) => mail.box)).toEqual(['unmatched']);
    expect(inboundObjects()).not.toContain(quarantine?.rawKey);
    expect(inboundObjects()).toContain(unmatched?.rawKey);

    deps.clock.advance(enquiryRetentionMs() - spamRetentionMs());
    await runRetention(deps);
    expect(kept()).toEqual([]);
    expect(inboundObjects()).not.toContain(unmatched?.rawKey);
  });

  it("the inbound bucket's rule expires a raw message only after every kept item that may name it", () => {
    expect(inboundRawExpiryDays() * 24 * 60 * 60_000).toBeGreaterThan(
      keptMailRetentionMs('unmatched') + KEPT_MAIL_TTL_MARGIN_MS,
    );
    expect(keptMailRetentionMs('unmatched')).toBeGreaterThanOrEqual(keptMailRetentionMs('quarantine'));
  });

  it('the retention job removes them when the enquiry goes, with the mail kept apart about it', async () => {
    await receive(answer({ attachments: [{ filename: 'scan.png', content: BYTES.png }] }));
    await receive(answer({ from: 'friend@example.org' }), elsewhere);
    deps.clock.advance(enquiryRetentionMs() + 24 * 60 * 60_000);
    expect(await runRetention(deps)).toEqual({ removed: 1 });
    expect(inboundObjects()).toEqual([]);
    expect(kept()).toEqual([]);
  });
});

describe('quarantined', () => {
  it('holds back what failed its checks, not what was not checked', () => {
    expect(quarantined(PASSING)).toBe(false);
    expect(quarantined(NOT_CHECKED_LOCALLY)).toBe(false);
    expect(quarantined({ ...PASSING, spam: 'GRAY', dmarc: 'GRAY', spf: 'PROCESSING_FAILED' })).toBe(false);
    expect(quarantined({ ...PASSING, dkim: 'FAIL' })).toBe(false);
    expect(quarantined({ ...PASSING, dkim: 'FAIL', spf: 'DISABLED' })).toBe(true);
  });
});

describe('messageKey', () => {
  const raw = Buffer.from('a message');
  const receivedAt = Date.parse('2026-11-22T10:00:00Z');

  it('dates a message by its own Date when plausible, else by its receipt (a wrong clock, a forged date)', () => {
    expect(messageKey(raw, new Date('2026-11-21T10:00:00Z'), receivedAt).at).toMatch(/^2026-11-21T10:00:00\.000Z#m/);
    expect(messageKey(raw, new Date('2020-01-01T00:00:00Z'), receivedAt).at).toMatch(/^2026-11-22T10:00:00\.000Z#m/);
    expect(messageKey(raw, new Date('2026-11-23T10:00:00Z'), receivedAt).at).toMatch(/^2026-11-22T10:00:00\.000Z#m/);
    expect(messageKey(raw, undefined, receivedAt).at).toMatch(/^2026-11-22T10:00:00\.000Z#m/);
  });

  it('differs with the bytes, and is the same for the same bytes', () => {
    expect(messageKey(raw, undefined, receivedAt)).toEqual(messageKey(Buffer.from('a message'), undefined, receivedAt));
    expect(messageKey(raw, undefined, receivedAt).hash).not.toBe(
      messageKey(Buffer.from('a message!'), undefined, receivedAt).hash,
    );
  });
});
