/**
 * The staff dashboard: the Lambda function of each route, declared once beside
 * its handler (functions/platform/declarations.ts). The route's method, path, access,
 * roles and resources are the wire contract's, in shared/routes.ts.
 */
import { declareRoute } from '../platform/declarations';
import { aggregates } from './adapters/stores';
import { counters } from '../enquiries/adapters/stores';
import { staffAuthStores } from '../accounts/adapters/stores';
import { withStores } from '../platform/wiring/dynamodb-stores';
import { makeDashboardHandler, makeDashboardCsvHandler } from './dashboard-handler';

// Both read at most about a hundred aggregate items (one BatchGetItem), whatever the number of enquiries;
// the page reads the day's machine-translation counter too (one GetItem).
export const dashboardRoute = /* @__PURE__ */ declareRoute({
  name: 'dashboard',
  sizing: { memoryMiB: 512, timeoutSeconds: 10 },
  makeHandler: makeDashboardHandler,
  wire: withStores({ ...staffAuthStores, aggregates, counters }),
});

export const dashboardCsvRoute = /* @__PURE__ */ declareRoute({
  name: 'dashboardCsv',
  sizing: { memoryMiB: 512, timeoutSeconds: 10 },
  makeHandler: makeDashboardCsvHandler,
  wire: withStores({ ...staffAuthStores, aggregates }),
});
