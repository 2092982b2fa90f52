/**
 * The load run's hostile mail (bench/load/): the malformed and forged
 * messages are what they say (the parser gives up on the unreadable ones, the
 * forged ones carry the patient's From and nothing that authenticates it),
 * come through SMTP byte for byte, and, put through the receiver as the door
 * does, are each found once where they belong; the check after the run
 * counts one lost, doubled, misplaced, passing as verified or never taken.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { NOT_CHECKED_LOCALLY } from '../../shared/conversation/visitor-messages';
import { processInboundMessage, readMessage, threadText } from '../../functions/conversation/inbound-processing';
import { readOurAddress, replyAddress } from '../../functions/conversation/reply-address';
import { makeSendmailHandler } from '../../functions/intake/sendmail-handler';
import { type FakeDeps, fakeDeps, jsonPost } from '../../tests/support/fakes';
import { enquiry } from '../../tests/support/enquiry-requests';
import { type Sending, sendByMail } from './answer-senders';
import { LoadFigures } from './figures';
import { FORGER, forgedMessages, guessedAddress } from './forged-mail';
import { type HostileMessage, type Patient, markOf } from './hostile-message';
import {
  headerPastLimit,
  hugeQuotedReply,
  malformedMessages,
  manyParts,
  notAMessage,
  quoteMarks,
} from './malformed-mail';
import { checkHostileMail, hostileKept, hostileLine, hostileWhole } from './verify-hostile';

let deps: FakeDeps;
const addressing = () => ({ secret: deps.settings.REPLY_ADDRESS_SECRET, domain: deps.settings.INBOUND_DOMAIN });
const patient = (postIndex: number): Patient => ({
  email: `load-${postIndex}@example.test`,
  postIndex,
  replyTo: replyAddress(addressing(), postIndex),
  mail: { messageId: `ack-${postIndex}`, subject: `MT-00000${postIndex}`, destination: { to: [] }, body: {} },
});
const taken = (retries = 0): Sending => ({
  outcome: 'stored',
  attempts: retries + 1,
  retries,
  refusals: [],
  misled: 0,
});

let received = 0;
/** Through the receiver as the SMTP door hands a message over: its bytes in the bucket, nothing checked. */
async function receive(message: HostileMessage, laterMs = 0) {
  received += 1;
  const rawKey = `raw/hostile-${received}`;
  await deps.inbound.putRaw(rawKey, message.raw);
  await processInboundMessage(deps, {
    rawKey,
    recipients: [message.to],
    verdicts: NOT_CHECKED_LOCALLY,
    // The stack's clock is the machine's: the messages' own Date (now) dates them.
    receivedAt: Date.now() + laterMs,
  });
  message.sendings.push(taken());
}

/** The fakes' items, as the check reads the tables' items. */
const asItems = (items: readonly object[]) => items as readonly Record<string, unknown>[];
const store = () => ({ events: asItems(deps.events.items), inboundMail: asItems([...deps.keptMail.items.values()]) });

beforeEach(async () => {
  deps = fakeDeps();
  received = 0;
  for (const index of [1, 2, 3])
    await makeSendmailHandler(deps)(jsonPost('/api/sendmail', enquiry({ user_email: `load-${index}@example.test` })));
});

describe('the malformed messages', () => {
  it('are what the parser gives up on, or an answer it reads above what a thread could choke on', async () => {
    for (const build of [headerPastLimit, manyParts, notAMessage])
      await expect(readMessage(build(patient(1)).raw, Date.now())).rejects.toThrow(/Max/);
    const noise = notAMessage(patient(1)).raw;
    expect(noise.subarray(0, -2).includes('\n')).toBe(false);
    expect(noise.subarray(0, -2).includes('\r')).toBe(false);
    const answer = await quoteMarks(patient(1));
    expect(threadText(await readMessage(answer.raw, Date.now())).text).toBe('Thank you, the 10th suits me.');
    expect(answer).toMatchObject({ from: 'load-1@example.test', expected: { filedIn: 1 } });
  });

  it('come in every kind at each patient, the first of each kind sent twice, each its own bytes', async () => {
    const messages = await malformedMessages([patient(1), patient(2)]);
    expect(messages.map((message) => [message.name, message.to === patient(1).replyTo, message.sendTwice])).toEqual(
      messages.map((message, index) => [message.name, index % 2 === 0, index % 2 === 0]),
    );
    expect(messages).toHaveLength(10);
    expect(new Set(messages.map((message) => message.mark)).size).toBe(10);
  });
});

describe('the forged messages', () => {
  it("carry the patient's From from the forger's server, every fifth to a reply address with a guessed MAC", async () => {
    const forged = await forgedMessages(patient(3), 25);
    expect(forged).toHaveLength(25);
    expect(new Set(forged.map((message) => message.from))).toEqual(new Set([FORGER]));
    const guessed = forged.filter((message) => message.to !== patient(3).replyTo);
    expect(guessed).toHaveLength(5);
    expect(guessed.map((message) => message.expected)).toEqual(Array(5).fill({ kept: 'unmatched', reason: 'forged' }));
    expect(readOurAddress(addressing(), guessedAddress(patient(3).replyTo), 'reply')).toEqual({ kind: 'forged' });
    expect(readOurAddress(addressing(), patient(3).replyTo, 'reply')).toMatchObject({ kind: 'enquiry', postIndex: 3 });
    const read = await readMessage(forged[0]?.raw ?? Buffer.alloc(0), Date.now());
    expect(read).toMatchObject({ from: 'load-3@example.test', subject: 'Re: MT-000003 please cancel' });
    expect(read.parsed.headers.has('authentication-results')).toBe(false);
  });
});

describe('through the receiver', () => {
  it('keeps each unreadable message once, files each readable and each forged one once, the forged unverified', async () => {
    const messages = [
      ...(await malformedMessages([patient(1), patient(2)])),
      ...(await forgedMessages(patient(3), deps.settings.INBOUND_PER_SENDER_PER_HOUR + 5)),
    ];
    for (const message of messages) {
      await receive(message);
      // Sent again by a server that missed the answer: a new receipt, a minute later.
      if (message.sendTwice) await receive(message, 60_000);
    }
    const check = checkHostileMail(messages, store());
    expect(check.problems).toEqual([]);
    expect(check.malformed).toMatchObject({ sent: 10, once: 10 });
    expect(check.forged).toMatchObject({ sent: 25, once: 25 });
    expect(check.sentAgain).toBe(5);
    expect(hostileWhole(check)).toBe(true);
    expect(hostileLine(check, 0)).toBe(
      'Hostile mail: 10 of 10 malformed kept or filed once, 25 of 25 forged kept or marked unverified, 0 patients silenced; sent again 5',
    );
    expect(store().inboundMail.every(hostileKept(messages))).toBe(true);
  });
});

describe('the check of the hostile mail', () => {
  it('counts a message lost, doubled, misplaced, passing as verified or never taken, and each try sent again', async () => {
    const [kept, lost, doubled] = [headerPastLimit, manyParts, notAMessage].map((build) => build(patient(1)));
    const [filed, elsewhere, verified, refused] = await forgedMessages(patient(3), 4);
    const all = [kept, lost, doubled, filed, elsewhere, verified, refused] as HostileMessage[];
    for (const message of all) message.sendings.push(taken(2));
    refused?.sendings.push({ ...taken(9), outcome: 'gaveUp' });
    const at = (message: HostileMessage | undefined) => `2026-12-03T09:00:00.000Z#${message?.mark}`;
    const event = (message: HostileMessage | undefined, postIndex: number, senderVerified = false) => ({
      postIndex,
      at: at(message),
      type: 'visitorMessage',
      visitor: { senderVerified },
    });
    const keptItem = (message: HostileMessage | undefined) => ({
      key: `kept#${at(message)}`,
      box: 'refused',
      reason: 'unreadable',
    });
    const check = checkHostileMail(all, {
      events: [event(filed, 3), event(elsewhere, 2), event(verified, 3, true), event(refused, 3)],
      inboundMail: [keptItem(kept), keptItem(doubled), { ...keptItem(doubled), key: 'kept#undated#' + doubled?.mark }],
    });
    expect(check.malformed).toEqual({
      sent: 3,
      once: 1,
      lost: 1,
      doubled: 1,
      misplaced: 0,
      passedAsVerified: 0,
      notTaken: 0,
    });
    expect(check.forged).toEqual({
      sent: 4,
      once: 1,
      lost: 0,
      doubled: 0,
      misplaced: 1,
      passedAsVerified: 1,
      notTaken: 1,
    });
    // Two retries a sending, and the second sending of the one never taken with its nine.
    expect(check.sentAgain).toBe(7 * 2 + 1 + 9);
    expect(check.problems).toHaveLength(5);
    expect(check.problems[2]).toMatch(/^forged forged "please cancel" \(m[0-9a-f]{16}\): filed in 2, not filed in 3$/);
    expect(hostileWhole(check)).toBe(false);
    expect(hostileKept(all)({ key: `kept#${at(kept)}` })).toBe(true);
    expect(hostileKept(all)({ key: `kept#2026-12-03T09:00:00.000Z#${markOf(Buffer.from('another'))}` })).toBe(false);
  });

  it('fails a run that sent no hostile mail of a kind', () => {
    expect(hostileWhole(checkHostileMail([], { events: [], inboundMail: [] }))).toBe(false);
  });
});

describe('a hostile message by SMTP', () => {
  let server: SMTPServer | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it('reaches the door byte for byte, so the check finds it by its mark', async () => {
    const marks: string[] = [];
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      size: 10 * 1024 * 1024,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          marks.push(markOf(Buffer.concat(chunks)));
          callback(null, 'Kept (refused)');
        });
      },
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const door = { host: '127.0.0.1', port: (server.server.address() as AddressInfo).port };
    const messages = [
      headerPastLimit(patient(1)),
      notAMessage(patient(1)),
      await quoteMarks(patient(1)),
      await hugeQuotedReply(patient(1)),
      ...(await forgedMessages(patient(3), 1)),
    ];
    for (const message of messages)
      expect(
        await sendByMail(door, { from: message.from, to: message.to, raw: message.raw }, new LoadFigures()),
      ).toMatchObject({ outcome: 'stored' });
    expect(marks).toEqual(messages.map((message) => message.mark));
  });
});
