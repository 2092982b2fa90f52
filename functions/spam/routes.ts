/**
 * Suspected spam: the Lambda function of each route, declared once beside
 * its handler (functions/platform/declarations.ts). The route's method, path,
 * access, roles and resources are the wire contract's, in
 * shared/spam/spam-routes.ts.
 */
import { declareRoute } from '../platform/declarations';
import { staffAuthStores } from '../accounts/adapters/stores';
import { aggregates } from '../dashboard/adapters/stores';
import { counters, enquiries } from '../enquiries/adapters/stores';
import { outbox } from '../mail/adapters/stores';
import { sesDeps } from '../mail/adapters/ses';
import { sentMailIds } from '../conversation/adapters/stores';
import { translations } from '../translation/adapters/stores';
import { events } from '../work/adapters/stores';
import { mergeLazy } from '../platform/wiring/lazy';
import { dynamoStores, throttle, withStores } from '../platform/wiring/dynamodb-stores';
import { makeMarkGenuineHandler, makeSpamWaitingHandler } from './spam-handlers';

export const spamWaitingRoute = /* @__PURE__ */ declareRoute({
  name: 'spamWaiting',
  sizing: { memoryMiB: 512, timeoutSeconds: 10 },
  makeHandler: makeSpamWaitingHandler,
  wire: withStores({ ...staffAuthStores, counters }),
});

// Files the enquiry as the send route does (functions/intake/routes.ts): then waits MAIL_TIMEOUT_MS for SES at most.
export const markGenuineRoute = /* @__PURE__ */ declareRoute({
  name: 'markGenuine',
  sizing: { memoryMiB: 512, timeoutSeconds: 15 },
  makeHandler: makeMarkGenuineHandler,
  wire: (settings, base) =>
    mergeLazy(
      base,
      dynamoStores(settings, {}, base.clock, {
        ...staffAuthStores,
        enquiries,
        counters,
        events,
        outbox,
        throttle,
        aggregates,
        sentMailIds,
        translations,
      }),
      sesDeps(settings, {}),
    ),
});
