/**
 * The kept mail box through the local stack: mail sent with a real SMTP
 * client to the door, to a reply address with a wrong token and to an
 * address that names no enquiry, is kept in the unmatched box (the DynamoDB
 * adapter and its byBox index); staff list it, read its text (from the raw
 * message in the S3 emulator), attach one to an enquiry (the thread shows it,
 * the enquiry reacts and its notice goes out, once however often attached)
 * and discard the other (its raw message gone; the same message sent again
 * stays discarded).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeptMailList } from '../../../shared/conversation/kept-mail';
import type { ThreadEntry } from '../../../shared/work/enquiry-work';
import {
  type TestStack,
  capturedMail,
  enquiry,
  getWithToken,
  postJson,
  signIn,
  startTestStack,
} from '../../support/stack';
import { BYTES, sendToDoor } from '../../support/inbound-mail';

let stack: TestStack;
let token: string;
let index: number;
let replyTo: string;

const reference = () => `MT-${String(index).padStart(6, '0')}`;
async function box(name = 'unmatched'): Promise<KeptMailList> {
  const response = await getWithToken(stack, `/api/kept-mail?box=${name}`, token);
  expect(response.status).toBe(200);
  return (await response.json()) as KeptMailList;
}
const kept = async (subject: string) => (await box()).mails.find((mail) => mail.subject === subject);
async function visitorMessages(): Promise<ThreadEntry[]> {
  return ((await (await getWithToken(stack, `/api/thread/${index}`, token)).json()) as ThreadEntry[]).filter(
    (entry) => entry.type === 'visitorMessage',
  );
}

beforeAll(async () => {
  stack = await startTestStack();
  token = await signIn(stack);
  const response = await postJson(stack, '/api/sendmail', {
    data: enquiry({ user_email: 'kept-box@example.test', page_locale: 'ru' }),
  });
  index = Number(((await response.json()) as { reference: string }).reference.slice(3));
  replyTo =
    (await capturedMail(stack)).find((mail) => mail.destination.to.includes('kept-box@example.test'))?.replyTo?.[0] ??
    '';
  expect(replyTo).toMatch(/^reply\+\d+-[a-z2-7]{26}@/);
}, 120_000);
afterAll(() => stack?.dispose());

describe('the unmatched box', () => {
  it('keeps a mail with a wrong token; staff list it, read it, attach it, and the thread shows it, once', async () => {
    const wrongToken = replyTo.replace(/-[a-z2-7]{26}@/, `-${'a'.repeat(26)}@`);
    const subject = `Re: Your enquiry [${reference()}]`;
    await sendToDoor(stack, {
      from: 'kept-box@example.test',
      to: wrongToken,
      subject,
      text: 'Мой ответ пришёл не туда.',
      attachments: [{ filename: 'scan.pdf', content: BYTES.pdf }],
    });

    const mail = await kept(subject);
    expect(mail).toMatchObject({
      box: 'unmatched',
      reason: 'forged',
      from: 'kept-box@example.test',
      suggestedIndex: index,
      recipients: [wrongToken],
      attachments: [{ name: 'scan.pdf', size: BYTES.pdf.length }],
    });
    const key = mail?.key ?? '';
    const text = await getWithToken(stack, `/api/kept-mail/text?${new URLSearchParams({ key })}`, token);
    expect(await text.json()).toEqual({ key, text: 'Мой ответ пришёл не туда.' });

    const attach = () => postJson(stack, '/api/kept-mail/attach', { data: { key, index } }, token);
    const first = await attach();
    expect(await first.json()).toEqual({ key, postIndex: index, firstTime: true });
    const [message] = await visitorMessages();
    expect(message).toMatchObject({
      actor: 'kept-box@example.test',
      text: 'Мой ответ пришёл не туда.',
      visitor: { channel: 'mail', attachedBy: expect.any(String), fromEnquiryAddress: true },
    });
    expect(message?.visitor?.attachments).toEqual([
      {
        name: 'scan.pdf',
        type: 'application/pdf',
        size: BYTES.pdf.length,
        key: expect.stringMatching(/^attachments\//),
        // Stored on attaching, and scanned there as any attachment (the stand-in, before the put was answered).
        scan: 'clean',
      },
    ]);
    expect(await stack.deps.enquiries.get(index)).toMatchObject({
      LAST_VISITOR_CHANNEL: 'mail',
      UNREAD_VISITOR_AT: expect.any(String),
    });
    expect(await kept(subject)).toBeUndefined();

    expect(await (await attach()).json()).toEqual({ key, postIndex: index, firstTime: false });
    expect(await visitorMessages()).toHaveLength(1);
    const notices = (await capturedMail(stack)).filter((sent) =>
      sent.subject.includes(`${reference()}] 방문자의 새 메시지`),
    );
    expect(notices).toHaveLength(1);
  });

  it('discards a mail that names no enquiry: its raw message goes, and the same message sent again stays discarded', async () => {
    const message = {
      from: 'stranger@example.test',
      to: `centre@${stack.inboundSmtp.domain}`,
      subject: 'Hello centre',
      text: 'Is anyone there?',
      messageId: '<discard-me@mail.example>',
      date: new Date(),
    };
    await sendToDoor(stack, message);
    const mail = await kept('Hello centre');
    expect(mail).toMatchObject({ reason: 'no_match' });
    const key = mail?.key ?? '';
    const stored = await stack.deps.keptMail.get(key);
    const rawKey = stored && 'rawKey' in stored ? stored.rawKey : '';
    expect(rawKey).toMatch(/^raw\//);

    const discard = await postJson(stack, '/api/kept-mail/discard', { data: { key } }, token);
    expect(await discard.json()).toEqual({ key, firstTime: true });
    await expect(stack.deps.inbound.getRaw(rawKey, 1_000_000)).rejects.toThrow();
    expect(await kept('Hello centre')).toBeUndefined();
    expect((await postJson(stack, '/api/kept-mail/attach', { data: { key, index } }, token)).status).toBe(404);

    await sendToDoor(stack, message);
    expect(await kept('Hello centre')).toBeUndefined();
  });
});
