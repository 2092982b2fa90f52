/**
 * Tags on an enquiry: staff add and take off short free labels. The
 * enquiry's own list is the truth (the detail, the message box and the CSV
 * read it); the tag index follows it, so one tag's enquiries page and count
 * like every other list. A change is recorded in the history; two staff
 * tagging one enquiry at once both keep their tags.
 */
import type { EnquiryRecord } from '../../shared/enquiries/enquiry';
import { TAGS_IN_USE_MAX, TAGS_PER_ENQUIRY_MAX, type TagInUse, inUseSpelling, sameTag } from '../../shared/tags/tags';
import type { TagsChangeRequest } from '../../shared/tags/tags-schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../platform/http/errors';
import type { StoredEnquiry } from '../enquiries/ports';
import { toRecord } from '../enquiries/enquiry-record';
import { eventKey, workableEnquiry } from '../work/enquiry-work';

export type TagDeps = Pick<AppDeps, 'enquiries' | 'tagIndex' | 'events' | 'clock'>;

/** Reads again after someone else changed the tags first; more than this many in a row is not a race but a fault. */
const ATTEMPTS = 5;

/** The tags after the change: the removed ones taken off, the added ones put on after the others, each tag once. */
function nextTags(before: readonly string[], request: TagsChangeRequest, inUse: readonly TagInUse[]): string[] {
  const next = before.filter((tag) => !(request.remove ?? []).some((removed) => sameTag(removed, tag)));
  for (const added of request.add ?? []) {
    if (!next.some((tag) => sameTag(tag, added))) next.push(inUseSpelling(added, inUse));
  }
  if (next.length > TAGS_PER_ENQUIRY_MAX && next.length > before.length) {
    throw new ApiError('invalid_input', `An enquiry carries at most ${TAGS_PER_ENQUIRY_MAX} tags.`, {
      add: `At most ${TAGS_PER_ENQUIRY_MAX} tags on one enquiry`,
    });
  }
  const newTags = next.filter((tag) => !inUse.some((used) => used.tag === tag));
  if (newTags.length && inUse.length + newTags.length > TAGS_IN_USE_MAX) {
    throw new ApiError('invalid_input', `There are ${TAGS_IN_USE_MAX} different tags in use already.`, {
      add: 'One of the tags in use',
    });
  }
  return next;
}

const differs = (a: readonly string[], b: readonly string[]) =>
  a.length !== b.length || a.some((tag, i) => tag !== b[i]);

/**
 * Files the enquiry under the tags it carries and out of those it does not,
 * of the ones named. Each step is idempotent, so sending a change again
 * mends an index a failure left behind.
 */
async function followInIndex(
  deps: Pick<AppDeps, 'tagIndex'>,
  postIndex: number,
  carried: readonly string[],
  dropped: readonly string[],
): Promise<void> {
  await Promise.all([
    ...carried.map((tag) => deps.tagIndex.link(tag, postIndex)),
    ...dropped.map((tag) => deps.tagIndex.unlink(tag, postIndex)),
  ]);
}

/** Adds and removes tags on an enquiry; the record as it is now. */
export async function changeTags(deps: TagDeps, actor: string, request: TagsChangeRequest): Promise<EnquiryRecord> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const enquiry = await workableEnquiry(deps, request.index);
    const inUse = await deps.tagIndex.inUse();
    const before = enquiry.TAGS ?? [];
    const next = nextTags(before, request, inUse);
    const named = (tags: readonly string[]) =>
      tags.filter((tag) => [...(request.add ?? []), ...(request.remove ?? [])].some((name) => sameTag(name, tag)));
    if (!differs(before, next)) {
      await followInIndex(
        deps,
        enquiry.POST_INDEX,
        named(next),
        named(inUse.map(({ tag }) => tag)).filter((tag) => !next.includes(tag)),
      );
      return toRecord(enquiry);
    }
    const now = deps.clock.now();
    const updated = await deps.enquiries.changeTags(
      enquiry.POST_INDEX,
      enquiry.TAGS_REVISION ?? 0,
      next,
      new Date(now).toISOString(),
    );
    if (!updated) continue;
    await followInIndex(
      deps,
      enquiry.POST_INDEX,
      next.filter((tag) => !before.includes(tag)),
      before.filter((tag) => !next.includes(tag)),
    );
    await deps.events.add({
      postIndex: enquiry.POST_INDEX,
      at: eventKey(now),
      type: 'tags',
      actor,
      from: before.join(', '),
      to: next.join(', '),
    });
    return toRecord(updated);
  }
  throw new ApiError('conflict', 'The tags of this enquiry keep changing; try again.');
}

/** The tags in use, the most used first (then by name), for the message box's filter and the tag input's suggestions. */
export async function tagsInUse(deps: Pick<AppDeps, 'tagIndex'>): Promise<TagInUse[]> {
  return (await deps.tagIndex.inUse()).sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag));
}

/** Takes a removed enquiry out of its tags (retention, erasure). */
export async function untagRemoved(
  deps: Pick<AppDeps, 'tagIndex'>,
  enquiry: Pick<StoredEnquiry, 'POST_INDEX' | 'TAGS'>,
): Promise<void> {
  await followInIndex(deps, enquiry.POST_INDEX, [], enquiry.TAGS ?? []);
}

/** Files an enquiry back under the tags it carries (a merge undone: it left the index when it was merged away). */
export async function retagRestored(
  deps: Pick<AppDeps, 'tagIndex'>,
  enquiry: Pick<StoredEnquiry, 'POST_INDEX' | 'TAGS'>,
): Promise<void> {
  await followInIndex(deps, enquiry.POST_INDEX, enquiry.TAGS ?? [], []);
}
