/**
 * An enquiry sent again (functions/intake/enquiry-intake.ts): a resend of a
 * submission stored earlier completes what that try left half done, its
 * store or its mails, and stores nothing new.
 */
import type { EnquirySubmission } from '../../shared/enquiries/enquiry-submission-schema';
import { ApiError } from '../platform/http/errors';
import type { StoredEnquiry } from '../enquiries/ports';
import { countReceived } from '../dashboard/dashboard';
import { deliverEnquiryMail } from '../mail/enquiry-mails';
import { queueEnquiryTranslation } from '../translation/translation-queue';
import type { FiledDeps, IntakeDeps } from './intake-deps';
import { buildEnquiry, store } from './new-enquiry';

/** Longer than a send can take (the function's time-out): a claim younger than this may still be storing. */
const IN_FLIGHT_MS = 60_000;

/** Waits for every step, so none is cut off mid-way by a failing one; then throws the first failure. */
export async function settledOrThrow(steps: readonly (Promise<unknown> | undefined)[]): Promise<void> {
  const failed = (await Promise.allSettled(steps)).find(
    (result): result is PromiseRejectedResult => result.status === 'rejected',
  );
  if (failed) throw failed.reason;
}

/**
 * What follows an enquiry filed just now (stored, or marked genuine out of the
 * suspected-spam list: functions/spam/): the dashboard's count (which never
 * fails the request) and its translation's job beside its mails. A job not
 * added fails the request once the mails are done; a resend adds it
 * (mailIfNotYet).
 */
export async function afterFiled(deps: FiledDeps, enquiry: StoredEnquiry): Promise<void> {
  await settledOrThrow([
    countReceived(deps, enquiry),
    queueEnquiryTranslation(deps, enquiry),
    enquiry.SPAM ? undefined : deliverEnquiryMail(deps, enquiry),
  ]);
}

/**
 * The mails of an enquiry a try filed earlier. That try may have failed after
 * the store and before its mails were queued (DynamoDB refused), and the retry
 * job only knows queued mails: queue and try them now. The outbox sends each
 * mail at most once, so one queued, under way or sent already is left as it is.
 */
export async function mailIfNotYet(deps: FiledDeps, stored: StoredEnquiry | undefined) {
  if (!stored) return;
  // Its translation may not be queued either (a job is added once: asking again changes nothing).
  await queueEnquiryTranslation(deps, stored);
  if (!stored.SPAM && stored.MAIL_STATUS === 'pending') await deliverEnquiryMail(deps, stored);
}

/** A resend while the first try may still be storing: the page says so and offers to try again. */
export function inFlight(): ApiError {
  return new ApiError(
    'conflict',
    'This enquiry is being sent already. Please wait a few seconds and try again.',
    undefined,
    { 'Retry-After': '5' },
  );
}

export async function completeEarlierStore(
  deps: IntakeDeps,
  submission: EnquirySubmission,
  postIndex: number,
  claimedAt: number,
  now: number,
  spam: string | undefined,
) {
  const stored = await deps.enquiries.get(postIndex);
  if (stored) {
    await mailIfNotYet(deps, stored);
    return;
  }
  // The first try may still be writing; storing again now would race it.
  if (now - claimedAt < IN_FLIGHT_MS) throw inFlight();
  // The earlier try claimed the id but stopped before writing: write it now.
  const enquiry = await store(deps, buildEnquiry(submission, postIndex, now, spam));
  if (enquiry) {
    deps.log.info('enquiry stored on resubmission', { postIndex });
    await afterFiled(deps, enquiry);
  }
}
