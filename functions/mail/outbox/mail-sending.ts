/**
 * Sending one outbox mail (functions/mail/outbox/mail-delivery.ts): composed, its
 * send claimed, then SES called once; a failure SES answered is retried with
 * back-off, a call cut off after SES may have accepted the mail is uncertain.
 */
import { randomUUID } from 'node:crypto';
import type { MailStatus } from '../../../shared/enquiries/enquiry';
import { OUTBOX_QUEUES } from '../../../shared/tables';
import { enquiryRetentionMs } from '../../../shared/privacy/retention';
import type { StoredEnquiry } from '../../enquiries/ports';
import type { Mail, OutboxChange, OutboxMail } from '../ports';
import type { MailDeps } from './mail-deps';
import { MAX_MAIL_ATTEMPTS, STALE_SENDING_MS, retryDelayMs } from './mail-timings';
import { type MoveDeps, move } from './outbox-moves';
import { VISITOR_KINDS, composeOutboxMail, visitorPageLinkOf } from '../mail-composition';
import { translationOfNotice } from '../notice-translation';
import { withGatheredMessages } from '../visitor-notice/notice-gathering';

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

/** Composes a pending mail, claims its send (only one worker wins) and sends it; answers its state afterwards. */
export async function sendOnce(
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
  // Only the worker holding the send gathers other notices into this one: what it gathers goes with it.
  const outgoing = await withGatheredMessages(deps, claimed, enquiry, message);

  let messageId: string | undefined;
  try {
    ({ messageId } = await deps.mailer.send(outgoing));
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
  const sentAt = new Date(deps.clock.now()).toISOString();
  await deps.sentMailIds.record(messageId, mail.postIndex, expiresAt, sentAt).catch((error: unknown) => {
    deps.log.warn('message id of a mail to a visitor not recorded', {
      postIndex: mail.postIndex,
      errorName: error instanceof Error ? error.name : typeof error,
    });
  });
}
