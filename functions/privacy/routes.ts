/**
 * Privacy operations: retention, legal holds, a visitor's data found, handed
 * over and erased, and the access log: the Lambda function of each route,
 * declared once beside its handler (functions/platform/declarations.ts). The route's
 * method, path, access, roles and resources are the wire contract's, in
 * shared/routes.ts.
 */
import { scheduledJobUses } from '../../shared/resources';
import { backgroundHandler, declareBackground, declareRoute } from '../platform/declarations';
import { runRetention } from './erasure';
import { counters, enquiries } from '../enquiries/adapters/stores';
import {
  ALL_PARTS,
  type AnyEnquiryPart,
  SUBJECT_PARTS,
  type SubjectPartsTables,
  partBuckets,
  partTables,
} from '../enquiry-parts';
import type { BaseDeps } from '../platform/deps';
import type { Settings } from '../platform/config';
import { type StoreMakers, dynamoStores, withStores } from '../platform/wiring/dynamodb-stores';
import { erasures } from './adapters/stores';
import { events } from '../work/adapters/stores';
import { keptMail, inbound } from '../conversation/adapters/stores';
import { staffAuthStores } from '../accounts/adapters/stores';
import { mergeLazy } from '../platform/wiring/lazy';
import { s3Stores } from '../platform/wiring/s3-stores';
import { exports } from '../exports/adapters/stores';
import {
  makeAccessLogHandler,
  makeAccessLogCsvHandler,
  makeRetentionHandler,
  makeHoldHandler,
  makeSubjectHandler,
  makeSubjectExportHandler,
  makeSubjectEraseHandler,
} from './privacy-handler';

/**
 * What an erasure is wired with: the enquiry core's stores, every part's
 * (enquiry-parts.ts), the tombstones, the export files and the mail kept
 * apart; each made on first use.
 */
function erasureStores<Base extends BaseDeps, Extra extends object>(
  settings: Partial<Settings>,
  base: Base,
  extra: StoreMakers<Extra>,
) {
  return mergeLazy(
    { ...base, enquiryParts: ALL_PARTS },
    dynamoStores(settings, {}, base.clock, {
      ...extra,
      ...partTables(ALL_PARTS),
      enquiries,
      events,
      counters,
      erasures,
      keptMail,
    }),
    s3Stores(settings, {}, { ...partBuckets(ALL_PARTS), exports, inbound }),
  );
}

/** What the right of access is wired with: the staff check's stores, the enquiry core's reading, the parts that hand something over, the mail kept apart. */
function subjectStores<Base extends BaseDeps>(settings: Partial<Settings>, base: Base) {
  return mergeLazy(
    { ...base, enquiryParts: SUBJECT_PARTS as readonly AnyEnquiryPart[] },
    dynamoStores(settings, {}, base.clock, {
      ...staffAuthStores,
      ...partTables<SubjectPartsTables>(SUBJECT_PARTS),
      enquiries,
      events,
      keptMail,
    }),
  );
}

// A month of access-log days, one query each.
export const accessLogRoute = /* @__PURE__ */ declareRoute({
  name: 'accessLog',
  sizing: { memoryMiB: 512, timeoutSeconds: 20 },
  makeHandler: makeAccessLogHandler,
  wire: withStores(staffAuthStores),
});

export const accessLogCsvRoute = /* @__PURE__ */ declareRoute({
  name: 'accessLogCsv',
  sizing: { memoryMiB: 1024, timeoutSeconds: 29 },
  makeHandler: makeAccessLogCsvHandler,
  wire: withStores(staffAuthStores),
});

export const retentionDueRoute = /* @__PURE__ */ declareRoute({
  name: 'retentionDue',
  sizing: { memoryMiB: 512, timeoutSeconds: 10 },
  makeHandler: makeRetentionHandler,
  wire: withStores({ ...staffAuthStores, enquiries }),
});

export const holdRoute = /* @__PURE__ */ declareRoute({
  name: 'hold',
  sizing: { memoryMiB: 512, timeoutSeconds: 10 },
  makeHandler: makeHoldHandler,
  wire: withStores({ ...staffAuthStores, enquiries }),
});

export const subjectRoute = /* @__PURE__ */ declareRoute({
  name: 'subject',
  sizing: { memoryMiB: 512, timeoutSeconds: 15 },
  makeHandler: makeSubjectHandler,
  wire: subjectStores,
});

export const subjectExportRoute = /* @__PURE__ */ declareRoute({
  name: 'subjectExport',
  sizing: { memoryMiB: 512, timeoutSeconds: 15 },
  makeHandler: makeSubjectExportHandler,
  wire: subjectStores,
});

// Removes each enquiry with its history and mails, the mail kept apart from the address or about the enquiries, and the export files.
export const subjectEraseRoute = /* @__PURE__ */ declareRoute({
  name: 'subjectErase',
  sizing: { memoryMiB: 512, timeoutSeconds: 29 },
  makeHandler: makeSubjectEraseHandler,
  wire: (settings, base) => erasureStores(settings, base, staffAuthStores),
});

/** Scheduled (EventBridge, daily): removes enquiries past the retention period (shared/privacy/retention.ts), held ones kept. */
export const retentionJob = /* @__PURE__ */ declareBackground(
  'retention',
  { memoryMiB: 512, timeoutSeconds: 120 },
  () =>
    backgroundHandler(scheduledJobUses('retention'), (settings, base) => {
      const deps = erasureStores(settings, base, {});
      return async () => {
        const outcome = await runRetention(deps);
        deps.log.info('retention run', outcome);
        return outcome;
      };
    }),
);
