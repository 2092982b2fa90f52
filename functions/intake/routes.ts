/**
 * The public enquiry form: the Lambda function of each route, declared once
 * beside its handler (functions/platform/declarations.ts). The route's method, path,
 * access, roles and resources are the wire contract's, in shared/routes.ts.
 */
import { declareRoute } from '../platform/declarations';
import { aggregates } from '../dashboard/adapters/stores';
import { counters, enquiries } from '../enquiries/adapters/stores';
import { dynamoStores, throttle } from '../platform/wiring/dynamodb-stores';
import { outbox } from '../mail/adapters/stores';
import { sentMailIds } from '../conversation/adapters/stores';
import { submissions } from './adapters/stores';
import { translations } from '../translation/adapters/stores';
import { mergeLazy } from '../platform/wiring/lazy';
import { sesDeps } from '../mail/adapters/ses';
import { makeSendmailHandler } from './sendmail-handler';

// Stores first, then waits MAIL_TIMEOUT_MS (3 s) for SES at most.
export const sendmailRoute = /* @__PURE__ */ declareRoute({
  name: 'sendmail',
  sizing: { memoryMiB: 512, timeoutSeconds: 15 },
  makeHandler: makeSendmailHandler,
  wire: (settings, base) =>
    mergeLazy(
      base,
      dynamoStores(settings, {}, base.clock, {
        enquiries,
        outbox,
        counters,
        submissions,
        throttle,
        aggregates,
        sentMailIds,
        translations,
      }),
      sesDeps(settings, {}),
    ),
});
