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
import { aggregates } from '../dashboard/adapters/stores';
import { counters, enquiries } from '../enquiries/adapters/stores';
import { dynamoStores, withStores } from '../platform/wiring/dynamodb-stores';
import { erasures } from './adapters/stores';
import { events } from '../work/adapters/stores';
import { keptMail } from '../conversation/adapters/stores';
import { outbox } from '../mail/adapters/stores';
import { staffAuthStores } from '../accounts/adapters/stores';
import { submissions } from '../intake/adapters/stores';
import { tagIndex } from '../tags/adapters/stores';
import { translations } from '../translation/adapters/stores';
import { mergeLazy } from '../platform/wiring/lazy';
import { s3Stores } from '../platform/wiring/s3-stores';
import { exports } from '../exports/adapters/stores';
import { inbound } from '../conversation/adapters/stores';
import {
  makeAccessLogHandler,
  makeAccessLogCsvHandler,
  makeRetentionHandler,
  makeHoldHandler,
  makeSubjectHandler,
  makeSubjectExportHandler,
  makeSubjectEraseHandler,
} from './privacy-handler';

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
  wire: withStores({ ...staffAuthStores, enquiries, events, outbox, keptMail }),
});

export const subjectExportRoute = /* @__PURE__ */ declareRoute({
  name: 'subjectExport',
  sizing: { memoryMiB: 512, timeoutSeconds: 15 },
  makeHandler: makeSubjectExportHandler,
  wire: withStores({ ...staffAuthStores, enquiries, events, outbox, keptMail }),
});

// Removes each enquiry with its history and mails, the mail kept apart from the address or about the enquiries, and the export files.
export const subjectEraseRoute = /* @__PURE__ */ declareRoute({
  name: 'subjectErase',
  sizing: { memoryMiB: 512, timeoutSeconds: 29 },
  makeHandler: makeSubjectEraseHandler,
  wire: (settings, base) =>
    mergeLazy(
      base,
      dynamoStores(settings, {}, base.clock, {
        ...staffAuthStores,
        enquiries,
        events,
        outbox,
        submissions,
        counters,
        erasures,
        aggregates,
        tagIndex,
        keptMail,
        translations,
      }),
      s3Stores(settings, {}, { exports, inbound }),
    ),
});

/** Scheduled (EventBridge, daily): removes enquiries past the retention period (shared/privacy/retention.ts), held ones kept. */
export const retentionJob = /* @__PURE__ */ declareBackground(
  'retention',
  { memoryMiB: 512, timeoutSeconds: 120 },
  () =>
    backgroundHandler(scheduledJobUses('retention'), (settings, base) => {
      const deps = mergeLazy(
        base,
        dynamoStores(settings, {}, base.clock, {
          enquiries,
          events,
          outbox,
          submissions,
          counters,
          erasures,
          aggregates,
          tagIndex,
          keptMail,
          translations,
        }),
        s3Stores(settings, {}, { exports, inbound }),
      );
      return async () => {
        const outcome = await runRetention(deps);
        deps.log.info('retention run', outcome);
        return outcome;
      };
    }),
);
