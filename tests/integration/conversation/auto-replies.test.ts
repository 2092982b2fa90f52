/**
 * Automatic replies through the local stack's SMTP door, sent by a real SMTP
 * client (nodemailer): one known only by its subject (Yandex's "Автоответ:",
 * no header) and one by RFC 3834's Auto-Submitted are kept in the auto-reply
 * box with the enquiry they answer (read through the staff API), never in
 * the thread: the answered enquiry stays answered, its owner gets no notice,
 * the visitor's page shows nothing of them. A patient's answer whose subject
 * only says they will be out of office goes into the thread as theirs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeptMailList } from '../../../shared/conversation/kept-mail';
import type { ThreadEntry } from '../../../shared/work/enquiry-work';
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
import { sendToDoor } from '../../support/inbound-mail';
import { storeWork } from '../../../functions/work/enquiry-work';

let stack: TestStack;
let token: string;
let replyTo = '';
let pageLink = '';
const VISITOR = 'irina@example.test';

const visitorMessages = async () =>
  ((await (await getWithToken(stack, '/api/thread/1', token)).json()) as ThreadEntry[]).filter(
    (entry) => entry.type === 'visitorMessage',
  );
const notices = async () => (await capturedMail(stack)).filter((mail) => mail.subject.includes('방문자의 새 메시지'));

beforeAll(async () => {
  stack = await startTestStack();
  token = await signIn(stack);
  expect(
    (await postJson(stack, '/api/sendmail', { data: enquiry({ user_email: VISITOR, page_locale: 'ru' }) })).status,
  ).toBe(200);
  const ack = (await capturedMail(stack)).find((mail) => mail.destination.to.includes(VISITOR));
  replyTo = ack?.replyTo?.[0] ?? '';
  pageLink = /\/my-enquiry\/ru#([\w.-]+)/.exec(ack?.body.text ?? '')?.[1] ?? '';
  // A staff member took it up and answered: an answer from the visitor would open it again.
  const stored = await stack.deps.enquiries.get(1);
  if (stored)
    await storeWork(stack.deps, stored, stored.VERSION ?? 0, {
      STATUS: 'answered',
      OWNER: STAFF.email,
      UPDATED_AT: new Date().toISOString(),
    });
}, 120_000);
afterAll(() => stack?.dispose());

describe('automatic replies through the SMTP door', () => {
  it('keeps them in the auto-reply box with their enquiry, out of the thread, the visitor page and the notices', async () => {
    const bySubject = await sendToDoor(stack, {
      from: VISITOR,
      to: replyTo,
      subject: 'Автоответ: Re: Ваш запрос [MT-000001]',
      text: 'Я в отпуске до 20 марта и отвечу после возвращения.',
    });
    const byHeaders = await sendToDoor(stack, {
      from: VISITOR,
      to: replyTo,
      subject: 'Re: Ваш запрос [MT-000001]',
      text: 'Это письмо отправлено автоматически.',
      headers: { 'Auto-Submitted': 'auto-replied' },
    });
    expect([bySubject.response, byHeaders.response]).toEqual([
      expect.stringMatching(/^250 .*Kept \(auto-reply\)/),
      expect.stringMatching(/^250 .*Kept \(auto-reply\)/),
    ]);

    const box = (await (await getWithToken(stack, '/api/kept-mail?box=auto-reply', token)).json()) as KeptMailList;
    expect(box.mails.map(({ subject, reason, postIndex }) => ({ subject, reason, postIndex }))).toEqual([
      { subject: 'Re: Ваш запрос [MT-000001]', reason: 'auto_reply', postIndex: 1 },
      { subject: 'Автоответ: Re: Ваш запрос [MT-000001]', reason: 'auto_reply_subject', postIndex: 1 },
    ]);
    expect(await visitorMessages()).toEqual([]);
    expect(await stack.deps.enquiries.get(1)).toMatchObject({ STATUS: 'answered', OWNER: STAFF.email });
    expect(await stack.deps.enquiries.get(1)).not.toHaveProperty('UNREAD_VISITOR_AT');
    expect(await notices()).toEqual([]);
    const page = (await (await postJson(stack, '/api/visitor/enquiry', { data: { link: pageLink } })).json()) as {
      conversation: unknown[];
    };
    expect(page.conversation).toEqual([]);
  });

  it("files a patient's answer whose subject only says they will be out of office, and the enquiry opens again", async () => {
    const sent = await sendToDoor(stack, {
      from: VISITOR,
      to: replyTo,
      subject: 'Re: I will be out of office on the 10th, is the 12th possible?',
      text: 'Можно перенести на 12 декабря?',
    });
    expect(sent.response).toMatch(/^250 .*Filed in enquiry 1/);
    expect((await visitorMessages()).map((entry) => entry.text)).toEqual(['Можно перенести на 12 декабря?']);
    expect(await stack.deps.enquiries.get(1)).toMatchObject({ STATUS: 'visitor_replied' });
    expect(await notices()).toHaveLength(1);
  });
});
