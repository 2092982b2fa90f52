/**
 * Translation: the scheduled job that makes the translations that are due,
 * the staff route that asks for one again and the reply panel's preview
 * route, each declared once (functions/platform/declarations.ts); how often the job
 * runs and what each uses are in shared/resources.ts (SCHEDULED_JOBS) and
 * shared/routes.ts.
 */
import { scheduledJobUses } from '../../shared/resources';
import { backgroundHandler, declareBackground, declareRoute } from '../platform/declarations';
import { counters, enquiries } from '../enquiries/adapters/stores';
import { dynamoStores, throttle, withStores } from '../platform/wiring/dynamodb-stores';
import { events } from '../work/adapters/stores';
import { outbox } from '../mail/adapters/stores';
import { staffAuthStores } from '../accounts/adapters/stores';
import { translations } from './adapters/stores';
import { sesDeps } from '../mail/adapters/ses';
import { mergeLazy } from '../platform/wiring/lazy';
import { translateDeps } from './adapters/translate';
import { makeReplyPreviewHandler } from './staff/reply-preview-handler';
import { makeTranslateAgainHandler } from './staff/staff-translation-handler';
import { translateDue } from './translation-work';

/** Scheduled (EventBridge, every minute): the translations stored since the last run, and the retries that are due. */
export const translateJob = /* @__PURE__ */ declareBackground(
  'translate',
  { memoryMiB: 512, timeoutSeconds: 120 },
  () =>
    backgroundHandler(scheduledJobUses('translate'), (settings, base) => {
      // With the outbox and SES: it sends the staff notices waiting for its translations.
      const deps = mergeLazy(
        base,
        dynamoStores(settings, {}, base.clock, { translations, enquiries, events, counters, outbox, throttle }),
        translateDeps(settings, {}),
        sesDeps(settings, {}),
      );
      return async () => {
        const outcome = await translateDue(deps);
        deps.log.info('translation run', outcome);
        return outcome;
      };
    }),
);

// Reads the original when the translation has no job yet, and queues it: the job translates, never this route.
export const translateAgainRoute = /* @__PURE__ */ declareRoute({
  name: 'translateAgain',
  sizing: { memoryMiB: 512, timeoutSeconds: 10 },
  makeHandler: makeTranslateAgainHandler,
  wire: withStores({ ...staffAuthStores, enquiries, events, translations }),
});

// One call to the engine (the adapter splits a long text); the SDK's own retries fit well inside the timeout.
export const replyPreviewRoute = /* @__PURE__ */ declareRoute({
  name: 'replyPreview',
  sizing: { memoryMiB: 512, timeoutSeconds: 15 },
  makeHandler: makeReplyPreviewHandler,
  wire: (settings, base) =>
    mergeLazy(
      base,
      dynamoStores(settings, {}, base.clock, { ...staffAuthStores, enquiries, counters }),
      translateDeps(settings, {}),
    ),
});
