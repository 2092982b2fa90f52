/**
 * The load run's visitors' answers (bench/load/): the check after the run
 * counts an answer lost, doubled, in another thread, given up or kept apart,
 * and the owner's notices against one per message time; a mail refused with
 * a 4xx is sent again, the very same bytes, as a mail server does; a message
 * on the page refused is sent again with the same message id.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { type Sending, sendByMail, sendOnPage } from './answer-senders';
import { type SentAnswer, answerFigures } from './answers';
import { LoadFigures } from './figures';
import { checkAnswers, isVisitorNotice } from './verify-answers';
import type { CapturedMail } from '../../tests/support/stack';

const token = (n: number) => `load-answer-00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const answer = (n: number, postIndex: number, outcome: Sending['outcome'] = 'stored'): SentAnswer => ({
  email: `load-${n}@example.test`,
  postIndex,
  channel: n % 2 ? 'page' : 'mail',
  answering: 'reply',
  token: token(n),
  sending: { outcome, attempts: 1, retries: 0, refusals: [], misled: 0 },
});
const message = (n: number, postIndex: number, at: string, extra: Record<string, unknown> = {}) => ({
  postIndex,
  at,
  type: 'visitorMessage',
  text: `Thank you. ${token(n)}`,
  ...extra,
});
const notice = (postIndex: number): CapturedMail => ({
  messageId: `n-${Math.random()}`,
  subject: `[의료관광 문의 MT-${String(postIndex).padStart(6, '0')}] 방문자의 새 메시지`,
  destination: { to: ['staff@example.test'] },
  body: {},
});
const store = (events: Record<string, unknown>[], inboundMail: Record<string, unknown>[] = []) => ({
  events,
  inboundMail,
  outbox: [],
  enquiries: [{ POST_INDEX: 1 }, { POST_INDEX: 2 }],
});

describe("the check of the visitors' answers", () => {
  it('counts each answer in its own thread once as delivered, with its notice', () => {
    const check = checkAnswers(
      [answer(1, 1), answer(2, 2)],
      store([message(1, 1, '2026-11-27T01:00:00.000Z#0aaaaaaaa'), message(2, 2, '2026-11-27T01:00:01.000Z#mbbbb')]),
      [notice(1), notice(2)],
    );
    expect(check).toMatchObject({
      delivered: { answers: 2, notices: 2 },
      lost: { answers: 0, notices: 0 },
      duplicated: { answers: 0, notices: 0 },
      misfiled: 0,
      gaveUp: 0,
      keptApart: {},
    });
  });

  it('counts an answer stored twice as doubled, one in another thread as misfiled, one taken but missing as lost', () => {
    const events = [
      message(1, 1, '2026-11-27T01:00:00.000Z#ma'),
      message(1, 1, '2026-11-27T01:00:00.000Z#mb'),
      message(2, 1, '2026-11-27T01:00:02.000Z#mc'),
    ];
    const check = checkAnswers([answer(1, 1), answer(2, 2), answer(3, 2)], store(events), [notice(1), notice(1)]);
    expect(check).toMatchObject({ duplicated: { answers: 1 }, misfiled: 1, lost: { answers: 2 } });
  });

  it('counts an answer never taken and not in its thread as given up, and any mail kept apart by its box', () => {
    const check = checkAnswers(
      [answer(1, 1, 'gaveUp')],
      store(
        [],
        [
          { key: 'kept#x', box: 'unmatched' },
          { key: 'sent#y', postIndex: 1 },
        ],
      ),
      [],
    );
    expect(check).toMatchObject({ gaveUp: 1, lost: { answers: 0 }, keptApart: { unmatched: 1 } });
  });

  it("leaves the run's hostile mail out of what is kept apart, and counts each visitor silenced once", () => {
    const hostile = (item: Record<string, unknown>) => String(item['key']).endsWith('#mhostile');
    const check = checkAnswers(
      [answer(1, 1), { ...answer(2, 1), email: answer(1, 1).email }, answer(3, 2, 'bounced'), answer(4, 2, 'gaveUp')],
      store(
        [],
        [
          { key: 'kept#2026-12-03T09:00:00.000Z#mhostile', box: 'refused' },
          { key: 'kept#2026-12-03T09:00:01.000Z#mvisitor', box: 'refused' },
        ],
      ),
      [],
      hostile,
    );
    // Visitor 1's two answers taken and lost, visitor 3's bounced; visitor 4 gave up (told so, not silenced).
    expect(check).toMatchObject({ keptApart: { refused: 1 }, silenced: 2, lost: { answers: 2 }, gaveUp: 2 });
  });

  it('owes one notice per message time of an enquiry and none for a message kept as spam: fewer is lost, more doubled', () => {
    const events = [
      message(1, 1, '2026-11-27T01:00:00.000Z#ma'),
      message(2, 1, '2026-11-27T01:00:05.000Z#mb'),
      message(3, 2, '2026-11-27T01:00:00.000Z#0c', { spamReason: 'too_fast' }),
      message(4, 2, '2026-11-27T01:00:09.000Z#0d'),
    ];
    const check = checkAnswers([], store(events), [notice(1), notice(2), notice(2)]);
    expect(check).toMatchObject({ delivered: { notices: 2 }, lost: { notices: 1 }, duplicated: { notices: 1 } });
    expect(check.lostNotices).toEqual([
      'notice 1:visitor:1795741200000: not queued',
      'notice 1:visitor:1795741205000: not queued',
    ]);
  });

  it("tells the owner's notice from the staff mail of a new enquiry", () => {
    expect(isVisitorNotice(notice(12))).toBe(true);
    expect(isVisitorNotice({ ...notice(12), subject: '[의료관광 문의 MT-000012] 병원예약' })).toBe(false);
  });
});

describe('an answer by mail, as a mail server sends it', () => {
  let server: SMTPServer | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it('sends the same bytes again after a 451 and counts the retry; a 5xx bounces at once', async () => {
    const received: string[] = [];
    let refuse = 1;
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onRcptTo: (address, _session, callback) =>
        callback(
          address.address.startsWith('bounce') ? Object.assign(new Error('no'), { responseCode: 550 }) : undefined,
        ),
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString());
          if (refuse-- > 0) callback(Object.assign(new Error('Temporary failure'), { responseCode: 451 }));
          else callback(null, 'Filed in enquiry 7');
        });
      },
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const door = { host: '127.0.0.1', port: (server.server.address() as AddressInfo).port };
    const figures = new LoadFigures();
    const mail = {
      from: 'load-1@example.test',
      to: 'reply+7-x@reply.medical-tourism.local',
      subject: 'Re: MT-000007',
      text: 'Thank you.',
    };

    const sending = await sendByMail(door, mail, figures);
    expect(sending).toMatchObject({ outcome: 'stored', attempts: 2, retries: 1, filedIn: 7, refusals: ['451'] });
    expect(received).toHaveLength(2);
    expect(received[1]).toBe(received[0]);
    expect(answerFigures([{ ...answer(2, 7), channel: 'mail', sending }]).mail).toEqual({
      attempts: 2,
      retriesAfter4xx: 1,
      retriesAfterDroppedConnection: 0,
    });

    expect(await sendByMail(door, { ...mail, to: 'bounce@reply.medical-tourism.local' }, figures)).toMatchObject({
      outcome: 'bounced',
      attempts: 1,
      retries: 0,
      refusals: ['550'],
    });
  });
});

describe('an answer on the page', () => {
  it('is sent again with the same message id after a refusal, a bare 5xx counted as misleading the visitor', async () => {
    const bodies: string[] = [];
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        bodies.push(body);
        if (bodies.length === 1) response.writeHead(500).end('oops');
        else response.writeHead(200, { 'content-type': 'application/json' }).end('{"reference":"MT-000003"}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const sending = await sendOnPage(
        `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        '3.secret',
        'Thank you.',
        new LoadFigures(),
      );
      expect(sending).toMatchObject({ outcome: 'stored', attempts: 2, retries: 1, refusals: ['500'], misled: 1 });
      const [first, second] = bodies.map(
        (body) => (JSON.parse(body) as { data: { message_id: string; link: string } }).data,
      );
      expect(second?.message_id).toBe(first?.message_id);
      expect(first).toMatchObject({ link: '3.secret', text: 'Thank you.' });
    } finally {
      server.close();
    }
  });
});
