/**
 * The staff notice that waits for a translation (functions/mail/notice-translation.ts),
 * sent by the translation job as soon as it has tried that translation:
 * with the Korean text once made, or saying where it stands (the engine
 * down, the day's cap reached), so staff are never kept waiting on the
 * engine. An owner's notice still gathering the visitor's next messages
 * goes when that ends (functions/mail/visitor-notice/notice-timing.ts). A
 * failure here loses nothing: the notice stays queued, and the retry job
 * sends it at the end of its wait.
 */
import { eventInstant } from '../../shared/work/enquiry-work';
import type { MailStatus } from '../../shared/enquiries/enquiry';
import type { SendDeps } from '../mail/outbox/mail-deps';
import { deliverMail, staffMailId } from '../mail/outbox/mail-delivery';
import { visitorNoticeId } from '../mail/visitor-notice/notice-ids';
import { dueWhenGathered, gatheringEndsAt } from '../mail/visitor-notice/notice-timing';
import { ENQUIRY_SOURCE, messageSource } from './translation-queue';

/** The notice that carries an original's translation: the staff notification of the enquiry, or the owner's notice of the message. */
export function noticeIdOf(postIndex: number, source: string): string {
  if (source === ENQUIRY_SOURCE) return staffMailId(postIndex);
  return visitorNoticeId(postIndex, Date.parse(eventInstant(source.slice(messageSource('').length))));
}

/** Sends the notice waiting for this translation, if one still waits; answers its state then, or `undefined` when none waited. */
export async function sendWaitingNotice(
  deps: SendDeps,
  postIndex: number,
  source: string,
): Promise<MailStatus | undefined> {
  try {
    const mail = await deps.outbox.get(noticeIdOf(postIndex, source));
    // Sent already (its wait ran out), or tried and failed (the retry job's now, with its back-off): left alone.
    if (mail?.status !== 'pending' || mail.attempts > 0 || mail.translationSource !== source) return undefined;
    // Still gathering the visitor's next messages: the retry job sends it when that ends, no later.
    if (mail.kind === 'visitor' && deps.clock.now() < gatheringEndsAt(deps.settings, mail)) {
      await dueWhenGathered(deps, mail);
      return mail.status;
    }
    return await deliverMail(deps, mail);
  } catch (error) {
    deps.log.warn('waiting notice not sent now: the retry job sends it at the end of its wait', {
      postIndex,
      source,
      errorName: error instanceof Error ? error.name : typeof error,
    });
    return undefined;
  }
}
