import { makeDetailHandler } from '../enquiries/detail-handler';
import { lambdaEntry } from '../lambda';
import { dynamoStores, enquiries, staffAuthStores } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';

export const handler = lambdaEntry('detail', makeDetailHandler, (settings, base) => mergeLazy(base, dynamoStores(settings, {}, base.clock, { ...staffAuthStores, enquiries })));
