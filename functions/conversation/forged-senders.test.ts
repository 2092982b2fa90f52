/**
 * Forged senders contained, with in-memory fakes: a From anyone can write
 * neither uses up the patient's allowance nor passes for her in the thread,
 * and once staff replace her links, whoever holds an older mail (its reply
 * address, its thread reference, the id SES gave it, or those of an enquiry
 * merged into hers) no longer writes into the thread, while she, with the new
 * address, does.
 */
import type Mail from 'nodemailer/lib/mailer';
import { beforeEach, describe, expect, it } from 'vitest';
import { NOT_CHECKED_LOCALLY, type Verdicts } from '../../shared/conversation/visitor-messages';
import { type FakeDeps, fakeDeps, jsonPost } from '../../tests/support/fakes';
import { enquiry } from '../../tests/support/enquiry-requests';
import { rawMessage, sesAuthenticationResults, sesStamped, sesStoredMessage } from '../../tests/support/inbound-mail';
import { makeSendmailHandler } from '../intake/sendmail-handler';
import { retryDueMail } from '../mail/outbox/mail-delivery';
import { mergeEnquiry } from '../merging/merge';
import { openByLink, mintVisitorLink } from '../visitor/visitor-links';
import { replaceVisitorLink } from '../visitor/visitor-link-replace';
import { sendReply } from '../work/enquiry-work';
import { processInboundMessage } from './inbound-processing';
import type { InboundOutcome } from './inbound-types';
import { stillKept } from './ports';
import { replyAddress, threadReference } from './reply-address';

const STAFF = 'staff@centre.example';
const PATIENT = 'anna@example.com';
const PASSING: Verdicts = { spam: 'PASS', virus: 'PASS', spf: 'PASS', dkim: 'PASS', dmarc: 'PASS' };
/** SES's verdicts on a forger's own server signing with his own domain: SPF and DKIM pass, for his domain. */
const FORGERS: Verdicts = { ...PASSING, dmarc: 'GRAY' };

let deps: FakeDeps;
let sent = 0;
const addressing = () => ({ secret: deps.settings.REPLY_ADDRESS_SECRET, domain: deps.settings.INBOUND_DOMAIN });

/** Processes a mail as SES hands it over: the raw message in the bucket with SES's header on top. */
async function receive(raw: Buffer, recipients: string[], verdicts: Verdicts): Promise<InboundOutcome> {
  sent += 1;
  const rawKey = `raw/message-${sent}`;
  await deps.inbound.putRaw(rawKey, raw);
  return processInboundMessage(deps, { rawKey, recipients, verdicts, receivedAt: deps.clock.now() });
}

const mail = (extra: Mail.Options = {}): Mail.Options => ({
  from: `Anna Petrova <${PATIENT}>`,
  subject: 'Re: MT-000001',
  text: 'The morning of the 10th suits me.',
  messageId: `<answer-${sent + 1}@mail.example>`,
  ...extra,
});

/** The patient's own mail, authenticated for her domain. */
const fromPatient = async (recipients: string[], extra: Mail.Options = {}) =>
  receive(await sesStoredMessage(mail(extra), PASSING), recipients, PASSING);

/** A forger's mail with her From: his server passes SPF and DKIM for evil.example, as SES writes it. */
async function forged(recipients: string[], extra: Mail.Options = {}) {
  const header = sesAuthenticationResults(PATIENT, {
    dmarc: 'none',
    envelopeFrom: 'bounce@evil.example',
    dkimIdentity: '@evil.example',
  });
  return receive(sesStamped(await rawMessage(mail(extra)), header), recipients, FORGERS);
}

const outcomeOf = (outcome: InboundOutcome) => (outcome.outcome === 'kept' ? outcome.reason : outcome.outcome);
const visitorMessages = async (postIndex = 1) =>
  (await deps.events.list(postIndex)).filter((event) => event.type === 'visitorMessage');
const kept = () => [...deps.keptMail.items.values()].filter(stillKept);
const versionOf = async (postIndex: number) => (await deps.enquiries.get(postIndex))?.VERSION ?? 0;
const replaceLinks = async (postIndex = 1) =>
  replaceVisitorLink(deps, STAFF, { index: postIndex, version: await versionOf(postIndex) });

beforeEach(async () => {
  deps = fakeDeps();
  sent = 0;
  // Enquiry 1, from anna@example.com, acknowledged (SES's id for the acknowledgement: fake-ses-2).
  await makeSendmailHandler(deps)(jsonPost('/api/sendmail', enquiry()));
});

describe('limits a forger cannot use up', () => {
  it("leaves the patient's hourly allowance whole after 21 forged mails with her From", async () => {
    const outcomes = [];
    for (let i = 0; i < 21; i += 1) outcomes.push(await forged(['centre@reply.site.example']));
    expect(new Set(outcomes.map(outcomeOf))).toEqual(new Set(['no_match']));
    expect(outcomeOf(await fromPatient([replyAddress(addressing(), 1)]))).toBe('thread');
  });

  it("counts unauthenticated mail to the reply address apart, so the patient's own still goes in", async () => {
    deps.settings.INBOUND_PER_ENQUIRY_PER_DAY = 3;
    const outcomes = [];
    for (let i = 0; i < 4; i += 1) outcomes.push(await forged([replyAddress(addressing(), 1)]));
    expect(outcomes.map(outcomeOf)).toEqual(['thread', 'thread', 'thread', 'unverified_limit']);
    expect(outcomeOf(await fromPatient([replyAddress(addressing(), 1)]))).toBe('thread');
    expect(kept().map((item) => [item.box, item.reason, item.postIndex])).toEqual([['refused', 'unverified_limit', 1]]);
  });

  it('on the local door (nothing checked), counts no sender and every mail as unauthenticated', async () => {
    deps.settings.INBOUND_PER_SENDER_PER_HOUR = 2;
    const local = async () => receive(await rawMessage(mail()), [replyAddress(addressing(), 1)], NOT_CHECKED_LOCALLY);
    expect([await local(), await local(), await local()].map(outcomeOf)).toEqual(['thread', 'thread', 'thread']);
    const counted = [...deps.throttle.counts.keys()].filter((key) => key.startsWith('inbound:'));
    expect(counted.map((key) => key.replace(/@\d+$/, ''))).toEqual(['inbound:enquiry:1:unauthenticated']);
  });
});

describe('a forged From in the thread', () => {
  it("marks a forged 'please cancel my booking' as unverified, and the patient's own mail as verified", async () => {
    await forged([replyAddress(addressing(), 1)], { subject: 'Re: MT-000001, please cancel my booking' });
    await fromPatient([replyAddress(addressing(), 1)]);
    expect((await visitorMessages()).map((event) => [event.actor, event.visitor?.subject, event.visitor])).toEqual([
      [
        PATIENT,
        'Re: MT-000001, please cancel my booking',
        expect.objectContaining({ fromEnquiryAddress: true, senderVerified: false }),
      ],
      [PATIENT, 'Re: MT-000001', expect.objectContaining({ fromEnquiryAddress: true, senderVerified: true })],
    ]);
  });
});

describe('replacing the links replaces the reply address', () => {
  it('keeps an answer to the older address, thread reference or mail apart as replaced, and files one to the new', async () => {
    await replaceLinks();
    expect(deps.enquiries.items.get(1)).toMatchObject({ REPLY_GENERATION: 1 });
    const elsewhere = ['centre@reply.site.example'];
    const answers = [
      await fromPatient([replyAddress(addressing(), 1)]),
      await fromPatient(elsewhere, { references: [threadReference(addressing(), 1)] }),
      await fromPatient(elsewhere, { inReplyTo: '<fake-ses-2@email.amazonses.com>' }),
    ];
    expect(answers.map(outcomeOf)).toEqual(['address_replaced', 'address_replaced', 'address_replaced']);
    expect(kept().map((item) => [item.box, item.reason, item.postIndex])).toEqual([
      ['unmatched', 'address_replaced', 1],
      ['unmatched', 'address_replaced', 1],
      ['unmatched', 'address_replaced', 1],
    ]);
    expect(await visitorMessages()).toEqual([]);
    expect(outcomeOf(await fromPatient([replyAddress(addressing(), 1, 1)]))).toBe('thread');
  });

  it('sends every later mail with the new address, a reply written before the replacement too', async () => {
    deps.mailer.failWith = Object.assign(new Error('Service unavailable'), {
      name: 'ServiceUnavailable',
      $metadata: { httpStatusCode: 503 },
    });
    const reply = { index: 1, subject: 'Your check-up', body: 'Dr. Kim sees you at 9:30.' };
    expect((await sendReply(deps, STAFF, { ...reply, version: await versionOf(1) })).mailStatus).toBe('pending');
    deps.mailer.failWith = undefined;
    await replaceLinks();
    deps.clock.advance(10 * 60_000);
    await retryDueMail(deps);
    await sendReply(deps, STAFF, { ...reply, version: await versionOf(1) });
    const replies = deps.mailer.sent.filter((sent) => sent.text.includes('Dr. Kim sees you at 9:30.'));
    expect(replies).toHaveLength(2);
    for (const sent of replies) {
      expect(sent.replyTo).toBe(replyAddress(addressing(), 1, 1));
      expect(sent.references?.[0]).toBe(threadReference(addressing(), 1, 1));
    }
    // An answer to a mail sent after the replacement, found by the id SES gave it, goes in.
    const id = `<fake-ses-${deps.mailer.sent.length}@email.amazonses.com>`;
    expect(outcomeOf(await fromPatient(['centre@reply.site.example'], { inReplyTo: id }))).toBe('thread');
  });

  it('keeps the address and page link of an enquiry merged in before the replacement from leading into the thread', async () => {
    await makeSendmailHandler(deps)(
      jsonPost('/api/sendmail', enquiry({ message: 'Second question' }), { sourceIp: '198.51.100.9' }),
    );
    const mergedLink = (await mintVisitorLink(deps, 2, 'en')).split('#')[1] ?? '';
    await mergeEnquiry(deps, STAFF, 2, { into: 1, version: await versionOf(2), intoVersion: await versionOf(1) });
    expect(outcomeOf(await fromPatient([replyAddress(addressing(), 2)]))).toBe('thread');
    expect((await openByLink(deps, '203.0.113.7', mergedLink)).POST_INDEX).toBe(1);

    deps.clock.advance(60_000);
    await replaceLinks();
    expect(outcomeOf(await fromPatient([replyAddress(addressing(), 2)]))).toBe('address_replaced');
    await expect(openByLink(deps, '203.0.113.7', mergedLink)).rejects.toMatchObject({ code: 'not_found' });
  });
});
