import { createHash } from 'node:crypto';
import { DEFAULT_DETAIL_SECTION, HOSPITAL_SECTION } from '../../shared/enquiries/enums';
import type { EnquirySubmission } from '../../shared/enquiries/enquiry';
import {
  CONSENT_NOTICE_VERSION,
  FILL_TIME_FIELD,
  HONEYPOT_FIELD,
  MIN_FILL_TIME_MS,
  RESERVATION_PAST_GRACE_MS,
} from '../../shared/intake/form-fields';
import { formatKoreaDateTime, isPastKoreaTime } from '../../shared/korea-time';
import type { AppDeps } from '../deps';
import { ApiError } from '../platform/http/errors';
import type { StoredEnquiry } from '../enquiries/ports';
import {
  POST_INDEX_COUNTER,
  countCounter,
  listName,
  sectionListName,
  sequenceCounter,
  workListKeys,
} from '../enquiries/enquiry-lists';
import { clientNetwork } from '../platform/http/client-network';
import { countReceived } from '../dashboard/dashboard';
import { deliverEnquiryMail } from '../mail/enquiry-mails';
import { queueEnquiryTranslation } from '../translation/translation-queue';

export type IntakeDeps = Pick<
  AppDeps,
  | 'enquiries'
  | 'outbox'
  | 'counters'
  | 'submissions'
  | 'throttle'
  | 'mailer'
  | 'sentMailIds'
  | 'translations'
  | 'settings'
  | 'clock'
  | 'log'
  | 'aggregates'
>;

/** A submission id is remembered this long: far longer than any retry of one form fill. */
const SUBMISSION_MEMORY_SECONDS = 30 * 24 * 60 * 60;
/** Longer than a send can take (the function's time-out): a claim younger than this may still be storing. */
const IN_FLIGHT_MS = 60_000;

export interface IntakeResult {
  postIndex: number;
  /** The same submission was stored before; nothing new was stored. */
  duplicate: boolean;
}

/** Why a submission looks automated, or `undefined` when it looks human. */
export function spamReason(
  submission: Pick<EnquirySubmission, typeof HONEYPOT_FIELD | typeof FILL_TIME_FIELD>,
): string | undefined {
  if (submission[HONEYPOT_FIELD]) return 'honeypot';
  // A page measures a positive time; a negative one is made up, so it counts as too fast too.
  const fillTime = submission[FILL_TIME_FIELD];
  if (fillTime !== undefined && fillTime < MIN_FILL_TIME_MS) return 'filled too fast';
  return undefined;
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

function buildEnquiry(
  submission: EnquirySubmission,
  postIndex: number,
  now: number,
  spam: string | undefined,
): Omit<StoredEnquiry, 'LIST_SEQ' | 'SECTION_SEQ'> {
  const receivedAt = new Date(now).toISOString();
  return {
    POST_INDEX: postIndex,
    NAME: submission.user_name,
    CONTACT_NUMBER: submission.phone ?? '',
    EMAIL: submission.user_email,
    EMAIL_KEY: submission.user_email.toLowerCase(),
    LANG_PREFERENCE: submission.user_language ?? '',
    MEDICAL_SECTION: submission.section,
    DETAIL_SECTION:
      submission.detail_section ?? (submission.section === HOSPITAL_SECTION ? DEFAULT_DETAIL_SECTION : ''),
    DATE: formatKoreaDateTime(now),
    REGISTRATION_DATE: submission.start ?? '',
    REGISTRATION_END: submission.finish ?? '',
    HOTEL: submission.hotel ?? '',
    NUMBER_PEOPLE: submission.user_count,
    ROOM: submission.user_Room,
    DESTINATION: submission.destination ?? '',
    CONTEXT: submission.message ?? '',
    RECEIVED_AT: receivedAt,
    SPAM: spam !== undefined,
    ...(spam ? { SPAM_REASON: spam } : {}),
    MAIL_STATUS: spam ? 'skipped' : 'pending',
    MAIL_ATTEMPTS: 0,
    CONSENT_VERSION: CONSENT_NOTICE_VERSION,
    CONSENT_AT: receivedAt,
    CONSENT_HEALTH: submission.consent_health === true,
    LOCALE: submission.page_locale,
    ...(submission.contact_channel
      ? { CONTACT_CHANNEL: submission.contact_channel, CONTACT_ACCOUNT: submission.contact_account ?? '' }
      : {}),
    OWNER: '',
    VERSION: 0,
    UPDATED_AT: receivedAt,
    ...(spam ? {} : { STATUS: 'new' as const, ...workListKeys('new', '') }),
    LIST: listName(spam !== undefined),
    SECTION_LIST: sectionListName(spam !== undefined, submission.section),
    ...(submission.submission_id ? { SUBMISSION_ID: submission.submission_id } : {}),
  };
}

/** Numbers the enquiry in its lists, counts it in its work lists, and writes it; `undefined` if it was already there. */
async function store(
  deps: IntakeDeps,
  draft: Omit<StoredEnquiry, 'LIST_SEQ' | 'SECTION_SEQ'>,
): Promise<StoredEnquiry | undefined> {
  const workLists = [draft.STATUS_LIST, draft.OWNER_LIST, draft.STATUS_OWNER].filter(
    (key): key is string => key !== undefined,
  );
  const [LIST_SEQ, SECTION_SEQ] = await Promise.all([
    deps.counters.increment(sequenceCounter(draft.LIST)),
    deps.counters.increment(sequenceCounter(draft.SECTION_LIST)),
    ...workLists.map((key) => deps.counters.increment(countCounter(key))),
  ]);
  const enquiry: StoredEnquiry = { ...draft, LIST_SEQ, SECTION_SEQ };
  return (await deps.enquiries.create(enquiry)) ? enquiry : undefined;
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
  const spam = spamReason(submission);

  // The duplicate lookup and the rate-limit count go out together, one round trip instead of two. A time in
  // the past is refused without a count (unless the lookup finds this a resend, answered as stored).
  const pastTimes = pastTimeFields(submission, now);
  const [earlier, counts] = await Promise.allSettled([
    submissionId ? deps.submissions.find(submissionId) : undefined,
    pastTimes ? undefined : countSend(deps, clientAddress, now),
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
  // Beside the mails: the dashboard's count (which never fails the request) and the translation's job. A job not added fails
  // the request once the mails are done, and the visitor's resend of the same submission adds it (mailIfNotYet).
  await settledOrThrow([
    countReceived(deps, enquiry),
    queueEnquiryTranslation(deps, enquiry),
    enquiry.SPAM ? undefined : deliverEnquiryMail(deps, enquiry),
  ]);
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

/**
 * The mails of an enquiry a try stored earlier. That try may have failed after
 * the store and before its mails were queued (DynamoDB refused), and the retry
 * job only knows queued mails: queue and try them now. The outbox sends each
 * mail at most once, so one queued, under way or sent already is left as it is.
 */
/** Waits for every step, so none is cut off mid-way by a failing one; then throws the first failure. */
async function settledOrThrow(steps: readonly (Promise<unknown> | undefined)[]): Promise<void> {
  const failed = (await Promise.allSettled(steps)).find(
    (result): result is PromiseRejectedResult => result.status === 'rejected',
  );
  if (failed) throw failed.reason;
}

async function mailIfNotYet(deps: IntakeDeps, stored: StoredEnquiry | undefined) {
  if (!stored) return;
  // Its translation may not be queued either (a job is added once: asking again changes nothing).
  await queueEnquiryTranslation(deps, stored);
  if (!stored.SPAM && stored.MAIL_STATUS === 'pending') await deliverEnquiryMail(deps, stored);
}

/** A resend while the first try may still be storing: the page says so and offers to try again. */
function inFlight(): ApiError {
  return new ApiError(
    'conflict',
    'This enquiry is being sent already. Please wait a few seconds and try again.',
    undefined,
    { 'Retry-After': '5' },
  );
}

async function completeEarlierStore(
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
    await settledOrThrow([
      countReceived(deps, enquiry),
      queueEnquiryTranslation(deps, enquiry),
      enquiry.SPAM ? undefined : deliverEnquiryMail(deps, enquiry),
    ]);
  }
}
