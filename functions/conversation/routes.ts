/**
 * The conversation: the function that files each mail received for the
 * inbound domain, the kept mail box's routes and the staff download of a
 * visitor's attachment, each declared once (functions/platform/declarations.ts). What
 * the receiver uses is MAIL_RECEIVERS' in shared/resources.ts, a route's is
 * its entry in shared/routes.ts. A feature of its own, so the MIME parser and
 * the reply parser are in the bundles of the receiver and of the routes that
 * read a kept mail (`parsesMail`), and in no other.
 */
import type { SESEvent } from 'aws-lambda';
import { mailReceiverUses } from '../../shared/resources';
import { backgroundHandler, declareBackground, declareRoute } from '../platform/declarations';
import { aggregates } from '../dashboard/adapters/stores';
import { counters, enquiries } from '../enquiries/adapters/stores';
import { dynamoStores, throttle, withStores } from '../platform/wiring/dynamodb-stores';
import { events } from '../work/adapters/stores';
import { keptMail, sentMailIds } from './adapters/stores';
import { outbox } from '../mail/adapters/stores';
import { staffAuthStores } from '../accounts/adapters/stores';
import { translations } from '../translation/adapters/stores';
import { sesDeps } from '../mail/adapters/ses';
import { translateDeps } from '../translation/adapters/translate';
import { mergeLazy } from '../platform/wiring/lazy';
import { s3Stores } from '../platform/wiring/s3-stores';
import { inbound } from './adapters/stores';
import { makeAttachmentLinkHandler } from './kept-mail/attachment-download-handler';
import { processInboundMessage } from './inbound-processing';
import { receivedFromSes } from './receiving/ses-receipt';
import {
  makeAttachKeptMailHandler,
  makeDiscardKeptMailHandler,
  makeKeptMailHandler,
  makeKeptMailTextHandler,
  makeKeptMailTranslationHandler,
} from './kept-mail/kept-mail-handler';
import { makeKeptMailRawHandler } from './kept-mail/kept-mail-raw-handler';

// Reads one thread, then signs a link (no call to S3).
export const attachmentLinkRoute = /* @__PURE__ */ declareRoute({
  name: 'attachmentLink',
  sizing: { memoryMiB: 512, timeoutSeconds: 10 },
  makeHandler: makeAttachmentLinkHandler,
  wire: (settings, base) =>
    mergeLazy(
      base,
      dynamoStores(settings, {}, base.clock, { ...staffAuthStores, enquiries, events }),
      s3Stores(settings, {}, { inbound }),
    ),
});

/**
 * Invoked by SES receiving (asynchronously), one message a time as SES does.
 * A failure throws: Lambda tries again, and the raw message stays in the bucket.
 */
export const receiveMail = /* @__PURE__ */ declareBackground(
  'receiveMail',
  { memoryMiB: 1024, timeoutSeconds: 60 },
  () =>
    backgroundHandler(mailReceiverUses('receiveMail'), (settings, base) => {
      const deps = mergeLazy(
        base,
        dynamoStores(settings, {}, base.clock, {
          enquiries,
          events,
          throttle,
          keptMail,
          sentMailIds,
          counters,
          aggregates,
          outbox,
          translations,
        }),
        s3Stores(settings, {}, { inbound }),
        sesDeps(settings, {}),
      );
      return async (event: SESEvent) => {
        const outcomes = [];
        for (const mail of receivedFromSes(event)) outcomes.push(await processInboundMessage(deps, mail));
        return outcomes.map(({ outcome, firstTime, ...rest }) => ({
          outcome,
          firstTime,
          ...('box' in rest ? { box: rest.box, reason: rest.reason } : { postIndex: rest.postIndex }),
        }));
      };
    }),
);

export const keptMailRoute = /* @__PURE__ */ declareRoute({
  name: 'keptMail',
  sizing: { memoryMiB: 512, timeoutSeconds: 10 },
  makeHandler: makeKeptMailHandler,
  // Wired in a function, never at the top level: the receiver's bundle, made from this file, then leaves staff auth out.
  wire: (settings, base) => withStores({ ...staffAuthStores, keptMail, enquiries })(settings, base),
});

// Parses a raw message of up to INBOUND_MAX_BYTES, as the receiver does (its memory).
export const keptMailTextRoute = /* @__PURE__ */ declareRoute({
  name: 'keptMailText',
  sizing: { memoryMiB: 1024, timeoutSeconds: 15 },
  makeHandler: makeKeptMailTextHandler,
  wire: (settings, base) =>
    mergeLazy(
      base,
      dynamoStores(settings, {}, base.clock, { ...staffAuthStores, keptMail }),
      s3Stores(settings, {}, { inbound }),
    ),
});

// Parses the raw message, then one call to the engine (the adapter splits a long text; its own time-outs and two attempts).
export const keptMailTranslationRoute = /* @__PURE__ */ declareRoute({
  name: 'keptMailTranslation',
  sizing: { memoryMiB: 1024, timeoutSeconds: 20 },
  makeHandler: makeKeptMailTranslationHandler,
  wire: (settings, base) =>
    mergeLazy(
      base,
      dynamoStores(settings, {}, base.clock, { ...staffAuthStores, keptMail, counters, throttle }),
      s3Stores(settings, {}, { inbound }),
      translateDeps(settings, {}),
    ),
});

// Parses and files the message, then the enquiry reacts: its owner's notice waits MAIL_TIMEOUT_MS (3 s) for SES at most.
export const attachKeptMailRoute = /* @__PURE__ */ declareRoute({
  name: 'attachKeptMail',
  sizing: { memoryMiB: 1024, timeoutSeconds: 20 },
  makeHandler: makeAttachKeptMailHandler,
  wire: (settings, base) =>
    mergeLazy(
      base,
      dynamoStores(settings, {}, base.clock, {
        ...staffAuthStores,
        keptMail,
        enquiries,
        events,
        counters,
        aggregates,
        outbox,
        sentMailIds,
        throttle,
        translations,
      }),
      s3Stores(settings, {}, { inbound }),
      sesDeps(settings, {}),
    ),
});

// Reads one kept item and one object's tag, then signs a link.
export const keptMailRawRoute = /* @__PURE__ */ declareRoute({
  name: 'keptMailRaw',
  sizing: { memoryMiB: 512, timeoutSeconds: 10 },
  makeHandler: makeKeptMailRawHandler,
  wire: (settings, base) =>
    mergeLazy(
      base,
      dynamoStores(settings, {}, base.clock, { ...staffAuthStores, keptMail }),
      s3Stores(settings, {}, { inbound }),
    ),
});

export const discardKeptMailRoute = /* @__PURE__ */ declareRoute({
  name: 'discardKeptMail',
  sizing: { memoryMiB: 512, timeoutSeconds: 10 },
  makeHandler: makeDiscardKeptMailHandler,
  wire: (settings, base) =>
    mergeLazy(
      base,
      dynamoStores(settings, {}, base.clock, { ...staffAuthStores, keptMail }),
      s3Stores(settings, {}, { inbound }),
    ),
});
