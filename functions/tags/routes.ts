/**
 * Tags on enquiries: the Lambda function of each route, declared once beside
 * its handler (functions/platform/declarations.ts). The route's method, path, access,
 * roles and resources are the wire contract's, in shared/routes.ts.
 */
import { declareRoute } from '../platform/declarations';
import { enquiries } from '../enquiries/adapters/stores';
import { events } from '../work/adapters/stores';
import { staffAuthStores } from '../accounts/adapters/stores';
import { tagIndex } from './adapters/stores';
import { withStores } from '../platform/wiring/dynamodb-stores';
import { makeTagsHandler, makeTagsInUseHandler } from './tags-handler';

export const tagsRoute = /* @__PURE__ */ declareRoute({
  name: 'tags',
  sizing: { memoryMiB: 512, timeoutSeconds: 10 },
  makeHandler: makeTagsHandler,
  wire: withStores({ ...staffAuthStores, enquiries, tagIndex, events }),
});

export const tagsInUseRoute = /* @__PURE__ */ declareRoute({
  name: 'tagsInUse',
  sizing: { memoryMiB: 512, timeoutSeconds: 10 },
  makeHandler: makeTagsInUseHandler,
  wire: withStores({ ...staffAuthStores, tagIndex }),
});
