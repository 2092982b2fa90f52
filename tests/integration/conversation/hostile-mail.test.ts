/**
 * Mail meant to stall, break or fool the receiver, sent by real SMTP to the
 * local stack's door and read back as staff read it (the kept mail box, the
 * thread):
 *
 * - a header section past 1 MiB and a message of 1,001 MIME parts: the parser
 *   gives up, and each is kept once in the refused box as unreadable, by its
 *   sender and subject, the door answering 250 (never a temporary failure, so
 *   never sent again for ever); staff cannot read or attach it, only discard;
 * - a line of 80,000 `>` under an answer: the answer filed, its whole text a
 *   click away;
 * - a message that claims the enquiry's own address from a forger's server
 *   (nothing authenticates it): filed, and marked as not verified, never as
 *   the visitor's own mail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeptMailList } from '../../../shared/conversation/kept-mail';
import type { ThreadEntry } from '../../../shared/work/enquiry-work';
import { sendToDoor } from '../../support/inbound-mail';
import {
  type TestStack,
  capturedMail,
  enquiry,
  getWithToken,
  postJson,
  signIn,
  startTestStack,
} from '../../support/stack';

const ADDRESS = 'hostile-mail-visitor@example.test';
let stack: TestStack;
let token: string;
let index = 0;
let replyTo = '';

/** A raw message as a forger's program writes it: headers, then a body, line ends CRLF. */
function raw(headers: string[], body: string): string {
  return `${[...headers, ''].join('\r\n')}\r\n${body}`;
}

const sendRaw = (message: string) =>
  sendToDoor(stack, { envelope: { from: 'sender@elsewhere.example', to: [replyTo] }, raw: message });

async function refusedBox(): Promise<KeptMailList> {
  const response = await getWithToken(stack, '/api/kept-mail?box=refused', token);
  expect(response.status).toBe(200);
  return (await response.json()) as KeptMailList;
}

async function thread(): Promise<ThreadEntry[]> {
  const response = await getWithToken(stack, `/api/thread/${index}`, token);
  expect(response.status).toBe(200);
  return (await response.json()) as ThreadEntry[];
}

beforeAll(async () => {
  stack = await startTestStack();
  token = await signIn(stack);
  const response = await postJson(stack, '/api/sendmail', { data: enquiry({ user_email: ADDRESS }) });
  index = Number(((await response.json()) as { reference: string }).reference.slice(3));
  replyTo = (await capturedMail(stack)).find((mail) => mail.destination.to.includes(ADDRESS))?.replyTo?.[0] ?? '';
  expect(replyTo).toMatch(/^reply\+/);
});

afterAll(() => stack?.dispose());

describe('mail the parser gives up on', () => {
  it.each([
    [
      'a header section past 1 MiB',
      'Huge header',
      `X-Padding: ${'a'.repeat(76)}\r\n`.repeat(14_000),
      'text/plain',
      'Hello',
    ],
    [
      '1,001 MIME parts',
      'Many parts',
      '',
      'multipart/mixed; boundary="p"',
      `${Array.from({ length: 1_001 }, (_, part) => `--p\r\nContent-Type: text/plain\r\n\r\npart ${part}\r\n`).join('')}--p--\r\n`,
    ],
  ])(
    'keeps %s once in the refused box as unreadable, by its sender; staff can only discard it',
    async (_name, subject, padding, type, body) => {
      const message = raw(
        [
          `From: Stranger <stranger@elsewhere.example>`,
          `To: ${replyTo}`,
          `Subject: ${subject}`,
          `Date: ${new Date().toUTCString()}`,
          `${padding}MIME-Version: 1.0`,
          `Content-Type: ${type}`,
        ],
        body,
      );
      expect((await sendRaw(message)).response).toMatch(/^250 /);
      // The sender's program sends it again (a lost answer): still one.
      expect((await sendRaw(message)).response).toMatch(/^250 /);
      const kept = (await refusedBox()).mails.filter((mail) => mail.subject === subject);
      expect(kept).toEqual([expect.objectContaining({ reason: 'unreadable', from: 'stranger@elsewhere.example' })]);
      const key = kept[0]?.key ?? '';
      const read = await getWithToken(stack, `/api/kept-mail/text?${new URLSearchParams({ key })}`, token);
      expect(read.status).toBe(400);
      const attach = await postJson(stack, '/api/kept-mail/attach', { data: { key, index } }, token);
      expect(attach.status).toBe(400);
      expect((await thread()).some((entry) => entry.visitor?.subject === subject)).toBe(false);
    },
  );
});

describe('mail meant to stall the receiver or pass for the visitor', () => {
  it('files an answer above a line of 80,000 quote marks, the whole text a click away', async () => {
    const sent = await sendToDoor(stack, {
      from: ADDRESS,
      to: replyTo,
      subject: 'Re: quote marks',
      text: `The 10th suits me.\n\n${'>'.repeat(80_000)}\n`,
    });
    expect(sent.response).toMatch(/^250 /);
    const entry = (await thread()).find((candidate) => candidate.visitor?.subject === 'Re: quote marks');
    expect(entry?.text).toBe('The 10th suits me.');
    expect(entry?.visitor).toMatchObject({
      whole: expect.stringMatching(/^The 10th suits me\.\n\n>>>/),
      wholeCut: true,
    });
  });

  it("marks a message that claims the enquiry's address without authentication as not verified", async () => {
    const sent = await sendToDoor(stack, {
      from: `Visitor <${ADDRESS}>`,
      to: replyTo,
      subject: 'Re: please cancel my booking',
      text: 'Please cancel my booking.',
    });
    expect(sent.response).toMatch(/^250 /);
    const entry = (await thread()).find((candidate) => candidate.visitor?.subject === 'Re: please cancel my booking');
    expect(entry?.visitor).toMatchObject({ fromEnquiryAddress: true, senderVerified: false });
  });
});
