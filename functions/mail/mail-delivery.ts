/**
 * The outbox: every mail is an item with a state, sent at most once. A send
 * is recorded before the SES call ("sending") and reconciled after it; of two
 * workers (the send route and the retry job) only the one whose record
 * succeeds calls SES. A failure SES answered, or a connection that never
 * opened, is retried with back-off; a call cut off after SES may have
 * accepted the mail (a time-out, a reset) is marked uncertain and not sent
 * again. Past the daily cap, mails are held and staff get one digest per run.
 */
import { randomUUID } from 'node:crypto';
import { formatKoreaDate } from '../../shared/korea-time';
import type { MailStatus } from '../../shared/enquiries/enquiry';
import { OUTBOX_QUEUES } from '../../shared/tables';
import type { AppDeps } from '../deps';
import {
  type Mail,
  type OutboxChange,
  type OutboxKind,
  type OutboxMail,
  type OutboxStore,
  ACCOUNT_MAIL_KINDS,
  SEALED_KINDS,
} from './ports';
import type { StoredEnquiry } from '../enquiries/ports';
import { toRecord } from '../enquiries/enquiry-record';
import { composeDigestMail } from './staff-mail';
import { VISITOR_KINDS, composeOutboxMail, visitorPageLinkOf } from './mail-composition';
import { enquiryRetentionMs } from '../../shared/privacy/retention';
import { translationOfNotice } from './notice-translation';

export type MailDeps = Pick<
  AppDeps,
  'enquiries' | 'outbox' | 'throttle' | 'mailer' | 'sentMailIds' | 'settings' | 'clock' | 'log'
> &
  Partial<Pick<AppDeps, 'translations'>>;
/** What sending an enquiry's mail needs: a mail to a visitor records its Message-ID, where the sender may (a notice to staff needs not). */
export type SendDeps = Omit<MailDeps, 'sentMailIds'> & Partial<Pick<MailDeps, 'sentMailIds'>>;
/** Sending a mail to a staff account reads no enquiry, counts toward no daily cap and records no Message-ID (so sign-in needs no access to enquiries). */
export type AccountMailDeps = Omit<MailDeps, 'enquiries' | 'throttle' | 'sentMailIds'>;
/** What moving a mail needs: a staff notification's state is copied to its enquiry; a visitor's mail's Message-ID is recorded. */
type MoveDeps = AccountMailDeps & Partial<Pick<MailDeps, 'enquiries' | 'sentMailIds' | 'translations'>>;

/** After this many failed tries (about three days of hourly retries) the mail is marked failed. */
export const MAX_MAIL_ATTEMPTS = 72;
/** Mail of a just-stored enquiry is left to the send route for this long before the retry job may take it. */
export const MAIL_GRACE_MS = 2 * 60 * 1000;
/** A send still recorded as under way after this long was cut off (the function stopped): uncertain. */
export const STALE_SENDING_MS = 15 * 60 * 1000;
/** Most held mails one digest lists. */
export const DIGEST_MAX_ITEMS = 200;

/** Back-off before try `attempts + 1`: 1, 2, 4, ... minutes, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

export const staffMailId = (postIndex: number) => `${postIndex}:staff`;
export const acknowledgementMailId = (postIndex: number) => `${postIndex}:ack`;

/**
 * Whether SES may have accepted a mail whose call failed: yes when the call
 * was cut off after the request went out; no when SES answered with an error,
 * or the connection was never made.
 */
export function mayHaveBeenAccepted(error: unknown): boolean {
  if (!(error instanceof Error)) return true;
  if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode !== undefined) return false;
  const code = 'code' in error ? String(error.code) : '';
  if (['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'].includes(code)) return false;
  return true;
}

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

/** States after which a mail is never sent again. */
const FINAL_STATES: readonly MailStatus[] = ['sent', 'failed', 'uncertain', 'skipped'];

/**
 * Moves a mail to its next state. `ownSend`: the move records the outcome of
 * this worker's own send, a mail it holds as "sending" that no other worker
 * touches before STALE_SENDING_MS.
 */
async function move(deps: MoveDeps, mail: OutboxMail, wanted: OutboxChange, ownSend = false): Promise<boolean> {
  // A one-time link is a bearer secret: once the mail will never be sent again, its sealed words go too.
  const change: OutboxChange =
    SEALED_KINDS.includes(mail.kind) && FINAL_STATES.includes(wanted.status)
      ? { ...wanted, forgetContent: true }
      : wanted;
  // "sending" lasts a moment; the box shows the state before and after it.
  const copied = mail.kind === 'staff' && change.status !== 'sending';
  if (copied && ownSend) {
    // Nobody else can win this move, so the copy goes out beside it: one round trip fewer before the visitor's answer.
    const [moved] = await Promise.all([
      deps.outbox.transition(mail.mailId, mail, change),
      copyToEnquiry(deps, mail, change),
    ]);
    return moved;
  }
  const moved = await deps.outbox.transition(mail.mailId, mail, change);
  // From any other state another worker may have moved the mail first: only the winner copies.
  if (moved && copied) await copyToEnquiry(deps, mail, change);
  return moved;
}

/** The message box shows the staff mail's state; a failed copy is only a stale badge, never a lost mail. */
async function copyToEnquiry(deps: MoveDeps, mail: OutboxMail, change: OutboxChange): Promise<void> {
  await deps.enquiries
    ?.updateMail(mail.postIndex, { status: change.status, attempts: change.attempts })
    .catch((error: unknown) => {
      deps.log.warn('mail state not copied to the enquiry', {
        postIndex: mail.postIndex,
        errorName: error instanceof Error ? error.name : typeof error,
      });
    });
}

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

/** Composes a pending mail, claims its send (only one worker wins) and sends it; answers its state afterwards. */
async function sendOnce(
  deps: MoveDeps & Partial<Pick<MailDeps, 'enquiries'>>,
  mail: OutboxMail,
  enquiry: StoredEnquiry | undefined,
): Promise<MailStatus> {
  const now = deps.clock.now();
  // A failed write of the page link's hash leaves the mail pending for the retry job, never failed.
  let visitorPageUrl: string | undefined;
  try {
    visitorPageUrl = await visitorPageLinkOf(deps, mail, enquiry);
  } catch (error) {
    deps.log.warn("link to the visitor's page not minted: the mail waits for the retry job", {
      postIndex: mail.postIndex,
      kind: mail.kind,
      errorName: error instanceof Error ? error.name : typeof error,
    });
    return mail.status;
  }
  const translation = await translationOfNotice(deps, mail, enquiry);
  let message: Mail;
  try {
    message = composeOutboxMail(deps, mail, enquiry, visitorPageUrl, translation);
  } catch (error) {
    // Nothing to send (a seal that no longer opens after the secret's rotation, words erased): trying again cannot help.
    const failed = await move(deps, mail, { status: 'failed', attempts: mail.attempts });
    deps.log.error('mail cannot be composed: given up', {
      postIndex: mail.postIndex,
      kind: mail.kind,
      errorName: error instanceof Error ? error.name : typeof error,
    });
    return failed ? 'failed' : mail.status;
  }

  const attempts = mail.attempts + 1;
  const sending: OutboxChange = {
    status: 'sending',
    attempts,
    startedAt: now,
    claim: randomUUID(),
    queue: OUTBOX_QUEUES.due,
    nextAt: now + STALE_SENDING_MS,
  };
  if (!(await move(deps, mail, sending))) return 'sending';
  const claimed = { ...mail, status: 'sending' as const, attempts };

  let messageId: string | undefined;
  try {
    ({ messageId } = await deps.mailer.send(message));
  } catch (error) {
    const errorName = error instanceof Error ? error.name : typeof error;
    if (mayHaveBeenAccepted(error)) {
      await move(deps, claimed, { status: 'uncertain', attempts }, true);
      deps.log.error('mail send cut off after SES may have accepted it: not sent again', {
        postIndex: mail.postIndex,
        attempts,
        errorName,
      });
      return 'uncertain';
    }
    const givenUp = attempts >= MAX_MAIL_ATTEMPTS;
    const status: MailStatus = givenUp ? 'failed' : 'pending';
    await move(
      deps,
      claimed,
      givenUp
        ? { status, attempts }
        : { status, attempts, queue: OUTBOX_QUEUES.due, nextAt: now + retryDelayMs(attempts) },
      true,
    );
    deps.log.warn('mail not sent', { postIndex: mail.postIndex, attempts, status, errorName });
    return status;
  }
  // Sent: if this mark fails the record stays "sending" and the retry job makes it uncertain, never a second send.
  await Promise.all([
    move(
      deps,
      claimed,
      { status: 'sent', attempts, sentAt: deps.clock.now(), ...(messageId ? { messageId } : {}) },
      true,
    ),
    recordSentId(deps, mail, messageId),
  ]);
  deps.log.info('mail sent', { postIndex: mail.postIndex, attempts });
  return 'sent';
}

/**
 * Records the id SES gave a mail to a visitor, for as long as its enquiry may
 * be kept. A failure loses only that way of matching an answer (the reply
 * address still finds it): logged, never a failed send.
 */
async function recordSentId(deps: MoveDeps, mail: OutboxMail, messageId: string | undefined): Promise<void> {
  if (!messageId || !deps.sentMailIds || !VISITOR_KINDS.includes(mail.kind)) return;
  const expiresAt = Math.floor((deps.clock.now() + enquiryRetentionMs()) / 1000);
  await deps.sentMailIds.record(messageId, mail.postIndex, expiresAt).catch((error: unknown) => {
    deps.log.warn('message id of a mail to a visitor not recorded', {
      postIndex: mail.postIndex,
      errorName: error instanceof Error ? error.name : typeof error,
    });
  });
}

/** Sends one digest of the held mails (past the daily cap), and marks them sent with it. */
async function sendDigest(deps: MailDeps): Promise<number> {
  const ids = await deps.outbox.due(OUTBOX_QUEUES.digest, deps.clock.now(), DIGEST_MAX_ITEMS);
  // Only staff notifications are ever held (see deliverMail).
  const held = (await Promise.all(ids.map((id) => deps.outbox.get(id)))).filter(
    (mail): mail is OutboxMail => mail?.status === 'held',
  );
  if (held.length === 0) return 0;
  const enquiries = (await Promise.all(held.map((mail) => deps.enquiries.get(mail.postIndex)))).filter(
    (enquiry): enquiry is StoredEnquiry => enquiry !== undefined,
  );
  try {
    await deps.mailer.send(composeDigestMail(enquiries.map(toRecord), deps.settings.MAIL_TO));
  } catch (error) {
    deps.log.warn('digest not sent; the held mails wait for the next run', {
      count: held.length,
      errorName: error instanceof Error ? error.name : typeof error,
    });
    return 0;
  }
  const now = deps.clock.now();
  for (const mail of held)
    await move(deps, mail, { status: 'sent', attempts: mail.attempts, sentAt: now, inDigest: true });
  return held.length;
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
