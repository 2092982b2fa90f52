/**
 * Splitting one of the visitor's messages out of an enquiry into a new one
 * (a second question written as an answer): the new enquiry has the
 * visitor's contact details and the message's words, in its section's
 * lists as any new enquiry; the message (its attachments, its translation)
 * moves into the new enquiry's history; both histories say so. The split is
 * noted on the enquiry first (LAST_SPLIT), so a retry after a failure (or
 * after an answer lost on the way) finishes it, or answers with the same new
 * enquiry, instead of making a second.
 */
import type { SplitRequest } from '../../shared/merging/merge-schema';
import { formatKoreaDateTime } from '../../shared/korea-time';
import { formatReference } from '../../shared/work/enquiry-work';
import { POST_INDEX_COUNTER, listName, sectionListName, workListKeys } from '../enquiries/enquiry-lists';
import { notMergedAway } from '../enquiries/merged-enquiry';
import type { StoredEnquiry } from '../enquiries/ports';
import { store } from '../intake/new-enquiry';
import { ApiError } from '../platform/http/errors';
import type { EnquiryEvent } from '../work/ports';
import { moveEvent, moveEvents } from './event-moves';
import type { MergingDeps } from './merging-deps';

/** The new enquiry: the visitor as the first one knows them, the message as what it asks. */
function splitDraft(from: StoredEnquiry, postIndex: number, message: EnquiryEvent, now: number) {
  const at = new Date(now).toISOString();
  const draft: Omit<StoredEnquiry, 'LIST_SEQ' | 'SECTION_SEQ'> = {
    POST_INDEX: postIndex,
    NAME: from.NAME,
    CONTACT_NUMBER: from.CONTACT_NUMBER,
    EMAIL: from.EMAIL,
    ...(from.EMAIL_KEY ? { EMAIL_KEY: from.EMAIL_KEY } : {}),
    ...(from.PHONE_KEY ? { PHONE_KEY: from.PHONE_KEY } : {}),
    LANG_PREFERENCE: from.LANG_PREFERENCE,
    MEDICAL_SECTION: from.MEDICAL_SECTION,
    DETAIL_SECTION: from.DETAIL_SECTION,
    DATE: formatKoreaDateTime(now),
    REGISTRATION_DATE: '',
    REGISTRATION_END: '',
    HOTEL: '',
    NUMBER_PEOPLE: from.NUMBER_PEOPLE,
    ROOM: from.ROOM,
    DESTINATION: '',
    CONTEXT: message.text ?? '',
    RECEIVED_AT: at,
    SPAM: false,
    // No staff notice is mailed: staff made it.
    MAIL_STATUS: 'skipped',
    MAIL_ATTEMPTS: 0,
    CONSENT_VERSION: from.CONSENT_VERSION,
    CONSENT_AT: from.CONSENT_AT,
    CONSENT_HEALTH: from.CONSENT_HEALTH,
    LOCALE: from.LOCALE,
    ...(from.CONTACT_CHANNEL
      ? { CONTACT_CHANNEL: from.CONTACT_CHANNEL, CONTACT_ACCOUNT: from.CONTACT_ACCOUNT ?? '' }
      : {}),
    OWNER: '',
    VERSION: 0,
    UPDATED_AT: at,
    STATUS: 'new',
    ...workListKeys('new', ''),
    LIST: listName(false),
    SECTION_LIST: sectionListName(false, from.MEDICAL_SECTION),
    SPLIT_FROM: from.POST_INDEX,
  };
  return draft;
}

const noMessage = (at: string) =>
  new ApiError('not_found', `This enquiry has no visitor's message ${at}.`, {
    at: "A visitor's message of its history",
  });

/** Splits the message at `request.at` out of enquiry `index`; the new enquiry. */
export async function splitMessage(
  deps: MergingDeps,
  actor: string,
  index: number,
  request: SplitRequest,
): Promise<StoredEnquiry> {
  let from = await deps.enquiries.get(index);
  if (!from) throw new ApiError('not_found', `There is no enquiry ${index}.`);
  notMergedAway(from);
  if (from.SPAM)
    throw new ApiError('invalid_input', 'Suspected spam is kept apart and is not worked on.', { index: 'Not spam' });
  const [pendingIndex, pendingAt] = (from.LAST_SPLIT ?? '').split(' ');
  let newIndex = pendingAt === request.at ? Number(pendingIndex) : undefined;
  let message = (await deps.events.list(index)).find((event) => event.at === request.at);
  if (newIndex === undefined) {
    if (message?.type !== 'visitorMessage') throw noMessage(request.at);
    if ((from.VERSION ?? 0) !== request.version)
      throw new ApiError('conflict', 'This enquiry was changed meanwhile; read it again.');
    newIndex = await deps.counters.increment(POST_INDEX_COUNTER);
    const noted = await deps.enquiries.changeAtVersion(index, request.version, {
      set: { LAST_SPLIT: `${newIndex} ${request.at}`, UPDATED_AT: new Date(deps.clock.now()).toISOString() },
    });
    if (!noted) throw new ApiError('conflict', 'This enquiry was changed meanwhile; read it again.');
    from = noted;
  }
  const existing = await deps.enquiries.get(newIndex);
  // A retry after the message moved finds it in the new enquiry.
  message ??= (await deps.events.list(newIndex)).find((event) => event.at === request.at);
  if (!message) throw noMessage(request.at);
  const created = existing ?? (await store(deps, splitDraft(from, newIndex, message, deps.clock.now())));
  const to = created ?? (await deps.enquiries.get(newIndex));
  if (!to) throw new ApiError('conflict', 'The new enquiry could not be stored; try again.');
  if (!existing) await Promise.all(deps.enquiryParts.map((part) => part.split?.(deps, { from, to })));
  await moveEvents(deps, from, to, message.postIndex === index ? [message] : [], (event) => event);
  const references = { from: formatReference(index), to: formatReference(newIndex) };
  // Keyed by the new enquiry's time and number: a retry writes each line once.
  const at = `${to.RECEIVED_AT}#split${newIndex}`;
  for (const postIndex of [index, newIndex])
    await deps.events.addOnce({ ...moveEvent(deps, postIndex, 'split', actor, references), at });
  return (await deps.enquiries.get(newIndex)) ?? to;
}
