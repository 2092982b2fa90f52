/**
 * Merging duplicate enquiries: the Lambda function of each route, declared
 * once beside its handler (functions/platform/declarations.ts). The route's
 * method, path, access, roles and resources are the wire contract's, in
 * shared/merging/merging-routes.ts.
 */
import { declareRoute } from '../platform/declarations';
import { counters, enquiries } from '../enquiries/adapters/stores';
import { events } from '../work/adapters/stores';
import { staffAuthStores } from '../accounts/adapters/stores';
import { type AnyEnquiryPart, MERGE_PARTS, type MergePartsTables, partTables } from '../enquiry-parts';
import type { BaseDeps } from '../platform/deps';
import type { Settings } from '../platform/config';
import { mergeLazy } from '../platform/wiring/lazy';
import { dynamoStores, withStores } from '../platform/wiring/dynamodb-stores';
import { makeRelatedEnquiriesHandler } from './related-handler';
import { makeMergeEnquiryHandler, makeSplitMessageHandler, makeUnmergeEnquiryHandler } from './merge-handlers';

export const relatedEnquiriesRoute = /* @__PURE__ */ declareRoute({
  name: 'relatedEnquiries',
  sizing: { memoryMiB: 512, timeoutSeconds: 10 },
  makeHandler: makeRelatedEnquiriesHandler,
  wire: withStores({ ...staffAuthStores, enquiries }),
});

/** A merge's functions: the enquiries, their counters and histories, and the stores of the parts that follow a merge. */
function mergeStores<Base extends BaseDeps>(settings: Partial<Settings>, base: Base) {
  return mergeLazy(
    { ...base, enquiryParts: MERGE_PARTS as readonly AnyEnquiryPart[] },
    dynamoStores(settings, {}, base.clock, {
      ...staffAuthStores,
      ...partTables<MergePartsTables>(MERGE_PARTS),
      enquiries,
      counters,
      events,
    }),
  );
}

// A merge moves a whole history, and the parts follow: more time than a one-item change.
const MERGE_SIZING = { memoryMiB: 512, timeoutSeconds: 29 };

export const mergeEnquiryRoute = /* @__PURE__ */ declareRoute({
  name: 'mergeEnquiry',
  sizing: MERGE_SIZING,
  makeHandler: makeMergeEnquiryHandler,
  wire: mergeStores,
});

export const unmergeEnquiryRoute = /* @__PURE__ */ declareRoute({
  name: 'unmergeEnquiry',
  sizing: MERGE_SIZING,
  makeHandler: makeUnmergeEnquiryHandler,
  wire: mergeStores,
});

export const splitMessageRoute = /* @__PURE__ */ declareRoute({
  name: 'splitMessage',
  sizing: MERGE_SIZING,
  makeHandler: makeSplitMessageHandler,
  wire: mergeStores,
});
