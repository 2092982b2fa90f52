/**
 * The visitor's page through the local server against the emulators: a link
 * minted as the mails will carry it (its hash kept in a DynamoDB string set),
 * the page's view with a reply's words, a message written and written again,
 * seen by staff in the thread, the links replaced by staff (the new one read
 * back from the mailbox, sealed while it waited), and every link that opens
 * nothing answered alike, an erased enquiry's too.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VisitorEnquiryView } from '../../../shared/visitor/visitor-page';
import { mintVisitorLink } from '../../../functions/visitor/visitor-links';
import {
  type TestStack,
  capturedMail,
  enquiry,
  getWithToken,
  postJson,
  signIn,
  startTestStack,
} from '../../support/stack';

let stack: TestStack;
let token: string;

beforeAll(async () => {
  stack = await startTestStack();
  token = await signIn(stack);
  for (const locale of ['ru', 'ja'])
    expect(
      (
        await postJson(stack, '/api/sendmail', {
          data: enquiry({ page_locale: locale, user_email: `visitor-${locale}@example.test` }),
        })
      ).status,
    ).toBe(200);
});
afterAll(() => stack?.dispose());

const fragment = (url: string) => url.split('#')[1] ?? '';
const read = (link: string) => postJson(stack, '/api/visitor/enquiry', { data: { link } });
const write = (link: string, text: string, messageId = crypto.randomUUID()) =>
  postJson(stack, '/api/visitor/message', { data: { link, text, message_id: messageId, form_fill_ms: 12_000 } });
const linkIn = (text: string | undefined) =>
  /http:\/\/[^\s"<]+\/my-enquiry\/[a-z]{2}#[\w.-]+/.exec(text ?? '')?.[0] ?? '';

describe('the visitor page against the emulators', () => {
  it('opens the enquiry by a minted link, shows a reply with its words and a message the visitor writes, once per message id', async () => {
    // The acknowledgement carried a link of its own, minted as it was sent: it opens the page.
    const ack = (await capturedMail(stack)).find((mail) => mail.destination.to.includes('visitor-ru@example.test'));
    const ackLink = fragment(linkIn(ack?.body.text));
    expect(ackLink).toMatch(/^1\./);
    expect((await read(ackLink)).status).toBe(200);
    const url = await mintVisitorLink(stack.deps, 1, 'ru');
    expect(url).toMatch(new RegExp(`^${stack.url}/my-enquiry/ru#1\\.`));
    const stored = await stack.deps.enquiries.get(1);
    expect(stored?.VISITOR_LINK_HASHES).toEqual(
      new Set(
        [ackLink, fragment(url)].map((link) =>
          createHash('sha256')
            .update(link.split('.')[1] ?? '')
            .digest('hex'),
        ),
      ),
    );

    const first = await read(fragment(url));
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({
      reference: 'MT-000001',
      locale: 'ru',
      standing: 'received',
      sent: { section: '병원예약', detailSection: '종합검진', start: '2036-12-10 09:30', people: 2 },
      conversation: [],
    });

    expect(
      (
        await postJson(
          stack,
          '/api/enquiry/reply',
          {
            data: {
              index: 1,
              version: 0,
              subject: 'Ваше обращение',
              body: 'Здравствуйте!\n\nВрач примет вас 10 декабря.',
            },
          },
          token,
        )
      ).status,
    ).toBe(200);
    // The reply went with a link of its own below the words staff wrote (the outbox keeps the words without it).
    const replyMail = (await capturedMail(stack)).find((mail) => mail.subject.startsWith('Ваше обращение'));
    expect(replyMail?.body.text).toMatch(/^Здравствуйте!\n\nВрач примет вас 10 декабря\.\n\n/);
    expect((await read(fragment(linkIn(replyMail?.body.text)))).status).toBe(200);
    const replyEvent = (await stack.deps.events.list(1)).find((event) => event.type === 'reply');
    const storedReply = await stack.deps.outbox.get(replyEvent?.mailId ?? '');
    expect(storedReply?.content?.text).toContain('Врач примет вас 10 декабря.');
    expect(JSON.stringify(storedReply)).not.toContain('/my-enquiry/');
    const messageId = crypto.randomUUID();
    const written = await write(fragment(url), 'Спасибо! Можно в 10:00?', messageId);
    expect(written.status).toBe(200);
    const again = await write(fragment(url), 'Спасибо! Можно в 10:00?', messageId);
    expect(again.status).toBe(200);
    const view = (await again.json()) as VisitorEnquiryView;
    // The enquiry reacted once (the resend changed nothing more): waiting for staff, read by the visitor as being worked on.
    expect(view.standing).toBe('in_progress');
    expect(await stack.deps.enquiries.get(1)).toMatchObject({ STATUS: 'visitor_replied', VERSION: 2 });
    expect(view.conversation.map(({ from, subject, text }) => ({ from, subject, text }))).toEqual([
      { from: 'centre', subject: 'Ваше обращение', text: 'Здравствуйте!\n\nВрач примет вас 10 декабря.' },
      { from: 'visitor', subject: undefined, text: 'Спасибо! Можно в 10:00?' },
    ]);
    expect(JSON.stringify(view)).not.toContain('visitor-ru@example.test');

    const thread = (await (await getWithToken(stack, '/api/thread/1', token)).json()) as {
      type: string;
      channel?: string;
      text?: string;
    }[];
    expect(thread.filter((entry) => entry.type === 'visitorMessage')).toEqual([
      expect.objectContaining({ channel: 'page', text: 'Спасибо! Можно в 10:00?' }),
    ]);
  });

  it('replaces the links: the old ones open nothing, the new one comes by mail in the page language and opens the page', async () => {
    const old = fragment(await mintVisitorLink(stack.deps, 2, 'ja'));
    expect((await read(old)).status).toBe(200);
    const stale = await postJson(stack, '/api/enquiry/visitor-link', { data: { index: 2, version: 5 } }, token);
    expect(stale.status).toBe(409);
    expect((await read(old)).status).toBe(200);

    const replaced = await postJson(stack, '/api/enquiry/visitor-link', { data: { index: 2, version: 0 } }, token);
    expect(replaced.status).toBe(200);
    expect(await replaced.json()).toMatchObject({ record: { VERSION: 1 }, mailStatus: 'sent' });
    expect((await read(old)).status).toBe(404);

    const mail = (await capturedMail(stack)).find(
      (captured) =>
        captured.destination.to.includes('visitor-ja@example.test') && captured.subject.includes('新しいリンク'),
    );
    expect(mail?.body.html).toContain('<html lang="ja">');
    const url = linkIn(mail?.body.text);
    expect(url).toMatch(/\/my-enquiry\/ja#2\./);
    expect((await read(fragment(url))).status).toBe(200);

    const [event] = (
      (await (await getWithToken(stack, '/api/thread/2', token)).json()) as {
        type: string;
        mailId?: string;
        mailStatus?: string;
      }[]
    ).filter((entry) => entry.type === 'visitorLink');
    expect(event).toMatchObject({ mailStatus: 'sent' });
    // Sent: the outbox keeps no words of it, sealed or not.
    const outboxMail = await stack.deps.outbox.get(event?.mailId ?? '');
    expect(outboxMail).toMatchObject({ kind: 'visitorLink', status: 'sent' });
    expect(outboxMail?.sealedContent).toBeUndefined();
  });

  it("answers every link that opens nothing with the same 404, an erased enquiry's too", async () => {
    const link = fragment(await mintVisitorLink(stack.deps, 1, 'ru'));
    const secret = link.split('.')[1] ?? '';
    const wrong = await Promise.all(
      [`1.${'x'.repeat(43)}`, `2.${secret}`, `77.${secret}`, 'nonsense'].map(async (candidate) => {
        const response = await read(candidate);
        return { status: response.status, body: await response.text() };
      }),
    );
    for (const answer of wrong) expect(answer).toEqual(wrong[0]);
    expect(wrong[0]?.status).toBe(404);

    const erased = await postJson(
      stack,
      '/api/subject/erase',
      { data: { email: 'visitor-ru@example.test', reason: 'The visitor asked' } },
      token,
    );
    expect(erased.status).toBe(200);
    const after = await read(link);
    expect({ status: after.status, body: await after.text() }).toEqual(wrong[0]);
  });
});
