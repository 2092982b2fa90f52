/**
 * Mail: the scheduled job that retries the mails whose send failed, declared
 * once beside its code (functions/platform/declarations.ts); how often it runs and
 * what it uses are in shared/routes.ts (SCHEDULED_JOBS).
 */
import { scheduledJobUses } from '../../shared/resources';
import { backgroundHandler, declareBackground } from '../platform/declarations';
import { dynamoStores, throttle } from '../platform/wiring/dynamodb-stores';
import { enquiries } from '../enquiries/adapters/stores';
import { outbox } from './adapters/stores';
import { sentMailIds } from '../conversation/adapters/stores';
import { translations } from '../translation/adapters/stores';
import { events } from '../work/adapters/stores';
import { mergeLazy } from '../platform/wiring/lazy';
import { sesDeps } from './adapters/ses';
import { retryDueMail } from './outbox/mail-delivery';

/** Scheduled (EventBridge): retries the staff mail of stored enquiries whose first send failed. */
export const retryMailJob = /* @__PURE__ */ declareBackground(
  'retryMail',
  { memoryMiB: 512, timeoutSeconds: 120 },
  () =>
    backgroundHandler(scheduledJobUses('retryMail'), (settings, base) => {
      const deps = mergeLazy(
        base,
        dynamoStores(settings, {}, base.clock, { enquiries, outbox, throttle, sentMailIds, translations, events }),
        sesDeps(settings, {}),
      );
      return async () => {
        const outcome = await retryDueMail(deps);
        deps.log.info('mail retry run', outcome);
        return outcome;
      };
    }),
);
