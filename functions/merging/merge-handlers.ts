/** `POST /api/enquiries/{index}/merge`, `/unmerge` and `/split` (shared/merging/merges.ts, merge-schema.ts). */
import { mergeSchema, splitSchema, unmergeSchema } from '../../shared/merging/merge-schema';
import type { MergeResult, SplitResult, UnmergeResult } from '../../shared/merging/merges';
import { type StaffAuthDeps, staffHandler } from '../accounts/staff-auth/staff';
import { enquiryIndexParam } from '../enquiries/enquiry-index-param';
import { toRecord } from '../enquiries/enquiry-record';
import { parseInput } from '../platform/http/errors';
import { jsonPayload } from '../platform/http/request';
import { json } from '../platform/http/response';
import { mergeEnquiry } from './merge';
import type { MergingDeps } from './merging-deps';
import { splitMessage } from './split';
import { unmergeEnquiry } from './unmerge';

/** Merges the path's enquiry into `into`; the access log names both (logged first: a merge never goes unrecorded). */
export function makeMergeEnquiryHandler(deps: StaffAuthDeps & MergingDeps) {
  return staffHandler(deps, async ({ request, audit, staff }) => {
    const index = enquiryIndexParam(request);
    const merge = parseInput(mergeSchema, jsonPayload(request));
    await audit('enquiry.merge', `${index}>${merge.into}`);
    const result: MergeResult = { record: toRecord(await mergeEnquiry(deps, staff.email, index, merge)) };
    return json(200, result);
  });
}

export function makeUnmergeEnquiryHandler(deps: StaffAuthDeps & MergingDeps) {
  return staffHandler(deps, async ({ request, audit, staff }) => {
    const index = enquiryIndexParam(request);
    const undo = parseInput(unmergeSchema, jsonPayload(request));
    await audit('enquiry.unmerge', String(index));
    const result: UnmergeResult = { record: toRecord(await unmergeEnquiry(deps, staff.email, index, undo)) };
    return json(200, result);
  });
}

export function makeSplitMessageHandler(deps: StaffAuthDeps & MergingDeps) {
  return staffHandler(deps, async ({ request, audit, staff }) => {
    const index = enquiryIndexParam(request);
    const split = parseInput(splitSchema, jsonPayload(request));
    await audit('enquiry.split', `${index}#${split.at}`);
    const result: SplitResult = { record: toRecord(await splitMessage(deps, staff.email, index, split)) };
    return json(201, result);
  });
}
