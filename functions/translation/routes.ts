/**
 * Translation: the scheduled job that makes the translations that are due,
 * declared once (functions/declarations.ts); how often it runs and what it
 * uses are in shared/resources.ts (SCHEDULED_JOBS).
 */
import { scheduledJobUses } from '../../shared/resources';
import { backgroundHandler, declareBackground } from '../declarations';
import { counters, dynamoStores, enquiries, events, translations } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';
import { translateDeps } from '../wiring/translate';
import { translateDue } from './translation-work';

/** Scheduled (EventBridge, every minute): the translations stored since the last run, and the retries that are due. */
export const translateJob = /* @__PURE__ */ declareBackground('translate', { memoryMiB: 512, timeoutSeconds: 120 }, () =>
  backgroundHandler(scheduledJobUses('translate'), (settings, base) => {
    const deps = mergeLazy(base, dynamoStores(settings, {}, base.clock, { translations, enquiries, events, counters }), translateDeps(settings, {}));
    return async () => {
      const outcome = await translateDue(deps);
      deps.log.info('translation run', outcome);
      return outcome;
    };
  }),
);
