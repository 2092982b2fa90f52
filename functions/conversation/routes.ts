/**
 * The conversation: the function that files each mail received for the
 * inbound domain, and the staff download of a visitor's attachment, each
 * declared once (functions/declarations.ts). What the receiver uses is
 * MAIL_RECEIVERS' in shared/resources.ts, a route's is its entry in
 * shared/routes.ts. A feature of its own, so the MIME parser and the reply
 * parser are in its bundle and in no route's.
 */
import type { SESEvent } from 'aws-lambda';
import { mailReceiverUses } from '../../shared/resources';
import { backgroundHandler, declareBackground, declareRoute } from '../declarations';
import { aggregates, counters, dynamoStores, enquiries, events, keptMail, outbox, sentMailIds, staffAuthStores, throttle } from '../wiring/dynamodb';
import { sesDeps } from '../wiring/ses';
import { mergeLazy } from '../wiring/lazy';
import { s3Deps } from '../wiring/s3';
import { makeAttachmentLinkHandler } from './attachment-download-handler';
import { processInboundMessage } from './inbound-processing';
import { receivedFromSes } from './ses-receipt';

// Reads one thread, then signs a link (no call to S3).
export const attachmentLinkRoute = /* @__PURE__ */ declareRoute({
  name: 'attachmentLink',
  sizing: { memoryMiB: 512, timeoutSeconds: 10 },
  makeHandler: makeAttachmentLinkHandler,
  wire: (settings, base) => mergeLazy(base, dynamoStores(settings, {}, base.clock, { ...staffAuthStores, enquiries, events }), s3Deps(settings, {})),
});

/**
 * Invoked by SES receiving (asynchronously), one message a time as SES does.
 * A failure throws: Lambda tries again, and the raw message stays in the bucket.
 */
export const receiveMail = /* @__PURE__ */ declareBackground('receiveMail', { memoryMiB: 1024, timeoutSeconds: 60 }, () =>
  backgroundHandler(mailReceiverUses('receiveMail'), (settings, base) => {
    const deps = mergeLazy(base, dynamoStores(settings, {}, base.clock, { enquiries, events, throttle, keptMail, sentMailIds, counters, aggregates, outbox }), s3Deps(settings, {}), sesDeps(settings, {}));
    return async (event: SESEvent) => {
      const outcomes = [];
      for (const mail of receivedFromSes(event)) outcomes.push(await processInboundMessage(deps, mail));
      return outcomes.map(({ outcome, firstTime, ...rest }) => ({ outcome, firstTime, ...('box' in rest ? { box: rest.box, reason: rest.reason } : { postIndex: rest.postIndex }) }));
    };
  }),
);
