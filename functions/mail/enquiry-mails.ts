/**
 * The mails of a just-stored enquiry (functions/intake/ stores it): the
 * staff notification and the visitor's acknowledgement, through the outbox
 * (outbox/mail-delivery.ts).
 */
import type { StoredEnquiry } from '../enquiries/ports';
import type { MailStatus } from '../../shared/enquiries/enquiry';
import { enquiryTranslationSource } from '../translation/translation-queue';
import { shouldAcknowledge } from './acknowledgement-mail';
import type { MailDeps } from './outbox/mail-deps';
import {
  acknowledgementMailId,
  countToday,
  deliverMail,
  pendingMail,
  queueOnce,
  staffMailId,
} from './outbox/mail-delivery';
import { noticeWaitMs, waitsForTranslation } from './notice-translation';
import type { OutboxMail } from './ports';

/**
 * Puts a mail of a stored enquiry in the outbox (once: a second call finds
 * the first); a staff notification with `translationSource`, the enquiry's
 * texts' translation when they have one, which it may wait for
 * (notice-translation.ts).
 */
async function queueMail(
  deps: MailDeps,
  enquiry: StoredEnquiry,
  kind: 'staff' | 'ack',
  translationSource?: string,
): Promise<OutboxMail> {
  const now = deps.clock.now();
  const mailId = kind === 'staff' ? staffMailId(enquiry.POST_INDEX) : acknowledgementMailId(enquiry.POST_INDEX);
  const mail = pendingMail(
    now,
    { mailId, kind, postIndex: enquiry.POST_INDEX, ...(translationSource ? { translationSource } : {}) },
    noticeWaitMs(deps.settings, translationSource),
  );
  return queueOnce(deps.outbox, mail);
}

/**
 * The mails of a just-stored enquiry: the staff notification and, when the
 * address can take one, the visitor's acknowledgement in the page's language.
 * Both are queued first (so the retry job has them whatever happens next),
 * then tried at once by the send route; a staff notification that waits for
 * its translation is left to the translation job (notice-translation.ts).
 * Answers the staff mail's state.
 */
export async function deliverEnquiryMail(deps: MailDeps, enquiry: StoredEnquiry): Promise<MailStatus> {
  const acknowledge = deps.settings.ACKNOWLEDGE_VISITORS && shouldAcknowledge(enquiry);
  const now = deps.clock.now();
  // Each mail sent now is counted toward the day's cap while it is queued, a round trip fewer before the sends (one that
  // waits is counted when it goes). A mail an earlier try of this enquiry queued (and maybe sent) is then counted again:
  // the cap, a guard against a flood, comes a mail nearer.
  const translationSource = enquiryTranslationSource(enquiry);
  const staffWaits = noticeWaitMs(deps.settings, translationSource) > 0;
  const [staff, ack, staffCount, ackCount] = await Promise.all([
    queueMail(deps, enquiry, 'staff', translationSource),
    acknowledge ? queueMail(deps, enquiry, 'ack') : undefined,
    staffWaits ? undefined : countToday(deps, now),
    acknowledge ? countToday(deps, now) : undefined,
  ]);
  // Both at once: each is its own outbox record, sent at most once, so neither waits for the other's round trips.
  // Settled before answering, so a function is never frozen with a send under way; the first failure is then raised.
  const [staffSent, ackSent] = await Promise.allSettled([
    waitsForTranslation(deps.settings, staff, now) ? staff.status : deliverMail(deps, staff, enquiry, staffCount),
    ack ? deliverMail(deps, ack, enquiry, ackCount) : undefined,
  ]);
  if (staffSent.status === 'rejected') throw staffSent.reason;
  if (ackSent.status === 'rejected') throw ackSent.reason;
  return staffSent.value;
}
