/**
 * Answers that come close together make one notice. The owner's notice of a
 * visitor's message is queued, as ever, one per message (notice-ids.ts), so
 * no message is without one; but it waits NOTICE_GATHER_SECONDS before it
 * goes (the mail retry job sends it, every minute), and the worker that
 * holds its send gathers into it the enquiry's later messages whose own
 * notices have not gone nor been tried: each of those is moved, conditional
 * on the state it was read in, to `skipped` with `gatheredInto` naming this
 * one, and the notice lists them all, oldest first, each with its time, its
 * first words, their translation and its attachments by name.
 *
 * Gathering happens only once the notice's send is claimed (mail-sending.ts),
 * so a notice that gathers others is one that goes; a notice gathered into
 * another is never sent by itself, and a retry of that other (SES refused it)
 * lists it again. Nothing here can lose a message's notice: a message whose
 * notice cannot be read or moved is left out and its notice goes by itself;
 * a thread that cannot be read, or that no longer holds the notice's own
 * message (a merge or a split moved it), leaves the notice as it was
 * composed, from the enquiry's latest message.
 */
import { eventInstant } from '../../../shared/work/enquiry-work';
import type { TranslationView } from '../../../shared/translation/staff-translation';
import type { AppDeps } from '../../deps';
import type { Settings } from '../../platform/config';
import type { StoredEnquiry } from '../../enquiries/ports';
import type { EnquiryEvent, EventStore } from '../../work/ports';
import { toTranslationView } from '../../translation/staff/staff-translations';
import { messageSource } from '../../translation/translation-queue';
import { type MoveDeps, move } from '../outbox/outbox-moves';
import type { Mail, OutboxMail } from '../ports';
import { noticedMessageAt, visitorNoticeId } from './notice-ids';
import { type NoticedMessage, composeVisitorNotice } from './visitor-notice-mail';

export type GatherSettings = Pick<Settings, 'NOTICE_GATHER_SECONDS' | 'NOTICE_TRANSLATION_WAIT_SECONDS'>;

/** The most messages one notice tells of; later ones go in a notice of their own (which gathers in turn). */
export const NOTICE_MESSAGES_MAX = 10;

export const noticeGatherMs = (settings: Pick<Settings, 'NOTICE_GATHER_SECONDS'>) =>
  settings.NOTICE_GATHER_SECONDS * 1000;

export type GatherDeps = MoveDeps &
  Partial<Pick<AppDeps, 'events' | 'translations'>> & { settings: GatherSettings & Pick<Settings, 'SITE_URL'> };

const instantOf = (event: EnquiryEvent) => Date.parse(eventInstant(event.at));

/** Whether a later message's notice is (or is now) gathered into `notice`; any failure leaves it to go by itself. */
async function joins(deps: GatherDeps, notice: OutboxMail, message: EnquiryEvent): Promise<boolean> {
  const mailId = visitorNoticeId(notice.postIndex, instantOf(message));
  if (mailId === notice.mailId) return true;
  try {
    const other = await deps.outbox.get(mailId);
    if (!other) return false;
    if (other.gatheredInto === notice.mailId) return true;
    if (other.status !== 'pending' || other.attempts > 0 || other.gatheredInto !== undefined) return false;
    if (await move(deps, other, { status: 'skipped', attempts: 0, gatheredInto: notice.mailId })) return true;
    // Moved meanwhile: by another worker sending this same notice (then it is ours too), or sent by itself.
    return (await deps.outbox.get(mailId))?.gatheredInto === notice.mailId;
  } catch (error) {
    deps.log.warn('a message is left to its own notice: it could not be gathered', {
      postIndex: notice.postIndex,
      errorName: error instanceof Error ? error.name : typeof error,
    });
    return false;
  }
}

/**
 * The visitor's messages a notice whose send is claimed tells of: its own and
 * the later ones gathered into it, oldest first; `undefined` when the thread
 * cannot tell (unreadable, or its own message is not in it).
 */
export async function gatheredMessages(
  deps: GatherDeps,
  events: EventStore,
  notice: OutboxMail,
): Promise<EnquiryEvent[] | undefined> {
  const own = noticedMessageAt(notice.mailId);
  if (own === undefined) return undefined;
  let thread: EnquiryEvent[];
  try {
    thread = await events.list(notice.postIndex);
  } catch (error) {
    deps.log.warn('notice goes with its own message only: the thread could not be read', {
      postIndex: notice.postIndex,
      errorName: error instanceof Error ? error.name : typeof error,
    });
    return undefined;
  }
  const candidates = thread
    .filter((event) => event.type === 'visitorMessage' && !event.spamReason && instantOf(event) >= own)
    .slice(0, NOTICE_MESSAGES_MAX);
  if (!candidates.some((event) => instantOf(event) === own)) return undefined;
  const joined = await Promise.all(candidates.map((event) => joins(deps, notice, event)));
  return candidates.filter((_event, index) => joined[index]);
}

/** The enquiry's translations by original; a notice goes without them rather than not at all. */
async function translationsOf(deps: GatherDeps, postIndex: number): Promise<Map<string, TranslationView>> {
  try {
    const jobs = (await deps.translations?.ofEnquiry(postIndex)) ?? [];
    return new Map(jobs.map((job) => [job.source, toTranslationView(job)]));
  } catch (error) {
    deps.log.warn('notice goes without its translations: they could not be read', {
      postIndex,
      errorName: error instanceof Error ? error.name : typeof error,
    });
    return new Map();
  }
}

/** A message of the thread as a notice tells of it. */
function noticedMessage(event: EnquiryEvent, translation: TranslationView | undefined): NoticedMessage {
  return {
    at: eventInstant(event.at),
    channel: event.channel ?? 'page',
    preview: event.text ?? '',
    attachments: event.visitor?.attachments ?? [],
    ...(translation ? { translation } : {}),
  };
}

/**
 * The owner's notice as it goes, once its send is claimed: the messages
 * gathered into it, or, when nothing can be gathered (gathering off, the
 * thread unreadable), the notice as composed from the enquiry. Never throws.
 */
export async function withGatheredMessages(
  deps: GatherDeps,
  notice: OutboxMail,
  enquiry: StoredEnquiry | undefined,
  composed: Mail,
): Promise<Mail> {
  const { events } = deps;
  if (notice.kind !== 'visitor' || noticeGatherMs(deps.settings) === 0 || !events || !enquiry) return composed;
  const messages = await gatheredMessages(deps, events, notice);
  if (!messages) return composed;
  const translations = await translationsOf(deps, notice.postIndex);
  const facts = {
    postIndex: notice.postIndex,
    section: enquiry.MEDICAL_SECTION,
    messages: messages.map((event) => noticedMessage(event, translations.get(messageSource(event.at)))),
  };
  return composeVisitorNotice(facts, composed.to, deps.settings.SITE_URL);
}
