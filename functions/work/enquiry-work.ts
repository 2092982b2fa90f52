/**
 * Working an enquiry: its status and owner, internal notes, replies to the
 * visitor, and the history of all of it. A change names the VERSION the staff
 * member saw; if someone changed the enquiry meanwhile, nothing is written and
 * the caller gets the current state (a 409) instead of overwriting it.
 */
import { randomUUID } from 'node:crypto';
import type { EnquiryRecord } from '../../shared/enquiries/enquiry';
import {
  type EnquiryStatus,
  type ReplyTranslation,
  type ThreadEntry,
  waitingSince,
} from '../../shared/work/enquiry-work';
import type { ReplyRequest, WorkChangeRequest } from '../../shared/work/enquiry-work-schema';
import { EMAIL_PATTERN } from '../../shared/intake/form-fields';
import type { AppDeps } from '../deps';
import { ApiError } from '../platform/http/errors';
import { ChangedMeanwhile } from '../platform/http/conflict';
import type { EnquiryEvent } from './ports';
import type { StoredEnquiry, WorkChange } from '../enquiries/ports';
import { countReply, countStatusChange } from '../dashboard/dashboard';
import { countCounter, workListKeys } from '../enquiries/enquiry-lists';
import { toRecord } from '../enquiries/enquiry-record';
import { notMergedAway } from '../enquiries/merged-enquiry';
import type { MailDeps } from '../mail/outbox/mail-deps';
import { deliverMail, pendingMail } from '../mail/outbox/mail-delivery';
import { composeReply } from './reply-mail';
import { checkOwner } from './enquiry-owners';
import { replyGeneration, visitorThreading } from '../conversation/reply-address';

export type WorkDeps = Pick<AppDeps, 'enquiries' | 'counters' | 'events' | 'staff' | 'clock' | 'log' | 'aggregates'>;

/** Someone else changed the enquiry first: the caller answers 409 with what it is now. */
export class WorkConflict extends ChangedMeanwhile<EnquiryRecord> {
  constructor(current: EnquiryRecord) {
    super(current, 'Someone else changed this enquiry meanwhile. Here is how it stands now.');
  }
}

/** History keys sort by time, then by their order within one change; the random tail keeps two changes of one millisecond apart. */
export const eventKey = (now: number, order = 0) =>
  `${new Date(now).toISOString()}#${order}${randomUUID().slice(0, 8)}`;

export async function workableEnquiry(deps: Pick<AppDeps, 'enquiries'>, postIndex: number): Promise<StoredEnquiry> {
  const enquiry = await deps.enquiries.get(postIndex);
  if (!enquiry) throw new ApiError('not_found', `There is no enquiry ${postIndex}.`);
  notMergedAway(enquiry);
  if (enquiry.SPAM)
    throw new ApiError('invalid_input', 'Suspected spam is kept apart and is not worked on.', {
      index: 'Not suspected spam',
    });
  return enquiry;
}

/** An enquiry a mail to the visitor can go to: one stored with a plain mailbox address (one from before the strict rule may not be). */
export function mailable(enquiry: StoredEnquiry): StoredEnquiry {
  if (!EMAIL_PATTERN.test(enquiry.EMAIL)) {
    throw new ApiError('invalid_input', 'This enquiry has no e-mail address a mail can go to.', {
      index: 'An enquiry with a plain e-mail address',
    });
  }
  return enquiry;
}

/** Moves the enquiry's list counts from its old work lists to its new ones. */
async function recount(deps: Pick<AppDeps, 'counters'>, before: StoredEnquiry, after: StoredEnquiry) {
  const fields = ['STATUS_LIST', 'OWNER_LIST', 'STATUS_OWNER'] as const;
  const moves: Promise<number>[] = [];
  for (const field of fields) {
    const from = before[field];
    const to = after[field];
    if (from === to) continue;
    // An enquiry stored before the work lists existed was never counted in one.
    if (from) moves.push(deps.counters.add(countCounter(from), -1));
    if (to) moves.push(deps.counters.add(countCounter(to), 1));
  }
  // Not one transaction with the change (the emulator has none): a failure here leaves a count one off, never an enquiry.
  await Promise.all(moves);
}

interface Change {
  status?: EnquiryStatus;
  owner?: string;
  /** A reply's time: the enquiry's last reply, and its first if it had none. */
  repliedAt?: string;
}

/**
 * Writes a change to the enquiry's work fields if it is still at `version`
 * (its work lists and the dashboard's open counts follow): the changed
 * enquiry, or `undefined` when someone changed it first and nothing was
 * written. Every change to status and owner goes through here: staff's, and
 * a visitor's message (visitor-wrote.ts).
 */
export async function storeWork(
  deps: Pick<AppDeps, 'enquiries' | 'counters' | 'aggregates' | 'log'>,
  enquiry: StoredEnquiry,
  version: number,
  fields: Omit<WorkChange, 'STATUS_LIST' | 'OWNER_LIST' | 'STATUS_OWNER'> & { STATUS: EnquiryStatus },
): Promise<StoredEnquiry | undefined> {
  const updated = await deps.enquiries.changeWork(enquiry.POST_INDEX, version, {
    ...fields,
    ...workListKeys(fields.STATUS, fields.OWNER),
  });
  if (!updated) return undefined;
  await recount(deps, enquiry, updated);
  const before = enquiry.STATUS ?? 'new';
  if (fields.STATUS !== before) await countStatusChange(deps, enquiry.RECEIVED_AT, before, fields.STATUS);
  return updated;
}

/** Applies a change to status and owner (and a reply's time) if the enquiry is still at `version`, and writes it in the history. */
async function applyChange(
  deps: WorkDeps,
  actor: string,
  enquiry: StoredEnquiry,
  version: number,
  change: Change,
): Promise<StoredEnquiry> {
  const status = change.status ?? enquiry.STATUS ?? 'new';
  const owner = change.owner ?? enquiry.OWNER ?? '';
  const now = deps.clock.now();
  const updated = await storeWork(deps, enquiry, version, {
    STATUS: status,
    OWNER: owner,
    UPDATED_AT: new Date(now).toISOString(),
    ...(change.repliedAt
      ? { LAST_REPLY_AT: change.repliedAt, ...(enquiry.FIRST_REPLY_AT ? {} : { FIRST_REPLY_AT: change.repliedAt }) }
      : {}),
  });
  if (!updated) {
    const current = await deps.enquiries.get(enquiry.POST_INDEX);
    if (!current) throw new ApiError('not_found', `There is no enquiry ${enquiry.POST_INDEX}.`);
    throw new WorkConflict(toRecord(current));
  }
  const history: EnquiryEvent[] = [];
  const before = enquiry.STATUS ?? 'new';
  if (status !== before)
    history.push({ postIndex: enquiry.POST_INDEX, at: eventKey(now), type: 'status', actor, from: before, to: status });
  if (owner !== (enquiry.OWNER ?? ''))
    history.push({
      postIndex: enquiry.POST_INDEX,
      at: eventKey(now, 1),
      type: 'owner',
      actor,
      from: enquiry.OWNER ?? '',
      to: owner,
    });
  await Promise.all(history.map((event) => deps.events.add(event)));
  return updated;
}

/** `status` and/or `owner` as a staff member set them. An owner must be an active staff member or admin (enquiry-owners.ts). */
export async function changeWork(deps: WorkDeps, actor: string, request: WorkChangeRequest): Promise<EnquiryRecord> {
  const enquiry = await workableEnquiry(deps, request.index);
  if (request.owner) await checkOwner(deps, request.owner.toLowerCase());
  const change: Change = {
    ...(request.status !== undefined ? { status: request.status } : {}),
    ...(request.owner !== undefined ? { owner: request.owner.toLowerCase() } : {}),
  };
  const unchanged =
    (change.status ?? enquiry.STATUS ?? 'new') === (enquiry.STATUS ?? 'new') &&
    (change.owner ?? enquiry.OWNER ?? '') === (enquiry.OWNER ?? '');
  if (unchanged) {
    if ((enquiry.VERSION ?? 0) !== request.version) throw new WorkConflict(toRecord(enquiry));
    return toRecord(enquiry);
  }
  return toRecord(await applyChange(deps, actor, enquiry, request.version, change));
}

export async function addNote(deps: WorkDeps, actor: string, postIndex: number, text: string): Promise<EnquiryEvent> {
  await workableEnquiry(deps, postIndex);
  const now = deps.clock.now();
  const event: EnquiryEvent = { postIndex, at: eventKey(now), type: 'note', actor, text };
  await deps.events.add(event);
  // A note is activity: the retention period counts from it.
  await deps.enquiries.touch(postIndex, new Date(now).toISOString());
  return event;
}

export type ReplyDeps = WorkDeps & MailDeps;

/**
 * Sends a reply to the visitor through the outbox (so a failed send is
 * retried and a send is never doubled), records it in the thread and moves
 * the enquiry to answered. The version check comes first: a reply written
 * against a state someone else has changed is not sent.
 */
export async function sendReply(
  deps: ReplyDeps,
  actor: string,
  request: ReplyRequest,
): Promise<{ record: EnquiryRecord; mailStatus: string }> {
  const enquiry = mailable(await workableEnquiry(deps, request.index));
  // Read before anything changes: a failed read leaves the enquiry as it was.
  const threading = visitorThreading(
    { secret: deps.settings.REPLY_ADDRESS_SECRET, domain: deps.settings.INBOUND_DOMAIN },
    enquiry.POST_INDEX,
    await visitorMessageIds(deps, enquiry.POST_INDEX),
    replyGeneration(enquiry),
  );
  const now = deps.clock.now();
  const updated = await applyChange(deps, actor, enquiry, request.version, {
    status: 'answered',
    repliedAt: new Date(now).toISOString(),
  });
  // Timed only when it answers something: the enquiry, or a message the visitor wrote since the last reply.
  const since = waitingSince(enquiry);
  if (since !== undefined) await countReply(deps, since, now, !enquiry.FIRST_REPLY_AT);
  const record = toRecord(updated);
  const reply = replyTranslation(deps.settings, request);
  const mail = pendingMail(now, {
    mailId: `${enquiry.POST_INDEX}:reply:${randomUUID()}`,
    kind: 'reply',
    postIndex: enquiry.POST_INDEX,
    content: composeReply(
      record,
      request.subject,
      request.body,
      threading,
      reply?.originalMailed ? reply.original : undefined,
    ),
  });
  await deps.outbox.add(mail);
  // The words too: the visitor's page shows the conversation from the thread (the outbox is no public route's to read).
  await deps.events.add({
    postIndex: enquiry.POST_INDEX,
    at: eventKey(now, 2),
    type: 'reply',
    actor,
    text: request.subject,
    body: request.body,
    ...(reply ? { reply } : {}),
    mailId: mail.mailId,
  });
  const mailStatus = await deliverMail(deps, mail, updated);
  return { record, mailStatus };
}

/**
 * A reply written in another language than the one sent: both
 * texts kept in the thread, and the original mailed below the translation
 * only when REPLY_INCLUDE_ORIGINAL says so. `undefined` for a reply written
 * in the visitor's language (a template, or no translation asked).
 */
function replyTranslation(
  settings: Pick<AppDeps['settings'], 'REPLY_INCLUDE_ORIGINAL'>,
  request: ReplyRequest,
): ReplyTranslation | undefined {
  if (request.original === undefined) return undefined;
  return {
    original: request.original,
    ...(request.translation ?? {}),
    originalMailed: settings.REPLY_INCLUDE_ORIGINAL,
  };
}

/** The most of the visitor's Message-IDs a reply names in References (SES takes 870 characters a header). */
const REFERENCED_VISITOR_MESSAGES = 5;

/** The Message-IDs of the visitor's latest messages, oldest first: a reply answers the last. */
async function visitorMessageIds(deps: Pick<AppDeps, 'events'>, postIndex: number): Promise<string[]> {
  const events = await deps.events.list(postIndex);
  return events
    .flatMap((event) => (event.visitor?.messageId ? [event.visitor.messageId] : []))
    .slice(-REFERENCED_VISITOR_MESSAGES);
}

/** The enquiry's history and thread, oldest first, with each reply's delivery state. */
export async function readThread(deps: Pick<AppDeps, 'events' | 'outbox'>, postIndex: number): Promise<ThreadEntry[]> {
  const events = await deps.events.list(postIndex);
  return Promise.all(
    events.map(async ({ postIndex: _index, ...event }) => {
      if (!event.mailId) return event;
      const mail = await deps.outbox.get(event.mailId);
      return { ...event, ...(mail ? { mailStatus: mail.status } : {}) };
    }),
  );
}
