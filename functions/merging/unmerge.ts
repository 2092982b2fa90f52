/**
 * Undoing a merge, within MERGE_UNDO_DAYS of it: the events that came from
 * the source go back to it (what the target received since stays with the
 * target), every part undoes what it did (tags, counts), the source returns
 * to its lists. In steps as the merge is, noted on the pointer: the target
 * stops naming it first, so a retry after a failure finishes the undo.
 */
import { undoUntil } from '../../shared/merging/merges';
import type { UnmergeRequest } from '../../shared/merging/merge-schema';
import { formatReference } from '../../shared/work/enquiry-work';
import { countInLists } from '../enquiries/enquiry-lists';
import type { StoredEnquiry } from '../enquiries/ports';
import { ApiError } from '../platform/http/errors';
import { moveEvent, moveEvents } from './event-moves';
import { asItWas, finishMerge, stepDone } from './merge';
import { changedMeanwhile, restoredChange } from './merge-rules';
import type { MergingDeps } from './merging-deps';

const refused = (message: string) => new ApiError('invalid_input', message, { index: message });

/** Marks the pointer as moving back and the target as no longer naming it, at the version staff read. */
async function startUndo(deps: MergingDeps, pointer: StoredEnquiry, target: StoredEnquiry, version: number) {
  if ((target.VERSION ?? 0) !== version) throw changedMeanwhile(target);
  const unmoving = await deps.enquiries.changeAtVersion(pointer.POST_INDEX, pointer.VERSION ?? 0, {
    set: { MERGE_STATE: 'unmoving' },
  });
  if (!unmoving) throw changedMeanwhile(pointer);
  const others = (target.MERGED_FROM ?? []).filter((index) => index !== pointer.POST_INDEX);
  const unmarked = await deps.enquiries.changeAtVersion(target.POST_INDEX, version, {
    set: { UPDATED_AT: new Date(deps.clock.now()).toISOString(), ...(others.length ? { MERGED_FROM: others } : {}) },
    ...(others.length ? {} : { remove: ['MERGED_FROM'] as const }),
  });
  if (!unmarked) {
    await deps.enquiries.changeAtVersion(pointer.POST_INDEX, unmoving.VERSION ?? 0, { set: { MERGE_STATE: 'moved' } });
    throw changedMeanwhile(target);
  }
  return { pointer: unmoving, target: unmarked };
}

/** Undoes the merge of the enquiry `sourceIndex`; the enquiry brought back, as it is now. */
export async function unmergeEnquiry(
  deps: MergingDeps,
  actor: string,
  sourceIndex: number,
  request: UnmergeRequest,
): Promise<StoredEnquiry> {
  let pointer = await deps.enquiries.get(sourceIndex);
  if (!pointer) throw new ApiError('not_found', `There is no enquiry ${sourceIndex}.`);
  if (pointer.MERGED_INTO === undefined || pointer.MERGED_AT === undefined)
    throw refused(`${formatReference(sourceIndex)} is not merged into another enquiry.`);
  let target = await deps.enquiries.get(pointer.MERGED_INTO);
  if (!target) throw new ApiError('not_found', `The enquiry ${pointer.MERGED_INTO} it was merged into is gone.`);
  if (pointer.MERGE_STATE !== 'unmoving' && new Date(deps.clock.now()).toISOString() > undoUntil(pointer.MERGED_AT))
    throw refused(`The merge of ${formatReference(sourceIndex)} can be undone for 30 days; that time has passed.`);
  // A merge that failed midway is finished first, so everything it moved is in one place.
  if (pointer.MERGE_STATE === 'moving') {
    target = await finishMerge(deps, pointer, target);
    pointer = (await deps.enquiries.get(sourceIndex)) ?? pointer;
  }
  if (pointer.MERGE_STATE === 'moved') ({ pointer, target } = await startUndo(deps, pointer, target, request.version));
  return finishUndo(deps, pointer, target, actor);
}

async function finishUndo(deps: MergingDeps, start: StoredEnquiry, target: StoredEnquiry, actor: string) {
  let pointer = start;
  const done = (step: string) => pointer.MERGE_STEPS?.includes(step) ?? false;
  const references = { from: formatReference(pointer.POST_INDEX), to: formatReference(target.POST_INDEX) };
  if (!done('unmoved')) {
    const came = (await deps.events.list(target.POST_INDEX)).filter((e) => e.mergedFrom === pointer.POST_INDEX);
    await moveEvents(deps, target, pointer, came, ({ mergedFrom: _from, ...event }) => event);
    pointer = await stepDone(deps, pointer, 'unmoved');
  }
  if (!done('unparts')) {
    const source = asItWas(pointer);
    for (const part of deps.enquiryParts)
      await part.unmerged?.(deps, { source, target, actor, memo: pointer.MERGE_MEMO?.[part.name] });
    pointer = await stepDone(deps, pointer, 'unparts');
  }
  if (!done('uncounted')) {
    await countInLists(deps.counters, asItWas(pointer), 'returns');
    pointer = await stepDone(deps, pointer, 'uncounted');
  }
  const at = new Date(deps.clock.now()).toISOString();
  const restored = await deps.enquiries.changeAtVersion(
    pointer.POST_INDEX,
    pointer.VERSION ?? 0,
    restoredChange(pointer, at),
  );
  if (!restored) throw new ApiError('conflict', 'This merge is being undone by another request; read it again.');
  for (const postIndex of [pointer.POST_INDEX, target.POST_INDEX])
    await deps.events.add(moveEvent(deps, postIndex, 'unmerge', actor, references));
  return restored;
}
