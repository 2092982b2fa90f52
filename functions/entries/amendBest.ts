import { makeAmendBestHandler } from '../packages/amend-best-handler';
import { lambdaEntry } from '../lambda';
import { dynamoStores, packages } from '../wiring/dynamodb';
import { mergeLazy } from '../wiring/lazy';

export const handler = lambdaEntry('amendBest', makeAmendBestHandler, (settings, base) => mergeLazy(base, dynamoStores(settings, {}, base.clock, { packages })));
