import type { MailStatus } from '../../shared/enquiry';
import type { AppDeps } from '../deps';
import type { StoredEnquiry } from '../ports';
import { toRecord } from './enquiry-record';
import { composeEnquiryMail } from './staff-mail';

export type MailDeps = Pick<AppDeps, 'enquiries' | 'mailer' | 'settings' | 'clock' | 'log'>;

/** After this many failed tries (about three days of hourly retries) the mail is marked failed. */
export const MAX_MAIL_ATTEMPTS = 72;
/** Mail of a just-stored enquiry is left to the send route for this long before the retry job may take it. */
export const MAIL_GRACE_MS = 2 * 60 * 1000;

/** Back-off before try `attempts + 1`: 1, 2, 4, ... minutes, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

/** Sends the staff mail of one enquiry and records the outcome on it. */
export async function deliverEnquiryMail(deps: MailDeps, enquiry: StoredEnquiry): Promise<MailStatus> {
  const attempts = enquiry.MAIL_ATTEMPTS + 1;
  try {
    await deps.mailer.send(composeEnquiryMail(toRecord(enquiry), deps.settings.MAIL_TO));
  } catch (error) {
    const givenUp = attempts >= MAX_MAIL_ATTEMPTS;
    const status: MailStatus = givenUp ? 'failed' : 'pending';
    await deps.enquiries.updateMail(enquiry.POST_INDEX, {
      status,
      attempts,
      ...(givenUp ? {} : { nextAttemptAt: deps.clock.now() + retryDelayMs(attempts) }),
    });
    deps.log.warn('staff mail not sent', {
      postIndex: enquiry.POST_INDEX,
      attempts,
      status,
      errorName: error instanceof Error ? error.name : typeof error,
    });
    return status;
  }
  try {
    await deps.enquiries.updateMail(enquiry.POST_INDEX, { status: 'sent', attempts });
  } catch (error) {
    // The mail went out; only its mark did not. The retry job may send it once more, which is
    // better than telling the visitor a stored, mailed enquiry failed.
    deps.log.warn('staff mail sent but not marked', { postIndex: enquiry.POST_INDEX, errorName: error instanceof Error ? error.name : typeof error });
    return 'sent';
  }
  deps.log.info('staff mail sent', { postIndex: enquiry.POST_INDEX, attempts });
  return 'sent';
}

/** The scheduled job: retries every mail that is due, oldest first. */
export async function retryDueMail(deps: MailDeps, batch = 25): Promise<Record<MailStatus, number>> {
  const outcome: Record<MailStatus, number> = { sent: 0, pending: 0, failed: 0, skipped: 0 };
  const due = await deps.enquiries.mailDue(deps.clock.now(), batch);
  for (const postIndex of due) {
    const enquiry = await deps.enquiries.get(postIndex);
    if (!enquiry || enquiry.MAIL_STATUS !== 'pending') continue;
    outcome[await deliverEnquiryMail(deps, enquiry)] += 1;
  }
  return outcome;
}
