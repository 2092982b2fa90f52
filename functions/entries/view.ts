import { makeViewHandler } from '../enquiries/view-handler';
import { lambdaEntry } from '../lambda';
import { dynamoStores, counters, enquiries, staffAuthStores } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';

export const handler = lambdaEntry('view', makeViewHandler, (settings, base) => mergeLazy(base, dynamoStores(settings, {}, base.clock, { ...staffAuthStores, enquiries, counters })));
