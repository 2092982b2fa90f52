import { makeHoldHandler } from '../privacy/privacy-handler';
import { lambdaEntry } from '../lambda';
import { dynamoStores, enquiries, staffAuthStores } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';

export const handler = lambdaEntry('hold', makeHoldHandler, (settings, base) => mergeLazy(base, dynamoStores(settings, {}, base.clock, { ...staffAuthStores, enquiries })));
