/**
 * Working an enquiry: status, owner, notes, replies, the thread, the
 * visitor's messages read, and the reply templates and their versions: the
 * Lambda function of each route, declared once beside its handler
 * (functions/platform/declarations.ts). The route's method, path, access, roles
 * and resources are the wire contract's, in shared/routes.ts.
 */
import { declareRoute } from '../platform/declarations';
import { aggregates } from '../dashboard/adapters/stores';
import { counters, enquiries } from '../enquiries/adapters/stores';
import { dynamoStores, throttle, withStores } from '../platform/wiring/dynamodb-stores';
import { events, templateVersions, templates } from './adapters/stores';
import { outbox } from '../mail/adapters/stores';
import { inboundScans, sentMailIds } from '../conversation/adapters/stores';
import { staffAuthStores } from '../accounts/adapters/stores';
import { translations } from '../translation/adapters/stores';
import { mergeLazy } from '../platform/wiring/lazy';
import { s3Stores } from '../platform/wiring/s3-stores';
import { sesDeps } from '../mail/adapters/ses';
import {
  makeWorkHandler,
  makeNoteHandler,
  makeOwnersHandler,
  makeReplyHandler,
  makeSeenHandler,
  makeThreadHandler,
} from './enquiry-work-handler';
import {
  makeRestoreTemplateHandler,
  makeSaveTemplateHandler,
  makeTemplateHistoryHandler,
  makeTemplateVersionHandler,
  makeTemplatesHandler,
} from './templates/reply-templates-handler';

export const workRoute = /* @__PURE__ */ declareRoute({
  name: 'work',
  sizing: { memoryMiB: 512, timeoutSeconds: 10 },
  makeHandler: makeWorkHandler,
  wire: withStores({ ...staffAuthStores, enquiries, counters, events, aggregates }),
});

// A Scan of the tiny staff table.
export const ownersRoute = /* @__PURE__ */ declareRoute({
  name: 'owners',
  sizing: { memoryMiB: 512, timeoutSeconds: 10 },
  makeHandler: makeOwnersHandler,
  wire: withStores(staffAuthStores),
});

export const noteRoute = /* @__PURE__ */ declareRoute({
  name: 'note',
  sizing: { memoryMiB: 512, timeoutSeconds: 10 },
  makeHandler: makeNoteHandler,
  wire: withStores({ ...staffAuthStores, enquiries, counters, events, aggregates }),
});

// Records the reply, then waits MAIL_TIMEOUT_MS (3 s) for SES at most.
export const replyRoute = /* @__PURE__ */ declareRoute({
  name: 'reply',
  sizing: { memoryMiB: 512, timeoutSeconds: 15 },
  makeHandler: makeReplyHandler,
  wire: (settings, base) =>
    mergeLazy(
      base,
      dynamoStores(settings, {}, base.clock, {
        ...staffAuthStores,
        enquiries,
        counters,
        events,
        aggregates,
        outbox,
        throttle,
        sentMailIds,
      }),
      sesDeps(settings, {}),
    ),
});

// Reads the visitor's attachments' scan results from the inbound bucket's tags (GetObjectTagging, a few at a time).
export const threadRoute = /* @__PURE__ */ declareRoute({
  name: 'thread',
  sizing: { memoryMiB: 512, timeoutSeconds: 10 },
  makeHandler: makeThreadHandler,
  wire: (settings, base) =>
    mergeLazy(
      base,
      dynamoStores(settings, {}, base.clock, { ...staffAuthStores, enquiries, events, outbox, translations }),
      s3Stores(settings, {}, { inbound: inboundScans }),
    ),
});

// One conditional update of the enquiry: the visitor's messages read by its owner.
export const seenRoute = /* @__PURE__ */ declareRoute({
  name: 'seen',
  sizing: { memoryMiB: 512, timeoutSeconds: 10 },
  makeHandler: makeSeenHandler,
  wire: withStores({ ...staffAuthStores, enquiries }),
});

export const templatesRoute = /* @__PURE__ */ declareRoute({
  name: 'templates',
  sizing: { memoryMiB: 512, timeoutSeconds: 10 },
  makeHandler: makeTemplatesHandler,
  wire: withStores({ ...staffAuthStores, templates }),
});

export const saveTemplateRoute = /* @__PURE__ */ declareRoute({
  name: 'saveTemplate',
  sizing: { memoryMiB: 512, timeoutSeconds: 10 },
  makeHandler: makeSaveTemplateHandler,
  wire: withStores({ ...staffAuthStores, templates, templateVersions }),
});

export const templateHistoryRoute = /* @__PURE__ */ declareRoute({
  name: 'templateHistory',
  sizing: { memoryMiB: 512, timeoutSeconds: 10 },
  makeHandler: makeTemplateHistoryHandler,
  wire: withStores({ ...staffAuthStores, templates, templateVersions }),
});

export const templateVersionRoute = /* @__PURE__ */ declareRoute({
  name: 'templateVersion',
  sizing: { memoryMiB: 512, timeoutSeconds: 10 },
  makeHandler: makeTemplateVersionHandler,
  wire: withStores({ ...staffAuthStores, templates, templateVersions }),
});

export const restoreTemplateRoute = /* @__PURE__ */ declareRoute({
  name: 'restoreTemplate',
  sizing: { memoryMiB: 512, timeoutSeconds: 10 },
  makeHandler: makeRestoreTemplateHandler,
  wire: withStores({ ...staffAuthStores, templates, templateVersions }),
});
