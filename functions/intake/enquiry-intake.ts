import { createHash } from 'node:crypto';
import type { EnquirySubmission } from '../../shared/enquiries/enquiry-submission-schema';
import {
  CONFIRM_NEEDED,
  FILL_TIME_FIELD,
  HONEYPOT_FIELD,
  MIN_FILL_TIME_MS,
  RESERVATION_PAST_GRACE_MS,
} from '../../shared/intake/form-fields';
import { isPastKoreaTime } from '../../shared/korea-time';
import type { AppDeps } from '../deps';
import { ApiError } from '../platform/http/errors';
import { POST_INDEX_COUNTER } from '../enquiries/enquiry-lists';
import { clientNetwork } from '../platform/http/client-network';
import { buildEnquiry, store } from './new-enquiry';
import { afterFiled, completeEarlierStore, inFlight, mailIfNotYet } from './resubmission';
import type { IntakeDeps } from './intake-deps';

/** A submission id is remembered this long: far longer than any retry of one form fill. */
const SUBMISSION_MEMORY_SECONDS = 30 * 24 * 60 * 60;

export interface IntakeResult {
  postIndex: number;
  /** The same submission was stored before; nothing new was stored. */
  duplicate: boolean;
}

/** The reason given to a submission sent faster than a person fills the form (MIN_FILL_TIME_MS). */
export const FILLED_TOO_FAST = 'filled too fast';

/** Why a submission looks automated, or `undefined` when it looks human. */
export function spamReason(
  submission: Pick<EnquirySubmission, typeof HONEYPOT_FIELD | typeof FILL_TIME_FIELD>,
): string | undefined {
  if (submission[HONEYPOT_FIELD]) return 'honeypot';
  // A page measures a positive time; a negative one is made up, so it counts as too fast too.
  const fillTime = submission[FILL_TIME_FIELD];
  if (fillTime !== undefined && fillTime < MIN_FILL_TIME_MS) return FILLED_TOO_FAST;
  return undefined;
}

/**
 * An enquiry sent faster than a person fills the form, its hidden field
 * empty: autofill or a fast typist as often as a bot. It is not stored as
 * suspected spam, where nobody would answer it, nor told it was sent: the
 * page asks the visitor to check it and send it again, and that send, later
 * than the fill time, is stored as any other.
 */
function confirmNeeded(): ApiError {
  return new ApiError(
    CONFIRM_NEEDED,
    'This enquiry came faster than a person fills the form, and was not stored. Check it and send it again to confirm it.',
  );
}

/** How many enquiries the client's network has sent this minute and this day, this one included. */
export interface SendCounts {
  perMinute: number;
  perDay: number;
}

/** The rate-limit windows of a client's network: one minute and one day. */
function sendWindows(clientAddress: string): [key: string, seconds: number][] {
  const client = clientNetwork(clientAddress);
  return [
    [`send:${client}:minute`, 60],
    [`send:${client}:day`, 24 * 60 * 60],
  ];
}

/** Counts one more send of the client's network (an enquiry, or a visitor's message: they share the limits). */
export async function countSend(
  deps: Pick<AppDeps, 'throttle'>,
  clientAddress: string,
  now: number,
): Promise<SendCounts> {
  const [perMinute = 0, perDay = 0] = await Promise.all(
    sendWindows(clientAddress).map(([key, seconds]) => deps.throttle.hit(key, seconds, now)),
  );
  return { perMinute, perDay };
}

/** Takes a count back: only new enquiries count, not a resend, a refused time, or a try that failed before it was looked at. */
export async function uncountSend(
  deps: Pick<AppDeps, 'throttle' | 'log'>,
  clientAddress: string,
  now: number,
): Promise<void> {
  await Promise.all(sendWindows(clientAddress).map(([key, seconds]) => deps.throttle.release(key, seconds, now))).catch(
    (error: unknown) => {
      deps.log.warn('rate-limit count not taken back', {
        errorName: error instanceof Error ? error.name : typeof error,
      });
    },
  );
}

export function refuseOverLimits(deps: Pick<AppDeps, 'settings'>, { perMinute, perDay }: SendCounts): void {
  if (perDay > deps.settings.SEND_LIMIT_PER_DAY) {
    throw new ApiError(
      'rate_limited',
      'Too many enquiries and messages from this address today. Please call us instead.',
      undefined,
      {
        'Retry-After': String(60 * 60),
      },
    );
  }
  if (perMinute > deps.settings.SEND_LIMIT_PER_MINUTE) {
    throw new ApiError(
      'rate_limited',
      'Too many enquiries and messages in a short time. Please wait a minute and try again.',
      undefined,
      {
        'Retry-After': '60',
      },
    );
  }
}

/** How long a plain form post is remembered by its content: a double tap or a resend, not a new enquiry days later. */
export const FORM_POST_MEMORY_SECONDS = 10 * 60;

/**
 * The submission id of a plain form post (no JavaScript, so no id of its own):
 * its content and the sender's network, so the same form sent twice in a few
 * minutes is one enquiry.
 */
export function formPostSubmissionId(fields: Record<string, string>, clientAddress: string): string {
  const content = JSON.stringify(Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return `form:${createHash('sha256')
    .update(`${clientNetwork(clientAddress)}\n${content}`)
    .digest('base64url')}`;
}

export interface Deduplication {
  /** The key the same submission is recognised by (a page's `submission_id`, or `formPostSubmissionId`). */
  submissionId: string;
  memorySeconds: number;
}

/**
 * Stores an enquiry first, then mails staff. The same submission sent again
 * stores nothing new (and completes a store an earlier try left half done).
 */
export async function receiveEnquiry(
  deps: IntakeDeps,
  submission: EnquirySubmission,
  clientAddress: string,
  deduplication: Deduplication | undefined = submission.submission_id
    ? { submissionId: submission.submission_id, memorySeconds: SUBMISSION_MEMORY_SECONDS }
    : undefined,
): Promise<IntakeResult> {
  const now = deps.clock.now();
  const submissionId = deduplication?.submissionId;
  const reason = spamReason(submission);
  const tooFast = reason === FILLED_TOO_FAST;
  // Only the hidden field files an enquiry as suspected spam: a send too fast is asked again (a resend of an
  // enquiry stored before, which was not too fast, completes it as it was).
  const spam = tooFast ? undefined : reason;

  // The duplicate lookup and the rate-limit count go out together, one round trip instead of two. A time in
  // the past, or a send to confirm, is refused without a count (unless the lookup finds this a resend, answered
  // as stored): the visitor sends it again, and that send counts.
  const pastTimes = pastTimeFields(submission, now);
  const [earlier, counts] = await Promise.allSettled([
    submissionId ? deps.submissions.find(submissionId) : undefined,
    pastTimes || tooFast ? undefined : countSend(deps, clientAddress, now),
  ]);
  const counted = counts.status === 'fulfilled' ? counts.value : undefined;
  // Only new enquiries count: a resend, or a try whose lookup failed, takes its count back.
  if (counted && (earlier.status === 'rejected' || earlier.value !== undefined))
    await uncountSend(deps, clientAddress, now);
  if (earlier.status === 'rejected') throw earlier.reason;
  if (earlier.value !== undefined) {
    await completeEarlierStore(deps, submission, earlier.value.postIndex, earlier.value.claimedAt, now, spam);
    return { postIndex: earlier.value.postIndex, duplicate: true };
  }
  if (pastTimes) throw pastTimesRefused(pastTimes);
  if (tooFast) throw confirmNeeded();
  if (counts.status === 'rejected') throw counts.reason;
  if (counted) refuseOverLimits(deps, counted);

  const postIndex = await deps.counters.increment(POST_INDEX_COUNTER);
  if (submissionId) {
    const claimed = await deps.submissions.claim(
      submissionId,
      { postIndex, claimedAt: now },
      Math.floor(now / 1000) + (deduplication?.memorySeconds ?? SUBMISSION_MEMORY_SECONDS),
    );
    if (!claimed) throw inFlight();
  }

  const enquiry = await store(deps, buildEnquiry(submission, postIndex, now, spam));
  if (!enquiry) {
    // Only a resend completing this same submission can have written this POST_INDEX: it is stored, its mails maybe not yet queued.
    await mailIfNotYet(deps, await deps.enquiries.get(postIndex));
    return { postIndex, duplicate: true };
  }
  deps.log.info('enquiry stored', { postIndex, spam: enquiry.SPAM });
  await afterFiled(deps, enquiry);
  return { postIndex, duplicate: false };
}

/**
 * The reservation times that have passed in Korea (beyond the grace the page
 * allows too), so nobody books yesterday by mistake; `undefined` when none
 * has. Refused after the duplicate lookup: a resend of an enquiry stored
 * earlier is answered as stored, whatever the clock says now.
 */
function pastTimeFields(submission: EnquirySubmission, now: number): Record<string, string> | undefined {
  const fields: Record<string, string> = {};
  for (const field of ['start', 'finish'] as const) {
    const value = submission[field];
    if (value !== undefined && isPastKoreaTime(value, now, RESERVATION_PAST_GRACE_MS))
      fields[field] = 'Not in the past (Korea time)';
  }
  return Object.keys(fields).length ? fields : undefined;
}

function pastTimesRefused(fields: Record<string, string>): ApiError {
  return new ApiError('invalid_input', `Please check: ${Object.keys(fields).join(', ')}`, fields);
}
