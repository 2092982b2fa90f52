import { makeDashboardCsvHandler } from '../dashboard/dashboard-handler';
import { lambdaEntry } from '../lambda';
import { dynamoStores, aggregates, staffAuthStores } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';

export const handler = lambdaEntry('dashboardCsv', makeDashboardCsvHandler, (settings, base) => mergeLazy(base, dynamoStores(settings, {}, base.clock, { ...staffAuthStores, aggregates })));
