/**
 * Merging duplicate enquiries: the Lambda function of each route, declared
 * once beside its handler (functions/platform/declarations.ts). The route's
 * method, path, access, roles and resources are the wire contract's, in
 * shared/merging/merging-routes.ts.
 */
import { declareRoute } from '../platform/declarations';
import { enquiries } from '../enquiries/adapters/stores';
import { staffAuthStores } from '../accounts/adapters/stores';
import { withStores } from '../platform/wiring/dynamodb-stores';
import { makeRelatedEnquiriesHandler } from './related-handler';

export const relatedEnquiriesRoute = /* @__PURE__ */ declareRoute({
  name: 'relatedEnquiries',
  sizing: { memoryMiB: 512, timeoutSeconds: 10 },
  makeHandler: makeRelatedEnquiriesHandler,
  wire: withStores({ ...staffAuthStores, enquiries }),
});
