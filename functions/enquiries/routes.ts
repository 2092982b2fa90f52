/**
 * Reading enquiries: the message box and the detail: the Lambda function of
 * each route, declared once beside its handler (functions/platform/declarations.ts).
 * The route's method, path, access, roles and resources are the wire
 * contract's, in shared/routes.ts.
 */
import { declareRoute } from '../platform/declarations';
import { enquiries, listReadingStores } from './adapters/stores';
import { staffAuthStores } from '../accounts/adapters/stores';
import { translations } from '../translation/adapters/stores';
import { withStores } from '../platform/wiring/dynamodb-stores';
import { makeViewHandler } from './view-handler';
import { makeDetailHandler } from './detail-handler';

export const viewRoute = /* @__PURE__ */ declareRoute({
  name: 'view',
  sizing: { memoryMiB: 512, timeoutSeconds: 15 },
  makeHandler: makeViewHandler,
  wire: withStores({ ...staffAuthStores, ...listReadingStores, translations }),
});

export const detailRoute = /* @__PURE__ */ declareRoute({
  name: 'detail',
  sizing: { memoryMiB: 512, timeoutSeconds: 10 },
  makeHandler: makeDetailHandler,
  wire: withStores({ ...staffAuthStores, enquiries, translations }),
});
