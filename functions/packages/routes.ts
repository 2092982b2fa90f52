/**
 * The BEST 3 packages: the public board and the staff editor with its images:
 * the Lambda function of each route, declared once beside its handler
 * (functions/platform/declarations.ts). The route's method, path, access, roles and
 * resources are the wire contract's, in shared/routes.ts.
 */
import { declareRoute } from '../platform/declarations';
import { dynamoStores, withStores } from '../platform/wiring/dynamodb-stores';
import { packages } from './adapters/stores';
import { staffAuthStores } from '../accounts/adapters/stores';
import { mergeLazy } from '../platform/wiring/lazy';
import { s3Stores } from '../platform/wiring/s3-stores';
import { images } from './adapters/stores';
import { makeAmendBestHandler } from './amend-best-handler';
import { makeFileuploadHandler } from './fileupload-handler';
import { makeModalinputHandler } from './modalinput-handler';
import { makePopupinputHandler } from './popupinput-handler';

export const amendBestRoute = /* @__PURE__ */ declareRoute({
  name: 'amendBest',
  sizing: { memoryMiB: 512, timeoutSeconds: 10 },
  makeHandler: makeAmendBestHandler,
  wire: withStores({ packages }),
});

export const fileuploadRoute = /* @__PURE__ */ declareRoute({
  name: 'fileupload',
  sizing: { memoryMiB: 512, timeoutSeconds: 10 },
  makeHandler: makeFileuploadHandler,
  wire: (settings, base) =>
    mergeLazy(base, dynamoStores(settings, {}, base.clock, staffAuthStores), s3Stores(settings, {}, { images })),
});

export const modalinputRoute = /* @__PURE__ */ declareRoute({
  name: 'modalinput',
  sizing: { memoryMiB: 512, timeoutSeconds: 15 },
  makeHandler: makeModalinputHandler,
  wire: (settings, base) =>
    mergeLazy(
      base,
      dynamoStores(settings, {}, base.clock, { ...staffAuthStores, packages }),
      s3Stores(settings, {}, { images }),
    ),
});

export const popupinputRoute = /* @__PURE__ */ declareRoute({
  name: 'popupinput',
  sizing: { memoryMiB: 512, timeoutSeconds: 15 },
  makeHandler: makePopupinputHandler,
  wire: (settings, base) =>
    mergeLazy(
      base,
      dynamoStores(settings, {}, base.clock, { ...staffAuthStores, packages }),
      s3Stores(settings, {}, { images }),
    ),
});
