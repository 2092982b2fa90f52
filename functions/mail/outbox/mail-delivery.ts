/**
 * The outbox: every mail is an item with a state, sent at most once. A send
 * is recorded before the SES call ("sending") and reconciled after it; of two
 * workers (the send route and the retry job) only the one whose record
 * succeeds calls SES. A failure SES answered, or a connection that never
 * opened, is retried with back-off; a call cut off after SES may have
 * accepted the mail (a time-out, a reset) is marked uncertain and not sent
 * again. Past the daily cap, mails are held and staff get one digest per run.
 */
import { formatKoreaDate } from '../../../shared/korea-time';
import type { MailStatus } from '../../../shared/enquiries/enquiry';
import { OUTBOX_QUEUES } from '../../../shared/tables';
import type { AccountMailDeps, MailDeps, SendDeps } from './mail-deps';
import { type OutboxKind, type OutboxMail, type OutboxStore, ACCOUNT_MAIL_KINDS } from '../ports';
import type { StoredEnquiry } from '../../enquiries/ports';
import { move } from './outbox-moves';
import { sendOnce } from './mail-sending';
import { sendDigest } from './mail-digest';

/** Mail of a just-stored enquiry is left to the send route for this long before the retry job may take it. */
export const MAIL_GRACE_MS = 2 * 60 * 1000;

export const staffMailId = (postIndex: number) => `${postIndex}:staff`;
export const acknowledgementMailId = (postIndex: number) => `${postIndex}:ack`;

/**
 * A new mail as the outbox first holds it: pending, due after the send
 * route's grace (the retry job takes it then if the send route did not), or
 * after `waitMs` if longer (a notice waiting for its translation).
 */
export function pendingMail(
  now: number,
  mail: Pick<OutboxMail, 'mailId' | 'kind' | 'postIndex'> &
    Partial<Pick<OutboxMail, 'content' | 'sealedContent' | 'expiresAt' | 'translationSource'>>,
  waitMs = 0,
): OutboxMail {
  return {
    ...mail,
    status: 'pending',
    attempts: 0,
    createdAt: now,
    queue: OUTBOX_QUEUES.due,
    nextAt: now + Math.max(MAIL_GRACE_MS, waitMs),
  };
}

/** Puts a mail in the outbox once: a second call (a retry) finds the first, as it stands now. */
export async function queueOnce(outbox: Pick<OutboxStore, 'add' | 'get'>, mail: OutboxMail): Promise<OutboxMail> {
  if (await outbox.add(mail)) return mail;
  return (await outbox.get(mail.mailId)) ?? mail;
}

/** Mails to a staff account belong to no enquiry: sent as stored, without reading one. */
const standsAlone = (mail: OutboxMail) => (ACCOUNT_MAIL_KINDS as readonly OutboxKind[]).includes(mail.kind);

/** Replies and mails to staff accounts are not held back by the daily cap: somebody is waiting for them. */
const countsTowardCap = (mail: OutboxMail) => mail.kind === 'staff' || mail.kind === 'ack';

/** Counts one more mail toward the Korea-time day's cap; answers the day's count with it. */
export function countToday(deps: Pick<MailDeps, 'throttle'>, now: number): Promise<number> {
  return deps.throttle.hit(`mail:day:${formatKoreaDate(now)}`, 24 * 60 * 60, now);
}

/**
 * Sends one pending mail, exactly once whoever else tries; answers its state
 * afterwards. `countedToday`: the day's count of a mail the caller has
 * counted already (deliverEnquiryMail does so while it queues the mail).
 */
export async function deliverMail(
  deps: SendDeps,
  mail: OutboxMail,
  known?: StoredEnquiry,
  countedToday?: number,
): Promise<MailStatus> {
  if (mail.status !== 'pending') return mail.status;
  const now = deps.clock.now();
  const [enquiry, sentToday] = await Promise.all([
    known ?? (standsAlone(mail) ? undefined : deps.enquiries.get(mail.postIndex)),
    countedToday ?? (countsTowardCap(mail) ? countToday(deps, now) : 0),
  ]);
  if (!enquiry && !standsAlone(mail)) {
    // Its enquiry was erased or removed meanwhile: nothing left to send, and nothing to try again.
    return (await move(deps, mail, { status: 'skipped', attempts: mail.attempts })) ? 'skipped' : mail.status;
  }

  if (sentToday > deps.settings.MAIL_DAILY_CAP) {
    // Staff still learn of every enquiry, in the digest; a visitor's acknowledgement past the cap is not sent.
    if (mail.kind === 'ack') {
      const skipped = await move(deps, mail, { status: 'skipped', attempts: mail.attempts });
      if (skipped) deps.log.warn('daily mail cap reached: acknowledgement not sent', { postIndex: mail.postIndex });
      return skipped ? 'skipped' : mail.status;
    }
    const held = await move(deps, mail, {
      status: 'held',
      attempts: mail.attempts,
      queue: OUTBOX_QUEUES.digest,
      nextAt: now,
    });
    if (held) deps.log.warn('daily mail cap reached: mail held for the digest', { postIndex: mail.postIndex });
    return held ? 'held' : mail.status;
  }

  return sendOnce(deps, mail, enquiry);
}

/** Sends a pending mail to a staff account (an invitation, an enrolment link, a notice) at once; the retry job takes it if this fails. */
export function deliverAccountMail(deps: AccountMailDeps, mail: OutboxMail): Promise<MailStatus> {
  if (mail.status !== 'pending') return Promise.resolve(mail.status);
  return sendOnce(deps, mail, undefined);
}

/** The scheduled job: retries every mail that is due, oldest first, settles cut-off sends, and sends the digest. */
export async function retryDueMail(
  deps: MailDeps,
  batch = 25,
): Promise<Record<MailStatus, number> & { digested: number }> {
  const outcome: Record<MailStatus, number> = {
    pending: 0,
    sending: 0,
    sent: 0,
    failed: 0,
    skipped: 0,
    held: 0,
    uncertain: 0,
  };
  const now = deps.clock.now();
  for (const mailId of await deps.outbox.due(OUTBOX_QUEUES.due, now, batch)) {
    const mail = await deps.outbox.get(mailId);
    if (!mail) continue;
    if (mail.status === 'sending') {
      // Its worker stopped mid-send (nextAt is the stale time): SES may have the mail; do not send it again.
      if (await move(deps, mail, { status: 'uncertain', attempts: mail.attempts })) outcome.uncertain += 1;
      continue;
    }
    outcome[await deliverMail(deps, mail)] += 1;
  }
  return { ...outcome, digested: await sendDigest(deps) };
}
