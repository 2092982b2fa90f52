/**
 * After the load: the visitors' answers against the store. Every answer the
 * door or the page took is in its own enquiry's thread exactly once (found by
 * its token in the events table), none in another enquiry and none kept apart
 * (the inbound mail table's boxes must hold nothing but the run's hostile mail,
 * which verify-hostile.ts checks: no visitor's answer belongs there), and no
 * visitor silenced (an answer of hers taken or bounced, yet not in her thread). And the owner's notice, as functions/work/visitor-wrote.ts
 * defines it: one per visitor message, by the message's enquiry and time
 * (`visitorNoticeId`), none for one kept as suspected spam; counted per
 * enquiry in the mailbox by the notice's subject.
 */
import { composeVisitorNotice } from '../../functions/mail/visitor-notice/visitor-notice-mail';
import { visitorNoticeId } from '../../functions/mail/visitor-notice/notice-ids';
import { eventInstant } from '../../shared/work/enquiry-work';
import type { CapturedMail } from '../../tests/support/stack';
import { countBy } from '../support';
import type { SentAnswer } from './answers';

type Item = Record<string, unknown>;

export interface AnswerCheck {
  lost: { answers: number; notices: number };
  duplicated: { answers: number; notices: number };
  delivered: { answers: number; notices: number };
  /** An answer in a thread other than its enquiry's. */
  misfiled: number;
  /** Answers whose every try failed, or that the door refused for good: the visitor's words never arrived. */
  gaveUp: number;
  bounced: number;
  /** Received mail kept out of the threads, by box (unmatched, refused, ...), the hostile mail left out. */
  keptApart: Record<string, number>;
  /** Visitors with an answer taken (or bounced) that is not in their own thread. */
  silenced: number;
  /** Each lost notice with its outbox state, at most 20. */
  lostNotices: string[];
}

/**
 * The enquiry a message was written in: where it is, unless a merge moved it (`mergedFrom`) or it was split out
 * into an enquiry made after it (that one's SPLIT_FROM).
 */
function writtenIn(message: Record<string, unknown>, enquiries: ReadonlyMap<number, Record<string, unknown>>) {
  const postIndex = Number(message['postIndex']);
  if (message['mergedFrom'] !== undefined) return Number(message['mergedFrom']);
  const enquiry = enquiries.get(postIndex);
  const splitFrom = enquiry?.['SPLIT_FROM'];
  return splitFrom !== undefined && eventInstant(String(message['at'])) < String(enquiry?.['RECEIVED_AT'])
    ? Number(splitFrom)
    : postIndex;
}

/** The subject of the owner's notice for an enquiry, as the product writes it. */
const noticeSubject = (postIndex: number) =>
  composeVisitorNotice(
    { postIndex, section: '병원예약', messages: [{ at: new Date(0).toISOString(), channel: 'mail', preview: '' }] },
    '',
    '',
  ).subject;

export function checkAnswers(
  answers: readonly SentAnswer[],
  store: { events: Item[]; inboundMail: Item[]; outbox: Item[]; enquiries: Item[] },
  mails: readonly CapturedMail[],
  /** The run's hostile mail among the kept (verify-hostile.ts `hostileKept`): not the visitors'. */
  hostile: (item: Item) => boolean = () => false,
): AnswerCheck {
  const check: AnswerCheck = {
    lost: { answers: 0, notices: 0 },
    duplicated: { answers: 0, notices: 0 },
    delivered: { answers: 0, notices: 0 },
    misfiled: 0,
    gaveUp: 0,
    bounced: 0,
    keptApart: Object.fromEntries(
      countBy(
        store.inboundMail.filter((item) => item['box'] !== undefined && !hostile(item)),
        (item) => String(item['box']),
      ),
    ),
    silenced: 0,
    lostNotices: [],
  };
  const silenced = new Set<string>();
  const messages = store.events.filter((event) => event['type'] === 'visitorMessage');
  const threadsOf = new Map<string, number[]>();
  for (const message of messages) {
    const token = /load-answer-[0-9a-f-]{36}/.exec(String(message['text'] ?? ''))?.[0];
    if (token) threadsOf.set(token, [...(threadsOf.get(token) ?? []), Number(message['postIndex'])]);
  }
  for (const answer of answers) {
    const threads = threadsOf.get(answer.token) ?? [];
    if (threads.some((postIndex) => postIndex !== answer.postIndex)) check.misfiled += 1;
    const inOwn = threads.filter((postIndex) => postIndex === answer.postIndex).length;
    if (inOwn > 1) check.duplicated.answers += 1;
    if (answer.sending?.outcome === 'bounced') check.bounced += 1;
    const outcome = answer.sending?.outcome;
    if (inOwn === 0 && (outcome === 'stored' || outcome === 'bounced')) silenced.add(answer.email);
    if (answer.sending?.outcome !== 'stored') {
      // Never taken: it may have been stored before a failure (once, never twice), and the visitor was not told so.
      if (inOwn === 0) check.gaveUp += 1;
      continue;
    }
    if (inOwn === 0) check.lost.answers += 1;
    else if (inOwn === 1) check.delivered.answers += 1;
  }
  check.silenced = silenced.size;

  // The notices the product owes: one per message time per enquiry, none for a message kept as spam or a spam enquiry.
  const spam = new Set(
    store.enquiries.filter((enquiry) => enquiry['SPAM']).map((enquiry) => Number(enquiry['POST_INDEX'])),
  );
  const owed = new Map<number, Set<string>>();
  const byIndex = new Map(store.enquiries.map((enquiry) => [Number(enquiry['POST_INDEX']), enquiry]));
  for (const message of messages) {
    // The notice names the enquiry the message was written in: a merge or a split may have moved it since.
    const postIndex = writtenIn(message, byIndex);
    if (message['spamReason'] || spam.has(postIndex)) continue;
    const id = visitorNoticeId(postIndex, Date.parse(eventInstant(String(message['at']))));
    owed.set(postIndex, (owed.get(postIndex) ?? new Set()).add(id));
  }
  const noticesSent = countBy(mails, (mail) => mail.subject);
  const outboxById = new Map(store.outbox.map((item) => [String(item['mailId']), item]));
  for (const [postIndex, ids] of owed) {
    const sent = noticesSent.get(noticeSubject(postIndex)) ?? 0;
    check.delivered.notices += Math.min(sent, ids.size);
    if (sent > ids.size) check.duplicated.notices += sent - ids.size;
    if (sent >= ids.size) continue;
    check.lost.notices += ids.size - sent;
    for (const id of ids) {
      const item = outboxById.get(id);
      if (check.lostNotices.length < 20 && item?.['status'] !== 'sent')
        check.lostNotices.push(
          `notice ${id}: ${item ? `${String(item['status'])} after ${String(item['attempts'])} tries` : 'not queued'}`,
        );
    }
  }
  return check;
}

/** Whether a staff mail's subject is the owner's notice of a visitor's message (counted here, not as a staff mail). */
export const isVisitorNotice = (mail: CapturedMail) =>
  /MT-\d+/.test(mail.subject) && mail.subject === noticeSubject(Number(/MT-(\d+)/.exec(mail.subject)?.[1]));
