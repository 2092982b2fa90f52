/**
 * The owner's notice gathering the answers that come close together, with
 * in-memory fakes and the receiver's own filing: three answers within a
 * minute make one notice, sent by the retry job once the first one's wait
 * ends, naming each message's attachments (count and names, sanitised and
 * isolated); a later answer has a notice of its own. Whatever fails, no
 * answer's notice is lost: a thread that cannot be read, a notice that cannot
 * be moved, SES refusing the gathered notice, or the translation job trying
 * a translation before the gathering ends.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type Mail from 'nodemailer/lib/mailer';
import { NOT_CHECKED_LOCALLY } from '../../../shared/conversation/visitor-messages';
import { makeSendmailHandler } from '../../intake/sendmail-handler';
import { processInboundMessage } from '../../conversation/inbound-processing';
import { replyAddress } from '../../conversation/reply-address';
import { translateDue } from '../../translation/translation-work';
import { type FakeDeps, dynamoRefused, fakeDeps, jsonPost } from '../../../tests/support/fakes';
import { enquiry } from '../../../tests/support/enquiry-requests';
import { BYTES, rawMessage } from '../../../tests/support/inbound-mail';
import { RTL_OVERRIDE_NAME } from '../../../tests/support/attachment-files';
import { sesRefused } from '../fakes';
import { retryDueMail } from '../outbox/mail-delivery';
import { visitorNoticeId } from './notice-ids';
import { NOTICE_MESSAGES_MAX } from './notice-gathering';

const GATHER_SECONDS = 60;
const SECOND = 1_000;
let deps: FakeDeps;
let received = 0;

/** An answer to enquiry 1 arriving now, filed by the receiver (its thread entry, then the enquiry's reaction). */
async function answer(text: string, extra: Mail.Options = {}): Promise<number> {
  received += 1;
  const rawKey = `raw/answer-${received}`;
  const now = deps.clock.now();
  const options = {
    from: 'anna@example.com',
    to: replyAddress({ secret: deps.settings.REPLY_ADDRESS_SECRET, domain: deps.settings.INBOUND_DOMAIN }, 1),
    subject: 'Re: Your enquiry [MT-000001]',
    text,
    date: new Date(now),
    messageId: `<answer-${received}@mail.example>`,
    ...extra,
  };
  await deps.inbound.putRaw(rawKey, await rawMessage(options));
  const outcome = await processInboundMessage(deps, {
    rawKey,
    recipients: [String(options.to)],
    verdicts: NOT_CHECKED_LOCALLY,
    receivedAt: now,
  });
  expect(outcome).toMatchObject({ outcome: 'thread', firstTime: true });
  return now;
}

const sentNotices = () => deps.mailer.sent.filter((mail) => mail.subject.endsWith('방문자의 새 메시지'));
const noticeOf = (at: number) => deps.outbox.items.get(visitorNoticeId(1, at));

beforeEach(async () => {
  deps = fakeDeps({ settings: { NOTICE_GATHER_SECONDS: GATHER_SECONDS } });
  received = 0;
  await makeSendmailHandler(deps)(jsonPost('/api/sendmail', enquiry()));
  deps.mailer.sent.length = 0;
});

describe('answers close together', () => {
  it('make one notice once the first one has waited, naming each message and its attachments', async () => {
    const first = await answer('Can I come on the 12th?', {
      attachments: [
        { filename: 'referral.pdf', content: BYTES.pdf },
        { filename: RTL_OVERRIDE_NAME, content: BYTES.png, contentType: 'image/jpeg' },
        { filename: 'setup.exe', content: BYTES.exe },
      ],
    });
    deps.clock.advance(20 * SECOND);
    const second = await answer('And my husband comes too.');
    deps.clock.advance(20 * SECOND);
    const third = await answer('Sorry, one more: we land at 9.');
    // Nothing goes while the first one waits, whoever runs.
    await retryDueMail(deps);
    expect(sentNotices()).toEqual([]);

    deps.clock.advance(21 * SECOND);
    expect(await retryDueMail(deps)).toMatchObject({ sent: 1 });
    expect(sentNotices()).toHaveLength(1);
    const text = sentNotices()[0]?.text ?? '';
    expect(text).toContain('방문자가 문의 MT-000001에 새 메시지 3건을 보냈습니다');
    expect(text).toContain('메시지 수: 3건');
    expect(text).toContain('메시지 1 · 메시지 미리 보기: Can I come on the 12th?');
    expect(text).toContain('메시지 2 · 메시지 미리 보기: And my husband comes too.');
    expect(text).toContain('메시지 3 · 메시지 미리 보기: Sorry, one more: we land at 9.');
    // Each name as the thread shows it: no override left in it, isolated; the refused one says it was not kept.
    expect(text).toContain(
      '메시지 1 · 첨부 파일: 3개: \u2068referral.pdf\u2069, \u2068photo(BK 1) gpj.png\u2069, \u2068setup.exe\u2069 (보관 안 됨)',
    );
    expect(text).not.toContain('\u202E');
    expect(text).not.toContain('메시지 2 · 첨부 파일');
    expect(sentNotices()[0]?.html).toContain('메시지 3 · 메시지 미리 보기');

    expect(
      [noticeOf(first), noticeOf(second), noticeOf(third)].map((mail) => [mail?.status, mail?.gatheredInto]),
    ).toEqual([
      ['sent', undefined],
      ['skipped', visitorNoticeId(1, first)],
      ['skipped', visitorNoticeId(1, first)],
    ]);
    deps.clock.advance(10 * 60 * SECOND);
    await retryDueMail(deps);
    expect(sentNotices()).toHaveLength(1);
  });

  it('leaves an answer that comes after the notice went to a notice of its own', async () => {
    await answer('First.');
    deps.clock.advance(61 * SECOND);
    await retryDueMail(deps);
    const later = await answer('Second, a while after.');
    deps.clock.advance(61 * SECOND);
    await retryDueMail(deps);
    expect(sentNotices()).toHaveLength(2);
    expect(sentNotices()[1]?.text).toContain('메시지 미리 보기: Second, a while after.');
    expect(sentNotices()[1]?.text).not.toContain('First.');
    expect(noticeOf(later)?.status).toBe('sent');
  });

  it(`tells of at most ${NOTICE_MESSAGES_MAX} messages; the next ones gather into a notice of their own`, async () => {
    for (let count = 0; count < NOTICE_MESSAGES_MAX + 2; count += 1) {
      await answer(`Message ${count + 1}.`);
      deps.clock.advance(SECOND);
    }
    deps.clock.advance(GATHER_SECONDS * SECOND);
    await retryDueMail(deps);
    expect(sentNotices().map((mail) => /메시지 수: (\d+)건/.exec(mail.text)?.[1])).toEqual([
      String(NOTICE_MESSAGES_MAX),
      '2',
    ]);
  });
});

describe('no answer loses its notice', () => {
  it('when the thread cannot be read: the first notice goes as composed from the enquiry, the others by themselves', async () => {
    const first = await answer('One.');
    deps.clock.advance(10 * SECOND);
    const second = await answer('Two.');
    deps.clock.advance(10 * SECOND);
    const third = await answer('Three.');
    deps.clock.advance(41 * SECOND);
    vi.spyOn(deps.events, 'list').mockRejectedValueOnce(dynamoRefused());
    await retryDueMail(deps);
    // As before gathering: the enquiry's latest words, nothing gathered into it.
    expect(sentNotices().map((mail) => /메시지 미리 보기: (.*)/.exec(mail.text)?.[1])).toEqual(['Three.']);
    expect([...deps.outbox.items.values()].filter((mail) => mail.gatheredInto)).toEqual([]);
    // The next two go at their own time, the second gathering the third.
    deps.clock.advance(GATHER_SECONDS * SECOND);
    await retryDueMail(deps);
    expect(sentNotices()).toHaveLength(2);
    expect(sentNotices()[1]?.text).toContain('새 메시지 2건');
    expect([noticeOf(first), noticeOf(second), noticeOf(third)].map((mail) => mail?.status)).toEqual([
      'sent',
      'sent',
      'skipped',
    ]);
  });

  it('when a notice cannot be moved into the gathering one: that message goes by itself, the others together', async () => {
    await answer('One.');
    deps.clock.advance(10 * SECOND);
    const refused = await answer('Two.');
    deps.clock.advance(10 * SECOND);
    await answer('Three.');
    deps.clock.advance(41 * SECOND);
    const transition = deps.outbox.transition.bind(deps.outbox);
    vi.spyOn(deps.outbox, 'transition').mockImplementation((mailId, expected, change) =>
      mailId === visitorNoticeId(1, refused) && change.gatheredInto
        ? Promise.reject(dynamoRefused())
        : transition(mailId, expected, change),
    );
    await retryDueMail(deps);
    deps.clock.advance(GATHER_SECONDS * SECOND);
    await retryDueMail(deps);
    const [gathered, alone] = sentNotices();
    expect(gathered?.text).toContain('새 메시지 2건');
    expect(gathered?.text).toContain('메시지 2 · 메시지 미리 보기: Three.');
    expect(alone?.text).not.toContain('새 메시지 2건');
    expect(noticeOf(refused)?.status).toBe('sent');
    expect(sentNotices()).toHaveLength(2);
  });

  it('when SES refuses the gathered notice: the retry tells of every message again, none goes by itself', async () => {
    const first = await answer('One.');
    deps.clock.advance(30 * SECOND);
    await answer('Two.');
    deps.clock.advance(31 * SECOND);
    deps.mailer.failWith = sesRefused();
    expect(await retryDueMail(deps)).toMatchObject({ pending: 1 });
    deps.mailer.failWith = undefined;
    deps.clock.advance(2 * 60 * SECOND);
    await retryDueMail(deps);
    expect(sentNotices()).toHaveLength(1);
    expect(sentNotices()[0]?.text).toContain('새 메시지 2건');
    expect(noticeOf(first)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('when two workers send the same notice: what one gathered is told of by whichever sends it', async () => {
    await answer('One.');
    deps.clock.advance(30 * SECOND);
    await answer('Two.');
    deps.clock.advance(31 * SECOND);
    await Promise.all([retryDueMail(deps), retryDueMail(deps)]);
    expect(sentNotices()).toHaveLength(1);
    expect(sentNotices()[0]?.text).toContain('새 메시지 2건');
  });
});

describe('with a translation to wait for', () => {
  it('goes when its gathering ends, not before, once the translation job has tried it', async () => {
    deps.settings.NOTICE_TRANSLATION_WAIT_SECONDS = 180;
    const first = await answer('Можно приехать 12-го?');
    deps.clock.advance(5 * SECOND);
    await translateDue(deps);
    expect(sentNotices()).toEqual([]);
    // Due at the end of its gathering now, not of the translation's longer wait.
    expect(noticeOf(first)).toMatchObject({ status: 'pending', nextAt: first + GATHER_SECONDS * SECOND });
    deps.clock.advance(GATHER_SECONDS * SECOND);
    await retryDueMail(deps);
    expect(sentNotices()).toHaveLength(1);
    expect(sentNotices()[0]?.text).toContain('기계 번역');
  });
});
