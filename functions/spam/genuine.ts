/**
 * Marking a suspected-spam enquiry genuine. It leaves the suspected-spam list
 * and joins the message box as a new enquiry received now: numbered at the
 * top of its lists (a list stays in the order of arrival, which its date
 * ranges rely on), counted in its work lists and on the dashboard, its text
 * queued for translation, and its mails sent as a new enquiry's are (the
 * staff notice and the visitor's acknowledgement, which it never had). Its
 * history says who marked it, when it first came and why it was held. A
 * retry after a failure (or after an answer lost on the way) finishes what
 * is left, and marks nothing twice.
 */
import type { GenuineRequest } from '../../shared/spam/spam-schema';
import { formatKoreaDateTime } from '../../shared/korea-time';
import { formatReference } from '../../shared/work/enquiry-work';
import {
  countCounter,
  countInLists,
  listName,
  removedCounter,
  sectionListName,
  sequenceCounter,
  workListKeys,
} from '../enquiries/enquiry-lists';
import type { StoredEnquiry } from '../enquiries/ports';
import { afterFiled, mailIfNotYet } from '../intake/resubmission';
import { ApiError } from '../platform/http/errors';
import type { EnquiryEvent } from '../work/ports';
import type { SpamDeps } from './spam-deps';

const changedMeanwhile = () => new ApiError('conflict', 'This enquiry was changed meanwhile; read it again.');

/** How many enquiries the suspected-spam list holds now: its last number less those that left it (removed, marked genuine). */
export async function spamWaiting(deps: Pick<SpamDeps, 'counters'>): Promise<number> {
  const list = listName(true);
  const [highest, left] = await Promise.all([
    deps.counters.read(sequenceCounter(list)),
    deps.counters.read(removedCounter(list)),
  ]);
  return Math.max(0, highest - left);
}

/** The history line of the mark, keyed by its time: every try of it writes the same line once. */
function genuineEvent(enquiry: StoredEnquiry): EnquiryEvent {
  return {
    postIndex: enquiry.POST_INDEX,
    at: `${enquiry.MARKED_GENUINE_AT ?? enquiry.RECEIVED_AT}#genuine`,
    type: 'genuine',
    actor: enquiry.MARKED_GENUINE_BY ?? '',
    ...(enquiry.SPAM_RECEIVED_AT ? { from: enquiry.SPAM_RECEIVED_AT } : {}),
    ...(enquiry.SPAM_REASON ? { spamReason: enquiry.SPAM_REASON } : {}),
  };
}

/** Moves the enquiry out of the suspected-spam list into the message box, at the version staff read. */
async function moveIntoMessageBox(deps: SpamDeps, actor: string, enquiry: StoredEnquiry, version: number) {
  const now = deps.clock.now();
  const at = new Date(now).toISOString();
  const list = listName(false);
  const sectionList = sectionListName(false, enquiry.MEDICAL_SECTION);
  const [LIST_SEQ, SECTION_SEQ] = await Promise.all([
    deps.counters.increment(sequenceCounter(list)),
    deps.counters.increment(sequenceCounter(sectionList)),
  ]);
  const moved = await deps.enquiries.changeAtVersion(enquiry.POST_INDEX, version, {
    set: {
      SPAM: false,
      LIST: list,
      SECTION_LIST: sectionList,
      LIST_SEQ,
      SECTION_SEQ,
      STATUS: 'new',
      ...workListKeys('new', enquiry.OWNER),
      MAIL_STATUS: 'pending',
      MAIL_ATTEMPTS: 0,
      RECEIVED_AT: at,
      DATE: formatKoreaDateTime(now),
      UPDATED_AT: at,
      SPAM_RECEIVED_AT: enquiry.RECEIVED_AT,
      MARKED_GENUINE_AT: at,
      MARKED_GENUINE_BY: actor,
    },
  });
  if (!moved) {
    // The two numbers drawn stand for no enquiry: counted as gone, so the message box's totals stay right.
    await countInLists(deps.counters, { LIST: list, SECTION_LIST: sectionList }, 'leaves');
    throw changedMeanwhile();
  }
  // Not a transaction: a failure from here leaves a count one off, and the retry finishes the rest.
  await Promise.all([
    countInLists(deps.counters, enquiry, 'leaves'),
    ...[moved.STATUS_LIST, moved.OWNER_LIST, moved.STATUS_OWNER]
      .filter((key): key is string => key !== undefined)
      .map((key) => deps.counters.increment(countCounter(key))),
  ]);
  return moved;
}

/** Marks the suspected-spam enquiry `index` genuine; the enquiry as it is now, in the message box. */
export async function markGenuine(
  deps: SpamDeps,
  actor: string,
  index: number,
  request: GenuineRequest,
): Promise<StoredEnquiry> {
  const enquiry = await deps.enquiries.get(index);
  if (!enquiry) throw new ApiError('not_found', `There is no enquiry ${index}.`);
  if (!enquiry.SPAM) {
    if (enquiry.MARKED_GENUINE_AT === undefined)
      throw new ApiError('invalid_input', `${formatReference(index)} is not suspected spam.`, {
        index: 'A suspected-spam enquiry',
      });
    // Marked already (a retry, or a second staff member at once): what an earlier try left is finished.
    await deps.events.addOnce(genuineEvent(enquiry));
    await mailIfNotYet(deps, enquiry);
    return (await deps.enquiries.get(index)) ?? enquiry;
  }
  if ((enquiry.VERSION ?? 0) !== request.version) throw changedMeanwhile();
  const marked = await moveIntoMessageBox(deps, actor, enquiry, request.version);
  await deps.events.addOnce(genuineEvent(marked));
  deps.log.info('suspected spam marked genuine', { postIndex: index });
  await afterFiled(deps, marked);
  return (await deps.enquiries.get(index)) ?? marked;
}
