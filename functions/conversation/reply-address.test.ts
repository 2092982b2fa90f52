/**
 * The reply address of an enquiry: made only by whoever holds the token
 * secret, read back whatever case a mail system gave it, and a forged or
 * mistyped one never names an enquiry; each generation of it (staff replaced
 * the links) its own, the first one the form of before.
 */
import { describe, expect, it } from 'vitest';
import {
  currentThreading,
  enquiryMac,
  readOurAddress,
  replyAddress,
  threadReference,
  visitorThreading,
} from './reply-address';

const addressing = { secret: 'a-token-secret-that-is-long-enough-0123456789', domain: 'reply.centre.example' };

describe('replyAddress', () => {
  it('names the enquiry and 128 bits of MAC in lower-case base32', () => {
    const address = replyAddress(addressing, 123);
    expect(address).toMatch(/^reply\+123-[a-z2-7]{26}@reply\.centre\.example$/);
    expect(enquiryMac(addressing.secret, 123)).toHaveLength(26);
  });

  it('differs per enquiry and per secret, and is the same each time', () => {
    expect(replyAddress(addressing, 123)).toBe(replyAddress(addressing, 123));
    expect(enquiryMac(addressing.secret, 123)).not.toBe(enquiryMac(addressing.secret, 124));
    expect(enquiryMac(addressing.secret, 123)).not.toBe(enquiryMac(`${addressing.secret}-rotated`, 123));
  });

  it('reads back its enquiry, whatever case a mail system gave the address', () => {
    const address = replyAddress(addressing, 123);
    expect(readOurAddress(addressing, address, 'reply')).toEqual({ kind: 'enquiry', postIndex: 123, generation: 0 });
    expect(readOurAddress(addressing, address.toUpperCase(), 'reply')).toEqual({
      kind: 'enquiry',
      postIndex: 123,
      generation: 0,
    });
    expect(readOurAddress(addressing, ` <${address}> `, 'reply')).toEqual({
      kind: 'enquiry',
      postIndex: 123,
      generation: 0,
    });
  });

  it("calls forged an address of our shape whose MAC is wrong, another enquiry's, cut short, or made with another secret", () => {
    const mac = enquiryMac(addressing.secret, 123);
    const wrongMac = `${mac.slice(0, -1)}${mac.endsWith('a') ? 'b' : 'a'}`;
    for (const forged of [
      `reply+123-${wrongMac}@reply.centre.example`,
      `reply+124-${mac}@reply.centre.example`,
      `reply+123-${mac.slice(0, 20)}@reply.centre.example`,
      `reply+123@reply.centre.example`,
      `reply+0-${enquiryMac(addressing.secret, 0)}@reply.centre.example`,
      replyAddress({ ...addressing, secret: `${addressing.secret}-other` }, 123),
    ]) {
      expect(readOurAddress(addressing, forged, 'reply'), forged).toEqual({ kind: 'forged' });
    }
  });

  it('does not read an address of another domain or another shape as one of ours', () => {
    const address = replyAddress(addressing, 123);
    expect(
      readOurAddress(addressing, address.replace('reply.centre.example', 'reply.other.example'), 'reply'),
    ).toBeUndefined();
    expect(readOurAddress(addressing, 'info@reply.centre.example', 'reply')).toBeUndefined();
    expect(readOurAddress(addressing, 'not an address', 'reply')).toBeUndefined();
    // A thread reference is not a reply address, nor the other way round.
    expect(readOurAddress(addressing, address, 'thread')).toBeUndefined();
  });
});

describe('threadReference', () => {
  it('is a message id of the inbound domain that reads back as its enquiry', () => {
    const reference = threadReference(addressing, 7);
    expect(reference).toMatch(/^<thread\+7-[a-z2-7]{26}@reply\.centre\.example>$/);
    expect(readOurAddress(addressing, reference, 'thread')).toEqual({ kind: 'enquiry', postIndex: 7, generation: 0 });
    expect(readOurAddress(addressing, reference.replace('thread+7', 'thread+8'), 'thread')).toEqual({ kind: 'forged' });
  });
});

describe('visitorThreading', () => {
  it("starts a thread: the reply address, the thread's reference, nothing answered", () => {
    expect(visitorThreading(addressing, 7)).toEqual({
      replyTo: replyAddress(addressing, 7),
      references: [threadReference(addressing, 7)],
    });
  });

  it("answers the visitor's latest message and names the earlier ones", () => {
    expect(visitorThreading(addressing, 7, ['<a@mail.example>', '<b@mail.example>'])).toEqual({
      replyTo: replyAddress(addressing, 7),
      references: [threadReference(addressing, 7), '<a@mail.example>', '<b@mail.example>'],
      inReplyTo: '<b@mail.example>',
    });
  });
});

describe('generations', () => {
  it('keeps generation 0 the form of before, and gives each later one its own MAC, read back with its generation', () => {
    expect(replyAddress(addressing, 123, 0)).toBe(
      `reply+123-${enquiryMac(addressing.secret, 123)}@reply.centre.example`,
    );
    const second = replyAddress(addressing, 123, 2);
    expect(second).toMatch(/^reply\+123-2-[a-z2-7]{26}@reply\.centre\.example$/);
    expect(enquiryMac(addressing.secret, 123, 2)).not.toBe(enquiryMac(addressing.secret, 123, 1));
    expect(readOurAddress(addressing, second.toUpperCase(), 'reply')).toEqual({
      kind: 'enquiry',
      postIndex: 123,
      generation: 2,
    });
    expect(readOurAddress(addressing, threadReference(addressing, 123, 2), 'thread')).toEqual({
      kind: 'enquiry',
      postIndex: 123,
      generation: 2,
    });
  });

  it('calls forged a generation the MAC was not made for, and a generation written as 0 or with a leading zero', () => {
    const mac = enquiryMac(addressing.secret, 123, 1);
    for (const forged of [
      `reply+123-2-${mac}@reply.centre.example`,
      `reply+123-${mac}@reply.centre.example`,
      `reply+123-0-${enquiryMac(addressing.secret, 123)}@reply.centre.example`,
      `reply+123-01-${mac}@reply.centre.example`,
    ])
      expect(readOurAddress(addressing, forged, 'reply'), forged).toEqual({ kind: 'forged' });
  });

  it("moves a stored mail's reply address and thread reference on to the generation of now, and nothing else", () => {
    const written = visitorThreading(addressing, 7, ['<a@mail.example>']);
    expect(currentThreading(addressing, { ...written, subject: 'Re: MT-000007' }, 7, 1)).toEqual({
      subject: 'Re: MT-000007',
      replyTo: replyAddress(addressing, 7, 1),
      references: [threadReference(addressing, 7, 1), '<a@mail.example>'],
      inReplyTo: '<a@mail.example>',
    });
  });
});
