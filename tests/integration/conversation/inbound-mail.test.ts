/**
 * Visitors answering by mail, through the local stack's SMTP door with a real
 * SMTP client (nodemailer): an answer from each of the six languages, quoted
 * as a different client quotes, lands in its enquiry's thread as the
 * visitor's message, read back through the staff API; an attachment is kept
 * and listed with its malware scan's result; a forged reply address and an
 * out-of-office are kept apart (read back from the inbound mail table); once
 * staff replace the visitor's links an answer to the older reply address is
 * kept apart as replaced and the next reply's address files; an oversize
 * message and a stranger's domain are refused at the door; and while S3 or
 * DynamoDB is down the door answers a temporary failure, and the message
 * sent again is filed once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Mail from 'nodemailer/lib/mailer';
import type { LocaleCode } from '../../../shared/locales';
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
import { replySamples } from '../../support/reply-samples';

const MAX_BYTES = 200_000;
let stack: TestStack;
let token: string;
/** Each language's enquiry: its number and the reply address its acknowledgement carried. */
const enquiries = new Map<LocaleCode, { index: number; replyTo: string; address: string; ackId: string }>();

/** The client quoting each language's answer: the clients of the six languages' visitors. */
const CLIENT_OF: Record<LocaleCode, string> = {
  ko: 'Naver',
  zh: 'QQ',
  ru: 'Mail.ru',
  en: 'Gmail',
  vi: 'Outlook',
  ja: 'Apple Mail',
};

const send = (mail: Mail.Options) => sendToDoor(stack, mail);

async function thread(index: number): Promise<ThreadEntry[]> {
  const response = await getWithToken(stack, `/api/thread/${index}`, token);
  expect(response.status).toBe(200);
  return ((await response.json()) as ThreadEntry[]).filter((entry) => entry.type === 'visitorMessage');
}

const refusalCode = (error: unknown) => (error as { responseCode?: number }).responseCode;

beforeAll(async () => {
  stack = await startTestStack({ env: { INBOUND_MAX_BYTES: String(MAX_BYTES) } });
  token = await signIn(stack);
  for (const locale of ['ko', 'en', 'ru', 'vi', 'zh', 'ja'] as const) {
    const address = `visitor-${locale}@example.test`;
    const response = await postJson(stack, '/api/sendmail', {
      data: enquiry({ user_email: address, page_locale: locale }),
    });
    const { reference } = (await response.json()) as { reference: string };
    const ack = (await capturedMail(stack)).find((mail) => mail.destination.to.includes(address));
    enquiries.set(locale, {
      index: Number(reference.slice(3)),
      replyTo: ack?.replyTo?.[0] ?? '',
      address,
      ackId: ack?.messageId ?? '',
    });
  }
}, 120_000);
afterAll(() => stack?.dispose());

describe('answers into the thread', () => {
  it.each(['ko', 'en', 'ru', 'vi', 'zh', 'ja'] as const)(
    "%s: the visitor's answer, its quoted history left out, is the visitor's message in the thread",
    async (locale) => {
      const { index, replyTo, address } = enquiries.get(locale) ?? { index: 0, replyTo: '', address: '' };
      expect(replyTo).toMatch(/^reply\+\d+-[a-z2-7]{26}@reply\.medical-tourism\.local$/);
      const sample = replySamples().find(
        (candidate) => candidate.locale === locale && candidate.client === CLIENT_OF[locale],
      );
      const sent = await send({
        from: address,
        to: replyTo,
        subject: `Re: MT-${String(index).padStart(6, '0')}`,
        text: sample?.text,
        messageId: `<answer-${locale}@mail.example>`,
      });
      expect(sent.response).toMatch(/^250 .*Filed in enquiry/);
      const [message] = await thread(index);
      expect(message).toMatchObject({
        actor: address,
        text: sample?.expected,
        visitor: {
          channel: 'mail',
          fromEnquiryAddress: true,
          messageId: `<answer-${locale}@mail.example>`,
          verdicts: { spam: 'NOT_CHECKED_LOCALLY' },
        },
      });
      // The enquiry reacted (functions/work/visitor-wrote.ts): unread, and the staff inbox told (nobody owns it yet), once.
      expect(await stack.deps.enquiries.get(index)).toMatchObject({
        LAST_VISITOR_CHANNEL: 'mail',
        UNREAD_VISITOR_AT: expect.any(String),
      });
      const notices = (await capturedMail(stack)).filter((mail) =>
        mail.subject.includes(`MT-${String(index).padStart(6, '0')}] 방문자의 새 메시지`),
      );
      expect(notices).toHaveLength(1);
    },
  );

  it('keeps an attachment in the inbound bucket and lists it in the thread', async () => {
    const { index, replyTo, address } = enquiries.get('en') ?? { index: 0, replyTo: '', address: '' };
    await send({
      from: address,
      to: replyTo,
      subject: 'Re: my report',
      text: 'My report is attached.',
      attachments: [{ filename: 'report.pdf', content: BYTES.pdf }],
    });
    const message = (await thread(index)).find((entry) => entry.text === 'My report is attached.');
    expect(message?.visitor?.attachments).toEqual([
      {
        name: 'report.pdf',
        type: 'application/pdf',
        size: BYTES.pdf.length,
        key: expect.stringMatching(/^attachments\//),
        // The malware scan's stand-in tagged it before the door answered (local/emulators/malware-scan.ts).
        scan: 'clean',
      },
    ]);
  });

  it('finds the enquiry by In-Reply-To alone (the id SES gave the acknowledgement), the recipient being no reply address', async () => {
    const { index, address, ackId } = enquiries.get('vi') ?? { index: 0, address: '', ackId: '' };
    await send({
      from: address,
      to: `centre@${stack.inboundSmtp.domain}`,
      subject: 'Re: enquiry',
      text: 'One more question.',
      inReplyTo: `<${ackId}@email.amazonses.com>`,
    });
    expect((await thread(index)).map((entry) => entry.text)).toContain('One more question.');
  });
});

describe('kept apart, never dropped', () => {
  it('keeps an answer to a forged reply address in the unmatched box, out of every thread', async () => {
    const { index, replyTo, address } = enquiries.get('ru') ?? { index: 0, replyTo: '', address: '' };
    const forged = replyTo.replace(/-([a-z2-7])/, (_match, first: string) => `-${first === 'a' ? 'b' : 'a'}`);
    const sent = await send({
      from: address,
      to: forged,
      subject: `Re: MT-${String(index).padStart(6, '0')}`,
      text: 'Guessing the address.',
    });
    expect(sent.response).toMatch(/^250 .*Kept \(unmatched\)/);
    const { mails: unmatched } = await stack.deps.keptMail.inBox('unmatched', { limit: 10 });
    expect(unmatched.find((mail) => mail.subject?.startsWith('Re: MT-'))).toMatchObject({
      reason: 'forged',
      suggestedIndex: index,
      from: address,
      recipients: [forged],
    });
    expect((await thread(index)).map((entry) => entry.text)).not.toContain('Guessing the address.');
  });

  it('keeps an out-of-office apart, never in the thread', async () => {
    const { index, replyTo, address } = enquiries.get('ja') ?? { index: 0, replyTo: '', address: '' };
    await send({
      from: address,
      to: replyTo,
      subject: '自動応答: 不在です',
      text: '3月20日まで不在です。',
      headers: { 'Auto-Submitted': 'auto-replied' },
    });
    expect((await stack.deps.keptMail.inBox('auto-reply', { limit: 10 })).mails.map((mail) => mail.subject)).toContain(
      '自動応答: 不在です',
    );
    expect((await thread(index)).map((entry) => entry.text)).not.toContain('3月20日まで不在です。');
  });

  it("keeps an answer to the reply address of before staff replaced the visitor's links apart, and files one to the new", async () => {
    const { index, replyTo, address } = enquiries.get('ko') ?? { index: 0, replyTo: '', address: '' };
    const version = async () =>
      ((await (await getWithToken(stack, `/api/detail/${index}`, token)).json()) as { VERSION: number }[])[0]?.VERSION;
    const replaced = await postJson(
      stack,
      '/api/enquiry/visitor-link',
      { data: { index, version: await version() } },
      token,
    );
    expect(replaced.status).toBe(200);
    const old = await send({ from: address, to: replyTo, subject: 'Re: 예약', text: 'An old mail, answered.' });
    expect(old.response).toMatch(/^250 .*Kept \(unmatched\)/);
    expect(
      (await stack.deps.keptMail.inBox('unmatched', { limit: 20 })).mails.find((mail) =>
        mail.recipients.includes(replyTo),
      ),
    ).toMatchObject({ reason: 'address_replaced', postIndex: index });

    const reply = { index, version: await version(), subject: '답변', body: '10일 오전에 뵙겠습니다.' };
    expect((await postJson(stack, '/api/enquiry/reply', { data: reply }, token)).status).toBe(200);
    const sent = (await capturedMail(stack)).filter((mail) => mail.destination.to.includes(address)).at(-1);
    expect(sent?.replyTo?.[0]).toMatch(new RegExp(`^reply\\+${index}-1-[a-z2-7]{26}@`));
    const fresh = await send({ from: address, to: sent?.replyTo?.[0] ?? '', subject: 'Re: 답변', text: '감사합니다.' });
    expect(fresh.response).toMatch(/^250 .*Filed in enquiry/);
    expect((await thread(index)).map((entry) => entry.text)).toContain('감사합니다.');
  });

  it('refuses a message larger than the announced size (552), and mail for any other domain (550)', async () => {
    const { replyTo, address } = enquiries.get('en') ?? { replyTo: '', address: '' };
    await expect(
      send({ from: address, to: replyTo, subject: 'Large', text: 'x'.repeat(MAX_BYTES + 10_000) }),
    ).rejects.toSatisfy((error) => refusalCode(error) === 552);
    await expect(
      send({ from: address, to: 'someone@example.test', subject: 'Relay?', text: 'Hello' }),
    ).rejects.toSatisfy((error) => refusalCode(error) === 550);
  });
});

describe('nothing lost', () => {
  it.each(['s3', 'dynamodb'] as const)(
    'answers a temporary failure (451) while %s is down; the message sent again is filed once',
    async (service) => {
      const { index, replyTo, address } = enquiries.get('zh') ?? { index: 0, replyTo: '', address: '' };
      const mail = {
        from: address,
        to: replyTo,
        subject: `Re: ${service}`,
        text: `Sent while ${service} was down.`,
        messageId: `<retry-${service}@mail.example>`,
        date: new Date(),
      };
      await stack.faults.set(service, { mode: 'refuse' });
      try {
        await expect(send(mail)).rejects.toSatisfy((error) => refusalCode(error) === 451);
      } finally {
        await stack.faults.set(service, { mode: 'up' });
      }
      await send(mail);
      await send(mail);
      expect((await thread(index)).filter((entry) => entry.text === mail.text)).toHaveLength(1);
    },
  );
});
