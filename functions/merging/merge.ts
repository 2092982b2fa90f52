/**
 * Merging one enquiry (the source) into another (the target). Without a
 * transaction (DynamoDB Local has none) and so in steps, each done once and
 * noted on the source: both are marked at the versions staff read (the
 * source becomes a pointer, out of every list; the target names it), the
 * source's lists count it no more, its history moves into the target's in
 * time order (each event marked with where it came from, for the undo), then
 * every feature's part follows (its tags, the dashboard's counts). A retry of
 * a merge that failed midway finishes it.
 */
import type { MergeRequest } from '../../shared/merging/merge-schema';
import { formatReference } from '../../shared/work/enquiry-work';
import { countInLists } from '../enquiries/enquiry-lists';
import type { StoredEnquiry } from '../enquiries/ports';
import { ApiError } from '../platform/http/errors';
import { moveEvent, moveEvents } from './event-moves';
import { changedMeanwhile, checkMergeable, pointerChange, restoredChange } from './merge-rules';
import type { MergingDeps } from './merging-deps';

async function found(deps: Pick<MergingDeps, 'enquiries'>, postIndex: number, field: string): Promise<StoredEnquiry> {
  const enquiry = await deps.enquiries.get(postIndex);
  if (!enquiry)
    throw new ApiError('not_found', `There is no enquiry ${postIndex}.`, { [field]: 'An enquiry that exists' });
  return enquiry;
}

/** Notes a step of the merge (or its undo) as done on the pointer; the pointer as it is now. */
export async function stepDone(
  deps: MergingDeps,
  pointer: StoredEnquiry,
  step: string,
  memo?: Record<string, unknown>,
) {
  const noted = await deps.enquiries.changeAtVersion(pointer.POST_INDEX, pointer.VERSION ?? 0, {
    set: { MERGE_STEPS: [...(pointer.MERGE_STEPS ?? []), step], ...(memo ? { MERGE_MEMO: memo } : {}) },
  });
  if (!noted) throw new ApiError('conflict', 'This merge is being finished by another request; read it again.');
  return noted;
}

/** The pointer as the enquiry it was: its lists as they were (for its counts and the parts' hooks). */
export const asItWas = (pointer: StoredEnquiry): StoredEnquiry => ({
  ...pointer,
  ...restoredChange(pointer, pointer.UPDATED_AT).set,
});

/** The steps after both are marked: counts, history, parts; each once. */
export async function finishMerge(
  deps: MergingDeps,
  start: StoredEnquiry,
  target: StoredEnquiry,
): Promise<StoredEnquiry> {
  let pointer = start;
  const actor = pointer.MERGED_BY ?? '';
  const done = (step: string) => pointer.MERGE_STEPS?.includes(step) ?? false;
  const references = { from: formatReference(pointer.POST_INDEX), to: formatReference(target.POST_INDEX) };
  if (!done('counted')) {
    await countInLists(deps.counters, asItWas(pointer), 'leaves');
    pointer = await stepDone(deps, pointer, 'counted');
  }
  if (!done('moved')) {
    const history = await deps.events.list(pointer.POST_INDEX);
    await moveEvents(deps, pointer, target, history, (event) => ({ ...event, mergedFrom: pointer.POST_INDEX }));
    // The source's own words (its form's message) read in the target's history at the merge, and go back with an undo.
    const at = `${pointer.MERGED_AT}#merge`;
    await deps.events.addOnce({
      ...moveEvent(deps, target.POST_INDEX, 'merge', actor, references),
      at,
      mergedFrom: pointer.POST_INDEX,
      ...(pointer.CONTEXT ? { text: pointer.CONTEXT } : {}),
    });
    await deps.events.addOnce({ ...moveEvent(deps, pointer.POST_INDEX, 'merge', actor, references), at });
    pointer = await stepDone(deps, pointer, 'moved');
  }
  if (!done('parts')) {
    const memo: Record<string, unknown> = {};
    const merge = { source: asItWas(pointer), target, actor };
    for (const part of deps.enquiryParts) {
      const noted = await part.merged?.(deps, merge);
      if (noted !== undefined) memo[part.name] = noted;
    }
    pointer = await stepDone(deps, pointer, 'parts', memo);
  }
  const finished = await deps.enquiries.changeAtVersion(pointer.POST_INDEX, pointer.VERSION ?? 0, {
    set: { MERGE_STATE: 'moved' },
  });
  if (!finished) throw new ApiError('conflict', 'This merge is being finished by another request; read it again.');
  return (await deps.enquiries.get(target.POST_INDEX)) ?? target;
}

/** Merges the enquiry `sourceIndex` into `request.into`, each at the version staff read; the target as it is now. */
export async function mergeEnquiry(
  deps: MergingDeps,
  actor: string,
  sourceIndex: number,
  request: MergeRequest,
): Promise<StoredEnquiry> {
  const [source, target] = await Promise.all([found(deps, sourceIndex, 'index'), found(deps, request.into, 'into')]);
  // A retry of a merge that failed midway finishes it; one whose answer was lost answers the same.
  if (source.MERGED_INTO === target.POST_INDEX && source.MERGE_STATE === 'moving')
    return finishMerge(deps, source, target);
  if (source.MERGED_INTO === target.POST_INDEX && source.MERGE_STATE === 'moved') return target;
  checkMergeable(source, target);
  if ((source.VERSION ?? 0) !== request.version) throw changedMeanwhile(source);
  if ((target.VERSION ?? 0) !== request.intoVersion) throw changedMeanwhile(target);
  const at = new Date(deps.clock.now()).toISOString();
  const pointer = await deps.enquiries.changeAtVersion(sourceIndex, request.version, pointerChange(target, actor, at));
  if (!pointer) throw changedMeanwhile(source);
  const marked = await deps.enquiries.changeAtVersion(target.POST_INDEX, request.intoVersion, {
    set: { MERGED_FROM: [...(target.MERGED_FROM ?? []), sourceIndex], UPDATED_AT: at },
  });
  if (!marked) {
    // Someone changed the target meanwhile: the source goes back as it was, nothing else has moved yet.
    await deps.enquiries.changeAtVersion(sourceIndex, pointer.VERSION ?? 0, restoredChange(pointer, source.UPDATED_AT));
    throw changedMeanwhile(target);
  }
  return finishMerge(deps, pointer, marked);
}
