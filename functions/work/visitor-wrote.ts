/**
 * The enquiry reacts to a visitor's new message (an answer by mail, or one
 * written on their page). Whoever stored the message in the thread calls
 * `visitorWrote` after it, and again after any failure: the same message
 * handled twice changes the enquiry once and mails its owner once.
 *
 * What a message does (docs/decisions.md, 'When the visitor writes again'):
 *
 * - the status: an enquiry staff have taken up (in progress, answered,
 *   closed) becomes `visitor_replied`, "waiting for us", the status the
 *   message box filters by; a `new` one stays new (nobody has taken it up
 *   yet, and the new list is where it is found); suspected spam is not
 *   worked on and stays as it is;
 * - LAST_VISITOR_AT: the message's time, so the reply that answers it is
 *   timed from it (shared/work/enquiry-work.ts `waitingSince`);
 * - UNREAD_VISITOR_AT: unread for its owner (for every staff member while
 *   nobody owns it) until the owner opens the enquiry (`markSeen`);
 * - a short notice in Korean to the owner, or to MAIL_TO while nobody owns
 *   it, through the outbox: after NOTICE_GATHER_SECONDS, with the messages
 *   that came meanwhile (functions/mail/visitor-notice/notice-gathering.ts).
 *
 * The thread's record of the message is the caller's event: nothing here is
 * written to the history, so nothing is recorded twice.
 */
import { ACCOUNT_MAIL_KEPT_SECONDS } from '../../shared/accounts/accounts';
import type { MailStatus } from '../../shared/enquiries/enquiry';
import type { SeenRequest } from '../../shared/work/enquiry-work-schema';
import {
  type EnquiryStatus,
  MAX_ENQUIRY_INDEX,
  VISITOR_CHANNELS,
  type VisitorChannel,
  isUnreadFor,
} from '../../shared/work/enquiry-work';
import type { AppDeps } from '../deps';
import { ApiError } from '../platform/http/errors';
import type { StoredEnquiry } from '../enquiries/ports';
import { previewOf } from '../mail/html-text';
import type { MailDeps } from '../mail/outbox/mail-deps';
import { deliverMail, queueOnce } from '../mail/outbox/mail-delivery';
import { visitorNoticeId } from '../mail/visitor-notice/notice-ids';
import { queuedVisitorNotice, sentByItsCaller } from '../mail/visitor-notice/notice-timing';
import { messageTranslationSource } from '../translation/translation-queue';
import { storeWork } from './enquiry-work';

export type VisitorWroteDeps = MailDeps & Pick<AppDeps, 'counters' | 'aggregates'>;

/** A visitor's message as its caller hands it over, once it is in the thread. */
export interface VisitorMessage {
  postIndex: number;
  /** When the message came in, epoch milliseconds: with `postIndex`, what makes it this message and not another. */
  at: number;
  channel: VisitorChannel;
  /** The first words of the new text (the notice shows up to PREVIEW_MAX characters of it, on one line). */
  preview: string;
  /**
   * The message's event in the thread (its `at`), which names its machine
   * translation: the notice carries it, and waits a while for it, when the
   * text is in another language (the whole text is then `preview`). Without
   * it the notice goes at once, untranslated.
   */
  eventAt?: string;
}

export type VisitorWroteOutcome =
  /** Erased or removed by retention: nothing to do. */
  | { enquiry: 'removed' }
  /** Suspected spam: kept apart and not worked on. */
  | { enquiry: 'spam' }
  /** `unchanged`: this message (or a later one) had changed the enquiry already. */
  | { enquiry: 'changed' | 'unchanged'; status: EnquiryStatus; mailStatus: MailStatus };

/** Staff changes that may come between reading the enquiry and writing it, before the caller is asked to try again. */
const WRITE_TRIES = 5;

/** What a visitor's message does to the status (see the top of this file). */
export function statusAfterVisitorMessage(status: EnquiryStatus): EnquiryStatus {
  return status === 'new' ? 'new' : 'visitor_replied';
}

function checkMessage(message: VisitorMessage): void {
  const { postIndex, at, channel, preview } = message;
  if (!Number.isSafeInteger(postIndex) || postIndex < 1 || postIndex > MAX_ENQUIRY_INDEX)
    throw new TypeError(`visitorWrote: postIndex must be an enquiry number, not ${String(postIndex)}`);
  if (!Number.isSafeInteger(at) || at <= 0)
    throw new TypeError(`visitorWrote: at must be epoch milliseconds, not ${String(at)}`);
  if (!VISITOR_CHANNELS.includes(channel))
    throw new TypeError(`visitorWrote: channel must be one of ${VISITOR_CHANNELS.join(', ')}, not ${String(channel)}`);
  if (typeof preview !== 'string') throw new TypeError('visitorWrote: preview must be text');
}

/** Whether this message, or a later one, has changed the enquiry already. */
const alreadyChanged = (enquiry: StoredEnquiry, atIso: string) =>
  enquiry.LAST_VISITOR_AT !== undefined && enquiry.LAST_VISITOR_AT >= atIso;

/**
 * Makes the enquiry react to a visitor's message already stored in its
 * thread: its status, its unread mark, the owner's notice. Idempotent; throws
 * when a step fails (the caller tries again later, and loses nothing); an
 * enquiry that is gone or suspected spam is left alone without an error.
 */
export async function visitorWrote(deps: VisitorWroteDeps, message: VisitorMessage): Promise<VisitorWroteOutcome> {
  checkMessage(message);
  const { postIndex, at, channel } = message;
  const atIso = new Date(at).toISOString();
  let enquiry = await deps.enquiries.get(postIndex);
  if (enquiry?.SPAM) return { enquiry: 'spam' };

  let changed = false;
  for (let tries = 0; enquiry && !alreadyChanged(enquiry, atIso); tries += 1) {
    if (tries === WRITE_TRIES) throw new Error(`visitorWrote: enquiry ${postIndex} kept changing; try again`);
    const status = statusAfterVisitorMessage(enquiry.STATUS ?? 'new');
    // Conditional on the version read: a staff change meanwhile is never overwritten, and a staff member's page
    // that read the enquiry before the message is told (409) instead of answering without it.
    const updated = await storeWork(deps, enquiry, enquiry.VERSION ?? 0, {
      STATUS: status,
      OWNER: enquiry.OWNER ?? '',
      UPDATED_AT: new Date(deps.clock.now()).toISOString(),
      LAST_VISITOR_AT: atIso,
      LAST_VISITOR_CHANNEL: channel,
      LAST_VISITOR_PREVIEW: previewOf(message.preview),
      ...(message.eventAt ? { LAST_VISITOR_EVENT: message.eventAt } : {}),
      UNREAD_VISITOR_AT: atIso,
    });
    if (updated) {
      enquiry = updated;
      changed = true;
    } else enquiry = await deps.enquiries.get(postIndex);
  }
  if (!enquiry) return { enquiry: 'removed' };

  // Queued after the change, so a retry that finds the change made still queues it; once, by its id.
  const now = deps.clock.now();
  const translationSource = message.eventAt
    ? messageTranslationSource(postIndex, message.eventAt, message.preview, enquiry.LOCALE ?? 'en')
    : undefined;
  const queued = queuedVisitorNotice(deps.settings, now, {
    mailId: visitorNoticeId(postIndex, at),
    postIndex,
    // It holds no words (composed from the enquiry and its thread when sent), and erasure does not know its id: it goes by itself.
    expiresAt: Math.floor(now / 1000) + ACCOUNT_MAIL_KEPT_SECONDS,
    ...(translationSource ? { translationSource } : {}),
  });
  const mail = await queueOnce(deps.outbox, queued);
  // One that gathers the messages coming after it, or waits for its translation, is sent by the jobs
  // (mail/visitor-notice/notice-timing.ts).
  const mailStatus = sentByItsCaller(deps.settings, mail, now) ? await deliverMail(deps, mail, enquiry) : mail.status;
  return { enquiry: changed ? 'changed' : 'unchanged', status: enquiry.STATUS ?? 'new', mailStatus };
}

/**
 * A staff member opened the enquiry: if they own it (or nobody does), the
 * visitor's messages up to `unreadAt` are read. Another staff member's read
 * leaves them unread for the owner. Answers whether the mark was taken off.
 */
export async function markSeen(
  deps: Pick<AppDeps, 'enquiries'>,
  reader: string,
  request: SeenRequest,
): Promise<{ cleared: boolean }> {
  const enquiry = await deps.enquiries.get(request.index);
  if (!enquiry) throw new ApiError('not_found', `There is no enquiry ${request.index}.`);
  if (!isUnreadFor(enquiry, reader)) return { cleared: false };
  // On the owner read here: given to someone else meanwhile, it stays unread for them.
  return { cleared: await deps.enquiries.clearUnread(request.index, enquiry.OWNER ?? '', request.unreadAt) };
}
