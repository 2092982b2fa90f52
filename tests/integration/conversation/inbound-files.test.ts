/**
 * The received mail's files on the local stack: a visitor's attachment sent
 * by real SMTP to the local door is downloaded by staff through the link the
 * staff API hands out (the exact bytes, saved as a file, never shown), and
 * the download is in the access log; a key the thread does not list gets a
 * 404. Erasure on the visitor's request removes the mail kept apart from the
 * visitor's address with its raw message, and the visitor's data lists it
 * first; the retention job's read of the kept mail past its period.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type { AttachmentLink } from '../../../shared/conversation/attachment-download';
import { formatKoreaDate } from '../../../shared/korea-time';
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
import { BYTES } from '../../support/inbound-mail';
import { NOT_CHECKED_LOCALLY } from '../../../shared/conversation/visitor-messages';

let stack: TestStack;
let token: string;
const ADDRESS = 'files-visitor@example.test';
let index = 0;
let replyTo = '';

async function send(mail: Mail.Options): Promise<void> {
  // The door offers no TLS (this machine only); nodemailer is told not to ask for it.
  const transport = nodemailer.createTransport({
    host: stack.inboundSmtp.host,
    port: stack.inboundSmtp.port,
    secure: false,
    ignoreTLS: true,
  });
  try {
    await transport.sendMail(mail);
  } finally {
    transport.close();
  }
}

beforeAll(async () => {
  stack = await startTestStack();
  token = await signIn(stack);
  const response = await postJson(stack, '/api/sendmail', {
    data: enquiry({ user_email: ADDRESS, page_locale: 'ru' }),
  });
  index = Number(((await response.json()) as { reference: string }).reference.slice(3));
  replyTo = (await capturedMail(stack)).find((mail) => mail.destination.to.includes(ADDRESS))?.replyTo?.[0] ?? '';
}, 120_000);
afterAll(() => stack?.dispose());

describe("staff download a visitor's attachment", () => {
  it('through a short-lived link: the exact bytes, as a file to save under its name, and the download in the access log', async () => {
    await send({
      from: ADDRESS,
      to: replyTo,
      subject: 'Re: анализы',
      text: 'Результаты во вложении.',
      attachments: [{ filename: 'анализы.pdf', content: BYTES.pdf }],
    });
    const thread = (await (await getWithToken(stack, `/api/thread/${index}`, token)).json()) as ThreadEntry[];
    const key = thread.find((entry) => entry.type === 'visitorMessage')?.visitor?.attachments[0]?.key ?? '';
    expect(key).toMatch(/^attachments\//);

    const answer = await postJson(stack, '/api/enquiry/attachment', { data: { index, key } }, token);
    expect(answer.status).toBe(200);
    const link = (await answer.json()) as AttachmentLink;
    expect(new URL(link.url).searchParams.get('X-Amz-Expires')).toBe('120');

    const download = await fetch(link.url);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(BYTES.pdf)).toBe(true);
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="_______.pdf"; filename*=UTF-8''${encodeURIComponent('анализы.pdf')}`,
    );
    expect(download.headers.get('content-type')).toBe('application/pdf');

    const today = formatKoreaDate(Date.now());
    const log = (await (
      await getWithToken(stack, `/api/access-log?from=${today}&to=${today}&action=enquiry.attachment`, token)
    ).json()) as { entries: { actor: string; target: string }[] };
    expect(
      log.entries.some((entry) => entry.target.includes(`"key":"${key}"`) && entry.target.includes(`"index":${index}`)),
    ).toBe(true);
  });

  it('answers 404 for a key the thread does not list (a raw message is refused before it is looked up)', async () => {
    expect(
      (await postJson(stack, '/api/enquiry/attachment', { data: { index, key: 'attachments/0000/1' } }, token)).status,
    ).toBe(404);
    expect(
      (await postJson(stack, '/api/enquiry/attachment', { data: { index, key: 'raw/anything' } }, token)).status,
    ).toBe(400);
  });
});

describe('erasure covers the mail kept apart', () => {
  it("the visitor's data lists the mail kept from the address; erasing the address removes it, the mail about the enquiry from others, and their raw messages", async () => {
    const reference = `MT-${String(index).padStart(6, '0')}`;
    // One to the centre's general address from the visitor (no enquiry matched), one from a friend naming the enquiry.
    await send({ from: ADDRESS, to: `centre@${stack.inboundSmtp.domain}`, subject: 'Вопрос', text: 'Ещё вопрос.' });
    await send({
      from: 'friend@example.test',
      to: `centre@${stack.inboundSmtp.domain}`,
      subject: `Re: ${reference}`,
      text: 'Я друг пациента.',
    });
    const [fromVisitor] = await stack.deps.keptMail.fromSender(ADDRESS);
    const about = await stack.deps.keptMail.aboutEnquiry(index);
    expect(fromVisitor).toMatchObject({ box: 'unmatched', subject: 'Вопрос', rawKey: expect.stringMatching(/^raw\//) });
    expect(about).toEqual([{ key: expect.any(String), rawKey: expect.stringMatching(/^raw\//) }]);
    const raws = [fromVisitor?.rawKey ?? '', about[0]?.rawKey ?? ''];
    for (const raw of raws) expect(await stack.deps.inbound.getRaw(raw, 1_000_000)).toBeInstanceOf(Uint8Array);

    const data = (await (await postJson(stack, '/api/subject', { data: { email: ADDRESS } }, token)).json()) as {
      keptMail: { subject?: string; rawKey?: string }[];
    };
    expect(data.keptMail.map((mail) => mail.subject)).toEqual(['Вопрос']);
    expect(JSON.stringify(data.keptMail)).not.toContain('raw/');

    const erased = await postJson(
      stack,
      '/api/subject/erase',
      { data: { email: ADDRESS, reason: 'The visitor asked by mail.' } },
      token,
    );
    expect(await erased.json()).toMatchObject({ erased: [index], keptMailRemoved: 1 });
    expect(await stack.deps.keptMail.fromSender(ADDRESS)).toEqual([]);
    expect(await stack.deps.keptMail.aboutEnquiry(index)).toEqual([]);
    for (const raw of raws)
      await expect(stack.deps.inbound.getRaw(raw, 1_000_000)).rejects.toMatchObject({ name: 'NoSuchKey' });
  });
});

describe('the kept mail past its period', () => {
  it('is found by its box and arrival, oldest first, for the retention job, and removed by key', async () => {
    const item = (key: string, receivedAt: string) => ({
      key,
      box: 'refused' as const,
      reason: 'too_large',
      receivedAt,
      rawKey: `raw/${key}`,
      recipients: ['x@reply.test'],
      verdicts: NOT_CHECKED_LOCALLY,
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
    });
    await stack.deps.keptMail.keep(item('kept#old-2', '2020-01-02T00:00:00.000Z'));
    await stack.deps.keptMail.keep(item('kept#old-1', '2020-01-01T00:00:00.000Z'));
    await stack.deps.keptMail.keep(item('kept#new', '2026-01-01T00:00:00.000Z'));
    expect(await stack.deps.keptMail.arrivedBefore('refused', '2021-01-01T00:00:00.000Z', 10)).toEqual([
      { key: 'kept#old-1', rawKey: 'raw/kept#old-1' },
      { key: 'kept#old-2', rawKey: 'raw/kept#old-2' },
    ]);
    await stack.deps.keptMail.remove(['kept#old-1', 'kept#old-2']);
    expect(await stack.deps.keptMail.arrivedBefore('refused', '2021-01-01T00:00:00.000Z', 10)).toEqual([]);
    expect((await stack.deps.keptMail.inBox('refused', { limit: 10 })).mails.map((mail) => mail.key)).toContain(
      'kept#new',
    );
  });

  it('pages a box by the place the last page ended, finds mail by sender or subject in any case, and counts the box', async () => {
    const item = (key: string, receivedAt: string, from: string, subject: string) => ({
      key,
      box: 'auto-reply' as const,
      reason: 'auto_reply',
      receivedAt,
      rawKey: `raw/${key}`,
      recipients: ['x@reply.test'],
      verdicts: NOT_CHECKED_LOCALLY,
      from,
      subject,
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
    });
    const keys = ['kept#p1', 'kept#p2', 'kept#p3', 'kept#p4', 'kept#p5'];
    for (const [index, key] of keys.entries())
      await stack.deps.keptMail.keep(
        item(key, `2026-02-0${index + 1}T00:00:00.000Z`, `s${index}@x.example`, `Тема ${index}`),
      );
    const { keptMail } = stack.deps;
    const seen: string[] = [];
    let after: Awaited<ReturnType<typeof keptMail.inBox>>['next'];
    do {
      const page = await keptMail.inBox('auto-reply', { limit: 2, ...(after ? { after } : {}) });
      seen.push(...page.mails.map((mail) => mail.key));
      expect(JSON.stringify(page.mails)).not.toMatch(/searchText|enquiryIndex/);
      after = page.next;
    } while (after);
    expect(seen).toEqual([...keys].reverse());
    expect(await keptMail.countBox('auto-reply')).toBe(5);
    expect((await keptMail.inBox('auto-reply', { limit: 10, search: 's3@x' })).mails.map((mail) => mail.key)).toEqual([
      'kept#p4',
    ]);
    expect((await keptMail.inBox('auto-reply', { limit: 10, search: 'тема 1' })).mails.map((mail) => mail.key)).toEqual(
      ['kept#p2'],
    );
  });
});
