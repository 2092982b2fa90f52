/**
 * After the load: what was stored and mailed, against what visitors and staff
 * were told, and where the hostile mail went (verify-hostile.ts). Read
 * straight from the emulators (the DynamoDB tables and the SES emulator's
 * mailbox), never through the API under test.
 */
import { formatReference } from '../../shared/work/enquiry-work';
import { acknowledgementMailId, staffMailId } from '../../functions/mail/outbox/mail-delivery';
import type { LocalStack } from '../../local/stack-types';
import { capturedMail } from '../../tests/support/stack';
import { storeReader } from '../../tests/support/fuzz/store-snapshot';
import { countBy } from '../support';
import type { SentAnswer } from './answers';
import type { HostileMessage } from './hostile-message';
import { type HostileCheck, checkHostileMail, hostileKept } from './verify-hostile';
import type { StaffClient } from './staff';
import { type AnswerCheck, checkAnswers, isVisitorNotice } from './verify-answers';
import type { Visitor } from './visitors';

export interface Tally {
  enquiries: number;
  staffMails: number;
  acknowledgements: number;
  replies: number;
  /** The visitors' answers by mail and on their page, each in its enquiry's thread. */
  answers: number;
  /** The owner's notices of those answers. */
  notices: number;
}

export interface Verdict {
  /** Answered 2xx (or given a reference) yet not stored; mails of a stored enquiry (or a taken reply) never delivered. */
  lost: Tally;
  /** Stored or delivered more than once. */
  duplicated: Tally;
  /** Visitors never stored (they gave up after every try was refused). */
  gaveUp: number;
  /** A reference given that is not the stored enquiry's. */
  wrongReference: number;
  /** The outbox after the retry job: mails by state. */
  outbox: Record<string, number>;
  /** Each mail lost (and each owner's notice lost), with its state in the outbox (`not queued` when it never was), at most 20 of each. */
  lostMails: string[];
  delivered: Tally;
  /** The visitors' answers beyond the tallies: misfiled, given up, kept apart, the notices lost. */
  answers: Omit<AnswerCheck, 'lost' | 'duplicated' | 'delivered' | 'lostNotices'>;
  /** The malformed and forged mail sent through the door meanwhile. */
  hostile: HostileCheck;
}

const zero = (): Tally => ({ enquiries: 0, staffMails: 0, acknowledgements: 0, replies: 0, answers: 0, notices: 0 });

export async function verify(
  stack: LocalStack,
  visitors: readonly Visitor[],
  staff: readonly StaffClient[],
  answers: readonly SentAnswer[],
  hostile: readonly HostileMessage[],
): Promise<Verdict> {
  const reader = storeReader(stack);
  const [enquiries, outbox, events, inboundMail] = await Promise.all([
    reader.items('enquiries'),
    reader.items('outbox'),
    reader.items('enquiryEvents'),
    reader.items('inboundMail'),
  ]);
  reader.close();
  const mails = await capturedMail(stack);
  const staffInbox = stack.settings['MAIL_TO'];

  const {
    lost: answersLost,
    duplicated: answersDoubled,
    delivered: answersDelivered,
    lostNotices,
    ...answerCheck
  } = checkAnswers(answers, { events, inboundMail, outbox, enquiries }, mails, hostileKept(hostile));
  const lost = { ...zero(), ...answersLost };
  const lostMails: string[] = [];
  const outboxById = new Map(outbox.map((item) => [String(item['mailId']), item]));
  const describeLost = (mailId: string, what: string) => {
    const item = outboxById.get(mailId);
    if (lostMails.length < 20)
      lostMails.push(
        `${what} ${mailId}: ${item ? `${String(item['status'])} after ${String(item['attempts'])} tries` : 'not queued'}`,
      );
  };
  const duplicated = { ...zero(), ...answersDoubled };
  const delivered = { ...zero(), ...answersDelivered };
  let gaveUp = 0;
  let wrongReference = 0;

  const storedByEmail = new Map<string, Record<string, unknown>[]>();
  for (const item of enquiries) {
    const email = String(item['EMAIL'] ?? '');
    storedByEmail.set(email, [...(storedByEmail.get(email) ?? []), item]);
  }
  // The owner's notices of the visitors' answers go to the staff inbox too (nobody owns a load enquiry): checked apart.
  const staffMailsBySubject = countBy(
    mails.filter((mail) => mail.destination.to.includes(staffInbox ?? '') && !isVisitorNotice(mail)),
    (mail) => /MT-\d+/.exec(mail.subject)?.[0],
  );
  const toVisitors = mails.filter((mail) => !mail.destination.to.includes(staffInbox ?? ''));
  const acknowledgements = countBy(
    toVisitors.filter((mail) => !mail.subject.startsWith('Load reply')),
    (mail) => `${mail.destination.to.join(',')} ${/MT-\d+/.exec(mail.subject)?.[0] ?? ''}`,
  );
  // The reply route adds the reference to the subject staff wrote.
  const replies = countBy(toVisitors, (mail) => /^Load reply [0-9a-f-]+/.exec(mail.subject)?.[0]);

  for (const visitor of visitors) {
    const stored = storedByEmail.get(visitor.email) ?? [];
    if (stored.length > 1) duplicated.enquiries += 1;
    if (stored.length === 0) {
      if (visitor.reference) lost.enquiries += 1;
      else gaveUp += 1;
      continue;
    }
    delivered.enquiries += 1;
    const reference = formatReference(Number(stored[0]?.['POST_INDEX']));
    if (visitor.reference && visitor.reference !== reference) wrongReference += 1;
    const staffMails = staffMailsBySubject.get(reference) ?? 0;
    const acks = acknowledgements.get(`${visitor.email} ${reference}`) ?? 0;
    const postIndex = Number(stored[0]?.['POST_INDEX']);
    for (const [kind, count, mailId] of [
      ['staffMails', staffMails, staffMailId(postIndex)],
      ['acknowledgements', acks, acknowledgementMailId(postIndex)],
    ] as const) {
      if (count === 0) {
        lost[kind] += 1;
        describeLost(mailId, kind === 'staffMails' ? 'staff mail' : 'acknowledgement');
      } else if (count > 1) duplicated[kind] += 1;
      else delivered[kind] += 1;
    }
  }
  for (const client of staff) {
    for (const subject of client.repliesTaken) {
      const count = replies.get(subject) ?? 0;
      if (count === 0) lost.replies += 1;
      else if (count > 1) duplicated.replies += 1;
      else delivered.replies += 1;
    }
    // A reply refused may have been queued before the failure: delivered once or not at all, never twice.
    for (const subject of client.repliesRefused) if ((replies.get(subject) ?? 0) > 1) duplicated.replies += 1;
  }
  const outboxStates = Object.fromEntries(countBy(outbox, (item) => String(item['status'])));
  return {
    lost,
    duplicated,
    gaveUp,
    wrongReference,
    outbox: outboxStates,
    lostMails: [...lostMails, ...lostNotices],
    delivered,
    answers: answerCheck,
    hostile: checkHostileMail(hostile, { events, inboundMail }),
  };
}
