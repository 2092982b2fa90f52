/**
 * Which enquiry a mail answers from its envelope and headers: the reply
 * address first (a forged one wins over any header), then In-Reply-To and
 * References, newest first; and how SES's receipt becomes a received mail.
 */
import { describe, expect, it } from 'vitest';
import type { SESEvent } from 'aws-lambda';
import { FakeSentMailIds } from '../fakes';
import { replyAddress, threadReference } from '../reply-address';
import { answeredIds, matchEnquiry, messageIds, suggestedEnquiry } from './thread-matching';
import { receivedFromSes } from './ses-receipt';

const addressing = { secret: 'a-token-secret-that-is-long-enough-0123456789', domain: 'reply.centre.example' };

describe('messageIds and answeredIds', () => {
  it('reads the ids of a header, folded or as a list', () => {
    expect(messageIds('<a@x>\r\n <b@y>  <c@z>')).toEqual(['<a@x>', '<b@y>', '<c@z>']);
    expect(messageIds(['<a@x>', '<b@y>'])).toEqual(['<a@x>', '<b@y>']);
    expect(messageIds(undefined)).toEqual([]);
    expect(messageIds('no ids here')).toEqual([]);
  });

  it('puts what the mail replies to first, then what it follows, newest first, each once, twenty at most', () => {
    expect(answeredIds('<c@z>', ['<a@x>', '<b@y>', '<c@z>'])).toEqual(['<c@z>', '<b@y>', '<a@x>']);
    expect(
      answeredIds(
        undefined,
        Array.from({ length: 30 }, (_, i) => `<m${i}@x>`),
      ),
    ).toHaveLength(20);
  });
});

describe('matchEnquiry', () => {
  const sent = new FakeSentMailIds();
  sent.items.set('0100018e-ack', { postIndex: 7, sentAt: '2026-11-20T09:00:00.000Z' });

  it('takes the reply address among the recipients', async () => {
    expect(
      await matchEnquiry(addressing, sent, { recipients: ['other@reply.centre.example', replyAddress(addressing, 3)] }),
    ).toEqual({ kind: 'enquiry', postIndex: 3, by: 'address', generation: 0 });
  });

  it('calls a forged reply address forged, even when the headers name an enquiry', async () => {
    const forged = replyAddress({ ...addressing, secret: 'another-secret-that-is-long-enough-0123456789' }, 3);
    expect(
      await matchEnquiry(addressing, sent, { recipients: [forged], inReplyTo: '<0100018e-ack@email.amazonses.com>' }),
    ).toEqual({ kind: 'forged' });
  });

  it('finds the enquiry by the id SES gave our mail, in any region', async () => {
    for (const id of ['<0100018e-ack@email.amazonses.com>', '<0100018e-ack@ap-northeast-2.amazonses.com>']) {
      expect(
        await matchEnquiry(addressing, sent, { recipients: ['centre@reply.centre.example'], references: [id] }),
        id,
      ).toEqual({ kind: 'enquiry', postIndex: 7, by: 'headers', sentAt: '2026-11-20T09:00:00.000Z' });
    }
    // The same local part at another domain is not ours.
    expect(await matchEnquiry(addressing, sent, { recipients: [], inReplyTo: '<0100018e-ack@mail.example>' })).toEqual({
      kind: 'none',
    });
  });

  it('finds the enquiry by our thread reference, and ignores a forged one', async () => {
    expect(
      await matchEnquiry(addressing, sent, {
        recipients: [],
        references: `<x@mail.example> ${threadReference(addressing, 9)}`,
      }),
    ).toEqual({ kind: 'enquiry', postIndex: 9, by: 'headers', generation: 0 });
    expect(
      await matchEnquiry(addressing, sent, {
        recipients: [],
        references: threadReference({ ...addressing, secret: 'x'.repeat(40) }, 9),
      }),
    ).toEqual({ kind: 'none' });
  });
});

describe('suggestedEnquiry', () => {
  it('reads a reference in the subject, for a suggestion', () => {
    expect(suggestedEnquiry('Re: Ваш запрос [MT-000123]')).toBe(123);
    expect(suggestedEnquiry('Re: mt000045 follow-up')).toBe(45);
    expect(suggestedEnquiry('Re: my appointment')).toBeUndefined();
  });
});

describe('receivedFromSes', () => {
  it("reads the raw message's key, the envelope's recipients, the verdicts and the time of each record", () => {
    const event = {
      Records: [
        {
          eventSource: 'aws:ses',
          eventVersion: '1.0',
          ses: {
            mail: { messageId: 'o3vrnil0e2ic', timestamp: '2026-11-22T10:00:00.000Z' },
            receipt: {
              timestamp: '2026-11-22T10:00:01.000Z',
              recipients: ['reply+3-abc@reply.centre.example'],
              spamVerdict: { status: 'PASS' },
              virusVerdict: { status: 'PASS' },
              spfVerdict: { status: 'FAIL' },
              dkimVerdict: { status: 'GRAY' },
              dmarcVerdict: { status: 'SOMETHING_NEW' },
            },
          },
        },
      ],
    } as unknown as SESEvent;
    expect(receivedFromSes(event)).toEqual([
      {
        rawKey: 'raw/o3vrnil0e2ic',
        recipients: ['reply+3-abc@reply.centre.example'],
        verdicts: { spam: 'PASS', virus: 'PASS', spf: 'FAIL', dkim: 'GRAY', dmarc: 'PROCESSING_FAILED' },
        receivedAt: Date.parse('2026-11-22T10:00:01.000Z'),
      },
    ]);
  });
});
