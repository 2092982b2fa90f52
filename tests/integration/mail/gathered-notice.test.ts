/**
 * The owner's notice gathering answers on the local stack (DynamoDB's outbox,
 * the SES emulator's mailbox): three answers through the SMTP door within a
 * minute make one notice, sent by the mail retry job once the first one has
 * waited NOTICE_GATHER_SECONDS, naming the attachment one came with; the
 * other two notices are kept in the outbox as gathered into it, off the queue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitorNoticeId } from '../../../functions/mail/visitor-notice/notice-ids';
import { BYTES, sendToDoor } from '../../support/inbound-mail';
import { type TestStack, capturedMail, enquiry, postJson, startTestStack } from '../../support/stack';

/** The stack's clock: the wall clock moved on by what the test skips. */
const skipped = { ms: 0 };
let stack: TestStack;
let replyTo = '';

const notices = async () => (await capturedMail(stack)).filter((mail) => mail.subject.endsWith('방문자의 새 메시지'));

beforeAll(async () => {
  stack = await startTestStack({
    env: { NOTICE_GATHER_SECONDS: '60', NOTICE_TRANSLATION_WAIT_SECONDS: '0' },
    clock: { now: () => Date.now() + skipped.ms },
  });
  await postJson(stack, '/api/sendmail', { data: enquiry({ user_email: 'anna@example.test', page_locale: 'en' }) });
  replyTo =
    (await capturedMail(stack)).find((mail) => mail.destination.to.includes('anna@example.test'))?.replyTo?.[0] ?? '';
}, 120_000);
afterAll(() => stack?.dispose());

describe('answers close together', () => {
  it('make one notice from the retry job once the first has waited, the others gathered into it', async () => {
    const times: number[] = [];
    for (const [index, text] of ['Can I come on the 12th?', 'My husband comes too.', 'We land at 9.'].entries()) {
      // A Date header holds whole seconds: the message's time, and its notice's id, are this.
      const date = new Date(Math.floor((Date.now() + skipped.ms) / 1000) * 1000);
      times.push(date.getTime());
      const sent = await sendToDoor(stack, {
        from: 'anna@example.test',
        to: replyTo,
        subject: 'Re: your enquiry',
        text,
        date,
        messageId: `<gathered-${index}@mail.example>`,
        ...(index === 0 ? { attachments: [{ filename: 'referral.pdf', content: BYTES.pdf }] } : {}),
      });
      expect(sent.response).toMatch(/^250 .*Filed in enquiry 1/);
      skipped.ms += 15_000;
    }
    await stack.runMailRetry();
    expect(await notices()).toEqual([]);

    skipped.ms += 20_000;
    await stack.runMailRetry();
    const [notice, ...more] = await notices();
    expect(more).toEqual([]);
    expect(notice?.body.text).toContain('새 메시지 3건');
    expect(notice?.body.text).toContain('메시지 1 · 첨부 파일: 1개: \u2068referral.pdf\u2069');
    expect(notice?.body.text).toContain('메시지 3 · 메시지 미리 보기: We land at 9.');

    const [first, second, third] = await Promise.all(times.map((at) => stack.deps.outbox.get(visitorNoticeId(1, at))));
    expect(first).toMatchObject({ status: 'sent' });
    for (const gathered of [second, third]) {
      expect(gathered).toMatchObject({ status: 'skipped', gatheredInto: visitorNoticeId(1, times[0] ?? 0) });
      expect(gathered).not.toHaveProperty('queue');
    }
  });
});
