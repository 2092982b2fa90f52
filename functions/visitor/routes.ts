/**
 * The visitor's page: the Lambda function of each route, declared
 * once beside its handler (functions/platform/declarations.ts). The route's method,
 * path, access, roles and resources are the wire contract's, in shared/routes.ts.
 */
import { declareRoute } from '../platform/declarations';
import { aggregates } from '../dashboard/adapters/stores';
import { counters, enquiries } from '../enquiries/adapters/stores';
import { dynamoStores, throttle, withStores } from '../platform/wiring/dynamodb-stores';
import { events } from '../work/adapters/stores';
import { outbox } from '../mail/adapters/stores';
import { sentMailIds } from '../conversation/adapters/stores';
import { staffAuthStores } from '../accounts/adapters/stores';
import { submissions } from '../intake/adapters/stores';
import { translations } from '../translation/adapters/stores';
import { mergeLazy } from '../platform/wiring/lazy';
import { sesDeps } from '../mail/adapters/ses';
import {
  makeReplaceVisitorLinkHandler,
  makeVisitorEnquiryHandler,
  makeVisitorMessageHandler,
} from './visitor-page-handler';

export const visitorEnquiryRoute = /* @__PURE__ */ declareRoute({
  name: 'visitorEnquiry',
  sizing: { memoryMiB: 512, timeoutSeconds: 10 },
  makeHandler: makeVisitorEnquiryHandler,
  wire: withStores({ enquiries, events, throttle }),
});

// Stores the message, then the enquiry reacts: its owner's notice waits MAIL_TIMEOUT_MS (3 s) for SES at most.
export const visitorMessageRoute = /* @__PURE__ */ declareRoute({
  name: 'visitorMessage',
  sizing: { memoryMiB: 512, timeoutSeconds: 15 },
  makeHandler: makeVisitorMessageHandler,
  wire: (settings, base) =>
    mergeLazy(
      base,
      dynamoStores(settings, {}, base.clock, {
        enquiries,
        events,
        throttle,
        submissions,
        counters,
        aggregates,
        outbox,
        sentMailIds,
        translations,
      }),
      sesDeps(settings, {}),
    ),
});

// Records the new link, then waits MAIL_TIMEOUT_MS (3 s) for SES at most.
export const replaceVisitorLinkRoute = /* @__PURE__ */ declareRoute({
  name: 'replaceVisitorLink',
  sizing: { memoryMiB: 512, timeoutSeconds: 15 },
  makeHandler: makeReplaceVisitorLinkHandler,
  wire: (settings, base) =>
    mergeLazy(
      base,
      dynamoStores(settings, {}, base.clock, { ...staffAuthStores, enquiries, events, outbox, throttle, sentMailIds }),
      sesDeps(settings, {}),
    ),
});
