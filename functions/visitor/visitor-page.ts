/**
 * The visitor's page: what a visitor may read of their
 * enquiry through its link (the reference, where it stands in plain words,
 * what they sent, and the conversation: the centre's replies and their own
 * messages, oldest first), and a message they write there, which lands in
 * the thread as a `visitorMessage` event. Nothing staff keep for themselves
 * is ever read out: not notes, owner, tags, status history, addresses or who
 * replied.
 */
import { HOSPITAL_SECTION, HOTEL_SECTION } from '../../shared/enquiries/enums';
import { eventInstant, formatReference } from '../../shared/work/enquiry-work';
import type { VisitorMessageRequest } from '../../shared/visitor/visitor-page-schema';
import {
  VISITOR_MESSAGES_PER_ENQUIRY_PER_DAY,
  type VisitorConversationEntry,
  type VisitorEnquiryView,
  type VisitorSent,
  standingOf,
} from '../../shared/visitor/visitor-page';
import type { AppDeps } from '../deps';
import type { StoredEnquiry } from '../enquiries/ports';
import { ApiError } from '../platform/http/errors';
import { countSend, refuseOverLimits, spamReason, uncountSend } from '../intake/enquiry-intake';
import type { EnquiryEvent } from '../work/ports';
import { type VisitorWroteDeps, visitorWrote } from '../work/visitor-wrote';
import { queueMessageTranslation } from '../translation/translation-queue';
import { type OpenByLinkDeps, openByLink } from './visitor-links';

/** Who the thread names as the author of a visitor's message. */
export const VISITOR_ACTOR = 'visitor';

function sentOf(enquiry: StoredEnquiry): VisitorSent {
  const hotel = enquiry.MEDICAL_SECTION === HOTEL_SECTION;
  return {
    receivedAt: enquiry.RECEIVED_AT,
    section: enquiry.MEDICAL_SECTION,
    ...(enquiry.MEDICAL_SECTION === HOSPITAL_SECTION && enquiry.DETAIL_SECTION
      ? { detailSection: enquiry.DETAIL_SECTION }
      : {}),
    ...(enquiry.REGISTRATION_DATE ? { start: enquiry.REGISTRATION_DATE } : {}),
    ...(hotel && enquiry.REGISTRATION_END ? { finish: enquiry.REGISTRATION_END } : {}),
    people: enquiry.NUMBER_PEOPLE,
    ...(hotel ? { rooms: enquiry.ROOM } : {}),
    // Anyone can type anyone's address into the form, and the acknowledgement links here: the words typed are shown only
    // once staff have answered (a person has read them), so nobody can use the centre's page to show a stranger their text.
    ...(enquiry.FIRST_REPLY_AT ? { message: enquiry.CONTEXT } : {}),
  };
}

/** The history's key is an instant and a tail; the page needs the instant. */
const instantOf = eventInstant;

/** The lines of the thread the visitor sees: replies and the visitor's own messages; everything else is staff's. */
function conversationEntry(event: EnquiryEvent): VisitorConversationEntry[] {
  switch (event.type) {
    case 'reply':
      return [
        {
          at: instantOf(event.at),
          from: 'centre',
          ...(event.text ? { subject: event.text } : {}),
          ...(event.body !== undefined ? { text: event.body } : {}),
        },
      ];
    case 'visitorMessage':
      return [{ at: instantOf(event.at), from: 'visitor', text: event.text ?? '' }];
    default:
      return [];
  }
}

export function visitorView(enquiry: StoredEnquiry, events: readonly EnquiryEvent[]): VisitorEnquiryView {
  return {
    reference: formatReference(enquiry.POST_INDEX),
    locale: enquiry.LOCALE ?? 'en',
    standing: standingOf(enquiry.STATUS),
    sent: sentOf(enquiry),
    conversation: events.flatMap(conversationEntry),
  };
}

export type VisitorReadDeps = OpenByLinkDeps & Pick<AppDeps, 'events'>;

/** `POST /api/visitor/enquiry`: the page's view of the enquiry the link opens. */
export async function readByLink(
  deps: VisitorReadDeps,
  clientAddress: string,
  link: string,
): Promise<VisitorEnquiryView> {
  const enquiry = await openByLink(deps, clientAddress, link);
  return visitorView(enquiry, await deps.events.list(enquiry.POST_INDEX));
}

/** A visitor's message as the thread keeps it. */
export interface VisitorMessage {
  postIndex: number;
  /** The event's key: an instant and a tail (the same for a resend of the same message). */
  at: string;
  text: string;
  channel: 'page';
  /** Why it looks automated, if it does: kept, shown to its writer, but nothing reacts to it. */
  spamReason?: string;
}

/**
 * Stores a visitor's message in the enquiry's thread, once: a second store of
 * the same key (a resend, two at once) finds the first and adds nothing.
 * `added`: this call wrote it.
 */
export async function storeVisitorMessage(
  deps: Pick<AppDeps, 'events'>,
  message: VisitorMessage,
): Promise<{ event: EnquiryEvent; added: boolean }> {
  const { spamReason: reason, ...fields } = message;
  const event: EnquiryEvent = {
    ...fields,
    type: 'visitorMessage',
    actor: VISITOR_ACTOR,
    ...(reason ? { spamReason: reason } : {}),
  };
  try {
    await deps.events.add(event);
    return { event, added: true };
  } catch (error) {
    // The history is written once: a key taken already is this message, stored by an earlier try.
    if ((await deps.events.list(message.postIndex)).some((stored) => stored.at === message.at))
      return { event, added: false };
    throw error;
  }
}

/** How long a message id is remembered: a resend or a double tap, not a message days later. */
const MESSAGE_MEMORY_SECONDS = 24 * 60 * 60;

/** The key of a message's claim (the submissions table): one enquiry's, so an id from another page claims nothing here. */
const claimKey = (postIndex: number, messageId: string) => `visitor-message:${postIndex}:${messageId}`;

/** The thread's key of a message: the time it was first claimed, and its id, so every try of it writes the same key. */
const messageKey = (claimedAt: number, messageId: string) =>
  `${new Date(claimedAt).toISOString()}#0${messageId.slice(0, 8)}`;

const perEnquiryKey = (postIndex: number) => `visitor-message:enquiry:${postIndex}`;
const DAY_SECONDS = 24 * 60 * 60;

export type VisitorMessageDeps = VisitorReadDeps &
  VisitorWroteDeps &
  Pick<AppDeps, 'submissions' | 'translations' | 'log'>;

/** Takes back what a message was counted: a resend is not a new message. */
async function uncount(deps: VisitorMessageDeps, clientAddress: string, postIndex: number, now: number): Promise<void> {
  await Promise.all([
    uncountSend(deps, clientAddress, now),
    deps.throttle.release(perEnquiryKey(postIndex), DAY_SECONDS, now),
  ]);
}

/**
 * `POST /api/visitor/message`: stores the visitor's message in the thread,
 * with the enquiry form's defences. The link must open the enquiry (404, and
 * counted, as a read); each new message counts against the form's limits per
 * client network (the same counters: a network's enquiries and messages
 * together) and against a daily limit per enquiry (429). A message id sent
 * again stores nothing new and answers the same. One that trips the form's
 * spam checks (its hidden field, a fill too fast) is kept with the reason,
 * and nothing reacts to it. Answers the page's view with the message in it.
 */
export async function writeVisitorMessage(
  deps: VisitorMessageDeps,
  clientAddress: string,
  request: VisitorMessageRequest,
): Promise<VisitorEnquiryView> {
  const enquiry = await openByLink(deps, clientAddress, request.link);
  const postIndex = enquiry.POST_INDEX;
  const now = deps.clock.now();
  const claimId = claimKey(postIndex, request.message_id);
  const [earlier, sends, onEnquiry] = await Promise.allSettled([
    deps.submissions.find(claimId),
    countSend(deps, clientAddress, now),
    deps.throttle.hit(perEnquiryKey(postIndex), DAY_SECONDS, now),
  ]);
  if (earlier.status === 'rejected' || earlier.value !== undefined) await uncount(deps, clientAddress, postIndex, now);
  if (earlier.status === 'rejected') throw earlier.reason;
  let claimedAt = earlier.value?.claimedAt;
  if (claimedAt === undefined) {
    if (sends.status === 'rejected') throw sends.reason;
    if (onEnquiry.status === 'rejected') throw onEnquiry.reason;
    refuseOverLimits(deps, sends.value);
    if (onEnquiry.value > VISITOR_MESSAGES_PER_ENQUIRY_PER_DAY) {
      throw new ApiError(
        'rate_limited',
        'Too many messages on this enquiry today. Please call us, or write again tomorrow.',
        undefined,
        { 'Retry-After': String(60 * 60) },
      );
    }
    // Two tries of one message at once: the second finds the first's claim, and writes the same key.
    const claimed = await deps.submissions.claim(
      claimId,
      { postIndex, claimedAt: now },
      Math.floor(now / 1000) + MESSAGE_MEMORY_SECONDS,
    );
    claimedAt = claimed ? now : ((await deps.submissions.find(claimId))?.claimedAt ?? now);
  }
  const reason = spamReason(request);
  const { added } = await storeVisitorMessage(deps, {
    postIndex,
    at: messageKey(claimedAt, request.message_id),
    text: request.text,
    channel: 'page',
    ...(reason ? { spamReason: reason } : {}),
  });
  if (added) {
    // A message is activity: the retention period counts from it.
    await deps.enquiries.touch(postIndex, new Date(now).toISOString());
    deps.log.info('visitor message stored', { postIndex, suspected: reason !== undefined });
  }
  // The enquiry reacts (its state, the owner's unread mark and notice), once per message whatever the retries: also on a
  // resend of a message stored before a failure here, which `visitorWrote` finds handled or not by the message's time.
  if (!reason) {
    const eventAt = messageKey(claimedAt, request.message_id);
    await visitorWrote(deps, { postIndex, at: claimedAt, channel: 'page', preview: request.text, eventAt });
    await queueMessageTranslation(deps, postIndex, eventAt, request.text);
  }
  return visitorView((await deps.enquiries.get(postIndex)) ?? enquiry, await deps.events.list(postIndex));
}
