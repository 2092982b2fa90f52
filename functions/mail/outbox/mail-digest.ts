/**
 * The daily digest (functions/mail/outbox/mail-delivery.ts): past the daily cap,
 * staff notifications are held, and one mail per run lists them.
 */
import { OUTBOX_QUEUES } from '../../../shared/tables';
import type { StoredEnquiry } from '../../enquiries/ports';
import { toRecord } from '../../enquiries/enquiry-record';
import type { MailDeps } from './mail-deps';
import type { OutboxMail } from '../ports';
import { move } from './outbox-moves';
import { composeDigestMail } from '../staff-mail';

/** Most held mails one digest lists. */
export const DIGEST_MAX_ITEMS = 200;

/** Sends one digest of the held mails (past the daily cap), and marks them sent with it. */
export async function sendDigest(deps: MailDeps): Promise<number> {
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
