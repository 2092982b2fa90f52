/**
 * A conditional write the SDK retries after its first attempt went through
 * (the answer lost to a time-out) fails its condition: the DynamoDB adapters
 * recognise their own write and answer as the first attempt would have, so an
 * enquiry is not taken for a resend (its mails never queued), a submission
 * claim not for another request's, a mail's send not for another worker's.
 * Replayed here by making the very same write twice, against the emulator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxMail } from '../../../functions/mail/ports';
import type { StoredEnquiry } from '../../../functions/enquiries/ports';
import { type TestStack, startTestStack } from '../../support/stack';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.dispose());

const enquiry = (index: number, name: string) =>
  ({
    POST_INDEX: index,
    NAME: name,
    CONTACT_NUMBER: '',
    EMAIL: 'anna@example.test',
    EMAIL_KEY: 'anna@example.test',
    LANG_PREFERENCE: '',
    MEDICAL_SECTION: '통역예약',
    DETAIL_SECTION: '',
    DATE: '2036-01-01 09:00',
    REGISTRATION_DATE: '',
    REGISTRATION_END: '',
    HOTEL: '',
    NUMBER_PEOPLE: 1,
    ROOM: 1,
    DESTINATION: '',
    CONTEXT: '',
    RECEIVED_AT: '2036-01-01T00:00:00.000Z',
    SPAM: false,
    MAIL_STATUS: 'pending',
    MAIL_ATTEMPTS: 0,
    CONSENT_VERSION: '2026-11-01',
    CONSENT_AT: '2036-01-01T00:00:00.000Z',
    CONSENT_HEALTH: false,
    LOCALE: 'en',
    OWNER: '',
    VERSION: 0,
    UPDATED_AT: '2036-01-01T00:00:00.000Z',
    LIST: 'all',
    SECTION_LIST: 'all#통역예약',
    LIST_SEQ: index,
    SECTION_SEQ: index,
  }) as StoredEnquiry;

describe('a conditional write made twice', () => {
  it('creating an enquiry: the same item again is ours (true), another one at its number is not (false)', async () => {
    expect(await stack.deps.enquiries.create(enquiry(900_001, 'Anna'))).toBe(true);
    expect(await stack.deps.enquiries.create(enquiry(900_001, 'Anna'))).toBe(true);
    expect(await stack.deps.enquiries.create(enquiry(900_001, 'Boris'))).toBe(false);
  });

  it('claiming a submission: the same claim again is ours, another request\u2019s is not', async () => {
    const claim = { postIndex: 900_002, claimedAt: 1_000 };
    const expires = Math.floor(Date.now() / 1000) + 3_600;
    expect(await stack.deps.submissions.claim('retried-claim', claim, expires)).toBe(true);
    expect(await stack.deps.submissions.claim('retried-claim', claim, expires)).toBe(true);
    expect(await stack.deps.submissions.claim('retried-claim', { postIndex: 900_003, claimedAt: 1_001 }, expires)).toBe(
      false,
    );
  });

  it('starting a send: the same claim again is ours, another worker\u2019s is not; leaving every queue is checked too', async () => {
    const mail: OutboxMail = {
      mailId: '900004:staff',
      kind: 'staff',
      postIndex: 900_004,
      status: 'pending',
      attempts: 0,
      createdAt: 1,
      queue: 'due',
      nextAt: 1,
    };
    expect(await stack.deps.outbox.add(mail)).toBe(true);
    const sending = {
      status: 'sending' as const,
      attempts: 1,
      startedAt: 5,
      claim: 'worker-a',
      queue: 'due',
      nextAt: 99,
    };
    expect(await stack.deps.outbox.transition(mail.mailId, mail, sending)).toBe(true);
    expect(await stack.deps.outbox.transition(mail.mailId, mail, sending)).toBe(true);
    expect(await stack.deps.outbox.transition(mail.mailId, mail, { ...sending, claim: 'worker-b' })).toBe(false);
    const sent = { status: 'sent' as const, attempts: 1, sentAt: 7 };
    expect(await stack.deps.outbox.transition(mail.mailId, { status: 'sending', attempts: 1 }, sent)).toBe(true);
    expect(await stack.deps.outbox.transition(mail.mailId, { status: 'sending', attempts: 1 }, sent)).toBe(true);
    expect(await stack.deps.outbox.get(mail.mailId)).toMatchObject({ status: 'sent', claim: 'worker-a' });
    expect((await stack.deps.outbox.get(mail.mailId))?.queue).toBeUndefined();
  });
});
